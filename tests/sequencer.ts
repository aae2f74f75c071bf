import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds each file took in a full run on the 2-core machine, by `<project>:<path>`. */
const RECORDED: Record<string, number> = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8'))

/**
 * The longest files first in each phase (sequence.groupOrder), so that a phase does not end with one long file running
 * alone while the other workers wait. A file's length is Vitest's record of its last run where there is one (a
 * developer's machine), else tests/durations.json: a fresh clone, as CI is, has no record, and Vitest would order it by
 * file size, which started the 90-second fuzz file last. A file known to neither (a new one) goes first, as Vitest does.
 *
 * The files of a project whose workers share one module graph (isolate: false) stay together, longest first within the
 * project, the projects ordered by their longest file: Vitest's pool keeps a worker for the next file only when the
 * next file in its queue is of the same project, and stops it otherwise, so files of two such projects taken in turn by
 * length each started a worker of their own and loaded the modules again. The projects of short files (the unit files,
 * the repositories' run on PostgreSQL) end the phase.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`
      const last = this.ctx.cache.getFileTestResults(key)
      // A new file, known to neither, counts as the longest.
      return last ? last.duration / 1000 : (RECORDED[key] ?? 1e6)
    }
    // The shared projects in order of their longest file; files of isolated projects mix by length before them.
    const longest = new Map<string, number>()
    for (const file of files) longest.set(file.project.name, Math.max(longest.get(file.project.name) ?? 0, seconds(file)))
    const shared = [...longest].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([name]) => name)
    const block = (file: TestSpecification) => (file.project.config.isolate ? -1 : shared.indexOf(file.project.name))
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || block(a) - block(b) || seconds(b) - seconds(a),
    )
  }
}
