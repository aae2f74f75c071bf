import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, signIn } from '../helpers/admin.ts'
import { type InProcessSite, startApp } from '../helpers/app.ts'
import { countRows, validContact, validQuote } from '../helpers/requests.ts'

let server: InProcessSite
let cookie: string

const EMAIL = 'admin@artigianimilano.it'
const PASSWORD = 'Cantiere-Navigli-2026'

beforeAll(async () => {
  server = await startApp({ RATE_LIMIT_MAX: '1000' })
  return () => server.stop()
})
beforeAll(async () => {
  await createAdmin(server.databasePath, EMAIL, PASSWORD)
  ;({ cookie } = await signIn(server.url, EMAIL, PASSWORD))
})

/** What any checked sign-in leaves: rows of the login tables and the throttle's counters. */
function loginAttempts(): number {
  const db = new Database(server.databasePath, { readonly: true })
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name like 'login%'").all() as { name: string }[]
    const rows = tables.reduce((sum, { name }) => sum + (db.prepare(`select count(*) as n from ${name}`).get() as { n: number }).n, 0)
    return rows + (db.prepare('select coalesce(sum(count), 0) as n from auth_throttle').get() as { n: number }).n
  } finally {
    db.close()
  }
}

/** A tRPC batch of `inputs.length` calls of `procedure` in one POST, as httpBatchLink sends it. */
function batchPost(procedure: string, inputs: unknown[], headers: Record<string, string> = {}) {
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]))
  return fetch(`${server.url}/trpc/${Array(inputs.length).fill(procedure).join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test', ...headers },
    body: JSON.stringify(body),
  })
}

describe('tRPC batching', () => {
  it.each([2, 10, 100])('refuses a batch of %i sign-in attempts whole: none is checked, none is counted', async (size) => {
    const before = loginAttempts()
    const response = await batchPost(
      'admin.auth.signIn',
      Array.from({ length: size }, (_, i) => ({ email: EMAIL, password: `sbagliata-${i}` })),
    )
    // 414 when the batch's procedure names alone make the address longer than any real one.
    expect([400, 414]).toContain(response.status)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(loginAttempts()).toBe(before)
  })

  it('checks and counts one wrong attempt sent alone, unbatched, which the batches above would have shown', async () => {
    const before = loginAttempts()
    const response = await fetch(`${server.url}/trpc/admin.auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
      body: JSON.stringify({ email: EMAIL, password: 'sbagliata-sola' }),
    })
    expect(response.status).toBe(401)
    expect(loginAttempts()).toBeGreaterThan(before)
  })

  it.each([2, 10, 100])('refuses a batch of %i public form submissions and stores nothing', async (size) => {
    const before = countRows(server.databasePath)
    for (const [procedure, input] of [
      ['requests.quote', validQuote()],
      ['requests.contact', validContact()],
      ['requests.captcha', undefined],
    ] as const) {
      const response =
        procedure === 'requests.captcha'
          ? await fetch(`${server.url}/trpc/${Array(size).fill(procedure).join(',')}?batch=1&input=${encodeURIComponent('{}')}`, {
              headers: { 'x-trpc-source': 'test' },
            })
          : await batchPost(procedure, Array(size).fill({ ...input, captchaToken: 'x', captchaAnswer: '1' }))
      expect([400, 414], procedure).toContain(response.status)
    }
    expect(countRows(server.databasePath)).toEqual(before)
  })

  it('refuses a batch that mixes a public or sign-in call into back-office calls', async () => {
    for (const mixed of ['admin.dashboard.stats,admin.auth.signIn', 'admin.dashboard.stats,requests.captcha', 'site.home,admin.dashboard.stats']) {
      const response = await fetch(`${server.url}/trpc/${mixed}?batch=1&input=${encodeURIComponent('{}')}`, { headers: { cookie, 'x-trpc-source': 'test' } })
      expect(response.status, mixed).toBe(400)
    }
  })

  it('answers a back-office batch of up to 10 calls for a signed-in administrator, and refuses 11', async () => {
    const batch = (size: number) =>
      fetch(`${server.url}/trpc/${Array(size).fill('admin.auth.me').join(',')}?batch=1&input=${encodeURIComponent('{}')}`, {
        headers: { cookie, 'x-trpc-source': 'test' },
      })
    const ten = await fetch(`${server.url}/trpc/${Array(10).fill('admin.dashboard.stats').join(',')}?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { cookie, 'x-trpc-source': 'test' },
    })
    expect(ten.status).toBe(200)
    expect((await ten.json()).length).toBe(10)
    const eleven = await fetch(`${server.url}/trpc/${Array(11).fill('admin.dashboard.stats').join(',')}?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { cookie, 'x-trpc-source': 'test' },
    })
    expect(eleven.status).toBe(400)
    expect((await batch(2)).status).toBe(400)
  })
})
