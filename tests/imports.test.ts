import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Paths that leave their top-level folder use the imports map of package.json (`#src/*`, `#server/*`, ...);
// relative imports stay inside their folder and climb at most one level. The browser code reaches the server
// only for the AppRouter type.
const root = path.resolve(import.meta.dirname, '..')
const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.endsWith('routeTree.gen.ts'))
const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g

function importsOf(file: string) {
  return [...readFileSync(path.join(root, file), 'utf8').matchAll(specifier)].map((match) => match[2] as string)
}

describe('imports', () => {
  it('never climb out of their top-level folder, nor more than one level', () => {
    const offenders: string[] = []
    for (const file of sources) {
      const top = file.split('/')[0]
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
        if (target.split('/')[0] !== top || spec.startsWith('../../')) offenders.push(`${file}: ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('keep the browser code away from the server and the database, but for the router type', () => {
    const offenders: string[] = []
    for (const file of sources.filter((name) => /^(src|shared)\//.test(name) && !/\.test\.tsx?$/.test(name))) {
      const text = readFileSync(path.join(root, file), 'utf8')
      for (const spec of importsOf(file)) {
        if (!/^#(server|db)\//.test(spec)) continue
        if (spec === '#server/trpc/router.ts' && new RegExp(`import type \\{ AppRouter \\} from '${spec}'`).test(text)) continue
        offenders.push(`${file}: ${spec}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('resolve through the imports map to files that exist', () => {
    const map = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports as Record<string, string>
    const missing: string[] = []
    for (const file of sources) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('#')) continue
        const [key, target] = Object.entries(map).find(([pattern]) => spec.startsWith(pattern.replace('*', ''))) ?? []
        if (!key || !target) missing.push(`${file}: ${spec} (not in the map)`)
        else if (!sources.includes(path.posix.normalize(target.replace('*', spec.slice(key.length - 1))))) missing.push(`${file}: ${spec}`)
      }
    }
    expect(missing).toEqual([])
  })
})

// A table whose rows several features add and remove has one module that writes it, so its rules (which reason wins,
// what a removal returns) live in one place.
const TABLE_WRITERS = { email_suppressions: 'server/repositories/suppressions.ts' }

describe('table writers', () => {
  it.each(Object.entries(TABLE_WRITERS))('%s is written by %s alone', (table, writer) => {
    const write = new RegExp(
      `\\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*['"\`]${table}\\b|\\b(?:insert(?:\\s+or\\s+\\w+)?\\s+into|update|delete\\s+from|merge\\s+into)\\s+"?${table}\\b`,
      'i',
    )
    const offenders = sources.filter((file) => /^(server|db)\//.test(file) && file !== writer && write.test(readFileSync(path.join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})
