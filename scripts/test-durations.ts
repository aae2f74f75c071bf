/**
 * Rewrites tests/durations.json from Vitest's record of the last run (node_modules/.vite/vitest/…/results.json): the
 * seconds each file took, by `<project>:<path>`, for every file the suite has. Run it after a full `npm test` on the
 * 2-core machine; tests/sequencer.ts starts the longest files first from it on a fresh clone, where a file it does not
 * name counts as new and the longest (tests/durations.test.ts checks that it names every file).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const cacheDir = path.join(root, 'node_modules/.vite/vitest')
const records = fs
  .readdirSync(cacheDir)
  .map((dir) => path.join(cacheDir, dir, 'results.json'))
  .filter((file) => fs.existsSync(file))
if (records.length !== 1) throw new Error(`expected one results.json under ${cacheDir}, found ${records.length}`)
const { results } = JSON.parse(fs.readFileSync(records[0]!, 'utf8')) as { results: [string, { duration: number }][] }
const listed = JSON.parse(execFileSync('npx', ['vitest', 'list', '--filesOnly', '--json'], { cwd: root, encoding: 'utf8' })) as {
  file: string
  projectName: string
}[]
const current = new Set(listed.map(({ file, projectName }) => `${projectName}:${path.relative(root, file)}`))
const recorded = new Map(results)
const missing = [...current].filter((key) => !recorded.has(key))
if (missing.length > 0) throw new Error(`no record of the last run of ${missing.join(', ')}: run them (npm test), then this again`)
const seconds = [...current]
  .map((key) => [key, Math.round(recorded.get(key)!.duration / 100) / 10] as const)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
fs.writeFileSync(path.join(root, 'tests/durations.json'), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`)
console.log(`tests/durations.json: ${seconds.length} files`)
