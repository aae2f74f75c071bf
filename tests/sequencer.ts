import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds each file took in a full run on the 2-core machine, by `<project>:<path>`. */
const RECORDED: Record<string, number> = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8'))

/**
 * The longest files first in each phase (sequence.groupOrder), whatever their project, so that a phase does not end with
 * one long file running alone while the other workers wait. A file's length is Vitest's record of its last run where
 * there is one (a developer's machine), else tests/durations.json: a fresh clone, as CI is, has no record, and Vitest
 * would order it by file size, which started the 90-second fuzz file last. A file known to neither (a new one) goes
 * first, as Vitest does. Files of projects that share modules between files (isolate: false) come first, together so
 * that a worker goes on with the same modules, and sorted the same way: at the end, the longest of them (a unit file of
 * 10 s) ran alone while the browser files waited for it.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`
      const last = this.ctx.cache.getFileTestResults(key)
      // A new file, known to neither, counts as the longest.
      return last ? last.duration / 1000 : (RECORDED[key] ?? 1e6)
    }
    const isolated = (file: TestSpecification) => (file.project.config.isolate ? 1 : 0)
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || isolated(a) - isolated(b) || seconds(b) - seconds(a),
    )
  }
}
