import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '../server/trpc/router.ts'
import { createAdmin, signIn } from './helpers/admin.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

/** The only admin procedures that answer without a session: they sign in, out, or recover a password. */
const OPEN = new Set([
  'admin.auth.me',
  'admin.auth.signIn',
  'admin.auth.signOut',
  'admin.auth.requestPasswordReset',
  'admin.auth.verifyResetToken',
  'admin.auth.updatePassword',
])

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; procedure: true } }

/** Every procedure under a router record, with its dotted path. */
function walk(record: Record<string, unknown>, prefix: string): Array<{ path: string; type: string }> {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = `${prefix}${key}`
    const def = (value as Partial<Procedure>)._def
    if (def?.procedure) return [{ path, type: def.type }]
    const nested = (value as { _def?: { record?: Record<string, unknown> } })._def?.record ?? (value as Record<string, unknown>)
    return walk(nested, `${path}.`)
  })
}
const adminProcedures = walk(appRouter._def.record as Record<string, unknown>, '').filter(({ path }) => path.startsWith('admin.'))
const guarded = adminProcedures.filter(({ path }) => !OPEN.has(path))

let server: RunningServer
let expiredCookie: string

beforeAll(async () => {
  server = await startServer()
  await createAdmin(server.databasePath, 'admin@artigianimilano.it', 'password sicura')
  const { cookie } = await signIn(server.url, 'admin@artigianimilano.it', 'password sicura')
  const sqlite = new Database(server.databasePath)
  sqlite.prepare('update admin_sessions set expires_at = ? where id = ?').run(Math.floor(Date.now() / 1000) - 60, cookie.split('=')[1])
  sqlite.close()
  expiredCookie = cookie
})
afterAll(async () => {
  await server?.stop()
})

async function call(path: string, type: string, cookie?: string) {
  const headers: Record<string, string> = { 'x-trpc-source': 'test', ...(cookie ? { cookie } : {}) }
  const response =
    type === 'query'
      ? await fetch(`${server.url}/trpc/${path}`, { headers })
      : await fetch(`${server.url}/trpc/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })
  const body = (await response.json()) as { error?: { data?: { code?: string } } }
  return { status: response.status, code: body.error?.data?.code }
}

describe('the admin router', () => {
  it('has the expected shape (guards against walking an empty list)', () => {
    expect(adminProcedures.map((p) => p.path)).toEqual(expect.arrayContaining([...OPEN]))
    expect(guarded.length).toBeGreaterThan(0)
  })

  it('answers UNAUTHORIZED to an anonymous caller on every procedure but sign-in and recovery', async () => {
    for (const { path, type } of guarded) {
      expect({ path, ...(await call(path, type)) }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' })
    }
  })

  it('answers UNAUTHORIZED to an expired session on every procedure but sign-in and recovery', async () => {
    for (const { path, type } of guarded) {
      expect({ path, ...(await call(path, type, expiredCookie)) }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' })
    }
  })
})
