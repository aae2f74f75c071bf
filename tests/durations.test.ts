import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/**
 * tests/sequencer.ts orders a fresh clone's run (CI's) from tests/durations.json and counts a file the record does not
 * name as new, hence the longest: a record that left out the short files started them all before the longest ones,
 * which then ran last, each alone on its worker.
 */
it('tests/durations.json gives the seconds of every file the suite runs (npm run test:durations rewrites it)', () => {
  const listed = JSON.parse(
    execFileSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly', '--json'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    }),
  ) as { file: string; projectName: string }[]
  const recorded = JSON.parse(fs.readFileSync(path.join(root, 'tests/durations.json'), 'utf8')) as Record<string, number>
  const keys = listed.map(({ file, projectName }) => `${projectName}:${path.relative(root, file)}`)
  expect(keys.length).toBeGreaterThan(100)
  expect(keys.filter((key) => typeof recorded[key] !== 'number')).toEqual([])
})
