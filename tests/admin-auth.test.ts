import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, errorOf, nextTotpCode, signIn, trpcClient } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { changeRows, countRowsOf, readRows } from './helpers/database.ts'

const EMAIL = 'admin@artigianimilano.it'
const PASSWORD = 'Una password lunga 2026'

let server: InProcessSite

// One account per group of tests: each TOTP code works once, and three are usable at any moment.
const SESSIONS = 'sessioni@artigianimilano.it'
const CHANGES = 'cambi@artigianimilano.it'
const RULES = 'regole@artigianimilano.it'

beforeAll(async () => {
  server = await startApp()
  for (const email of [EMAIL, SESSIONS, CHANGES, RULES]) await createAdmin(server.databasePath, email, PASSWORD)
})
afterAll(async () => {
  await server?.stop()
})

const sumOfCounters = () => readRows<{ n: number }>(server.databasePath, 'select coalesce(sum(count), 0) as n from auth_throttle')[0]!.n
const count = (table: string) => countRowsOf(server.databasePath, table)

describe('signing in', () => {
  it('sets an HttpOnly, Secure, SameSite=Lax __Host- cookie and answers me', async () => {
    const response = await fetch(`${server.url}/trpc/admin.auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
      body: JSON.stringify({ email: ' Admin@ArtigianiMilano.it ', password: PASSWORD, code: await nextTotpCode(EMAIL) }),
    })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))!
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Path=\//i)
    expect(cookie).not.toMatch(/Domain=/i)
    const me = await trpcClient(server.url, cookie.split(';')[0]).admin.auth.me.query()
    expect(me?.email).toBe(EMAIL)
  })

  it('answers me with null for an anonymous visitor', async () => {
    expect(await trpcClient(server.url).admin.auth.me.query()).toBeNull()
  })

  it('refuses a wrong password and an unknown e-mail with the same message, creating no session', async () => {
    const sessions = count('admin_sessions')
    const wrong = await errorOf(trpcClient(server.url).admin.auth.signIn.mutate({ email: EMAIL, password: 'sbagliata' }))
    const unknown = await errorOf(trpcClient(server.url).admin.auth.signIn.mutate({ email: 'nessuno@example.com', password: PASSWORD }))
    expect(wrong).toEqual({ code: 'UNAUTHORIZED', status: 401, message: 'Credenziali non valide. Riprova.' })
    expect(unknown).toEqual(wrong)
    expect(count('admin_sessions')).toBe(sessions)
  })

  it('refuses empty fields', async () => {
    const emptyEmail = await errorOf(trpcClient(server.url).admin.auth.signIn.mutate({ email: '', password: PASSWORD }))
    expect(emptyEmail.code).toBe('BAD_REQUEST')
    expect(emptyEmail.message).toContain("Inserisci l'email.")
    const emptyPassword = await errorOf(trpcClient(server.url).admin.auth.signIn.mutate({ email: EMAIL, password: '' }))
    expect(emptyPassword.code).toBe('BAD_REQUEST')
    expect(emptyPassword.message).toContain('Inserisci la password.')
  })

  it('rejects a password over 256 characters before hashing it, without counting it as a guess', async () => {
    const counters = sumOfCounters()
    const huge = await errorOf(trpcClient(server.url).admin.auth.signIn.mutate({ email: EMAIL, password: 'x'.repeat(257) }))
    expect(huge.code).toBe('BAD_REQUEST')
    expect(huge.message).toContain('Credenziali non valide. Riprova.')
    expect(sumOfCounters()).toBe(counters)
  })

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const { cookie, trpc } = await signIn(server.url, EMAIL, PASSWORD)
    expect((await trpc.admin.auth.me.query())?.email).toBe(EMAIL)
    const response = await fetch(`${server.url}/trpc/admin.auth.signOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test', cookie },
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))).toMatch(/Max-Age=0/i)
    expect(await trpcClient(server.url, cookie).admin.auth.me.query()).toBeNull()
  })

  it('refuses a sign-in posted cross-site', async () => {
    const response = await fetch(`${server.url}/trpc/admin.auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'x-trpc-source': 'web' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, code: '000000' }),
    })
    expect(response.status).toBe(403)
  })
})

describe('sessions', () => {
  it('slides: a session used in its second half is extended and its cookie renewed', async () => {
    const { cookie, trpc } = await signIn(server.url, SESSIONS, PASSWORD)
    const id = cookie.split('=')[1]!
    const soon = Math.floor(Date.now() / 1000) + 60 * 60
    changeRows(server.databasePath, 'update admin_sessions set expires_at = ? where id = ?', soon, id)
    const response = await fetch(`${server.url}/trpc/admin.auth.me`, { headers: { cookie } })
    expect(response.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))).toMatch(/Max-Age=604800/i)
    const [row] = readRows<{ expires_at: number }>(server.databasePath, 'select expires_at from admin_sessions where id = ?', id)
    expect(row!.expires_at).toBeGreaterThan(soon + 24 * 60 * 60)
    expect((await trpc.admin.auth.me.query())?.email).toBe(SESSIONS)
  })

  it('ends an expired session', async () => {
    const { cookie, trpc } = await signIn(server.url, SESSIONS, PASSWORD)
    changeRows(server.databasePath, 'update admin_sessions set expires_at = ? where id = ?', Math.floor(Date.now() / 1000) - 1, cookie.split('=')[1])
    expect(await trpc.admin.auth.me.query()).toBeNull()
  })

  it('ends every session when the password is changed while signed in', async () => {
    const first = await signIn(server.url, CHANGES, PASSWORD)
    const second = await signIn(server.url, CHANGES, PASSWORD)
    await first.trpc.admin.auth.updatePassword.mutate({ currentPassword: PASSWORD, password: 'Nuova password 1', confirmPassword: 'Nuova password 1' })
    expect(await first.trpc.admin.auth.me.query()).toBeNull()
    expect(await second.trpc.admin.auth.me.query()).toBeNull()
    const again = await signIn(server.url, CHANGES, 'Nuova password 1')
    expect((await again.trpc.admin.auth.me.query())?.email).toBe(CHANGES)
  })

  it('refuses a changed password that is short or does not match, keeping the old one', async () => {
    const { trpc } = await signIn(server.url, RULES, PASSWORD)
    const short = await errorOf(trpc.admin.auth.updatePassword.mutate({ currentPassword: PASSWORD, password: '12345678901', confirmPassword: '12345678901' }))
    expect(short.code).toBe('BAD_REQUEST')
    expect(short.message).toContain('La password deve contenere almeno 12 caratteri.')
    const mismatch = await errorOf(
      trpc.admin.auth.updatePassword.mutate({ currentPassword: PASSWORD, password: 'abcdefghijk1', confirmPassword: 'abcdefghijk2' }),
    )
    expect(mismatch.code).toBe('BAD_REQUEST')
    expect(mismatch.message).toContain('Assicurati che le due password inserite siano identiche.')
    expect((await trpc.admin.auth.me.query())?.email).toBe(RULES)
    await signIn(server.url, RULES, PASSWORD)
  })
})

describe('brute force', () => {
  it('refuses an address after 5 failures on one account in 15 minutes, with the same answer for an unknown e-mail', async () => {
    const own = await startApp()
    try {
      await createAdmin(own.databasePath, EMAIL, PASSWORD)
      const client = trpcClient(own.url)
      for (let i = 0; i < 5; i++) {
        expect((await errorOf(client.admin.auth.signIn.mutate({ email: EMAIL, password: `sbagliata${i}` }))).code).toBe('UNAUTHORIZED')
        expect((await errorOf(client.admin.auth.signIn.mutate({ email: 'ignoto@example.com', password: `sbagliata${i}` }))).code).toBe('UNAUTHORIZED')
      }
      const blocked = await errorOf(client.admin.auth.signIn.mutate({ email: EMAIL, password: PASSWORD }))
      const blockedUnknown = await errorOf(client.admin.auth.signIn.mutate({ email: 'ignoto@example.com', password: PASSWORD }))
      expect(blocked).toEqual({ code: 'TOO_MANY_REQUESTS', status: 429, message: 'Troppi tentativi non riusciti. Riprova tra 15 minuti.' })
      expect(blockedUnknown).toEqual(blocked)
    } finally {
      await own.stop()
    }
  })

  it('blocks an address that tries many accounts', async () => {
    const own = await startApp({ LOGIN_MAX_FAILURES_PER_IP: '3' })
    try {
      await createAdmin(own.databasePath, EMAIL, PASSWORD)
      const client = trpcClient(own.url)
      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await errorOf(client.admin.auth.signIn.mutate({ email, password: 'sbagliata' }))).code).toBe('UNAUTHORIZED')
      }
      expect((await errorOf(client.admin.auth.signIn.mutate({ email: EMAIL, password: PASSWORD }))).code).toBe('TOO_MANY_REQUESTS')
    } finally {
      await own.stop()
    }
  })
})
