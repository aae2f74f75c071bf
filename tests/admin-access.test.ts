import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startSignedIn } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { changeRows } from './helpers/database.ts'
import { proceduresUnder } from './helpers/procedures.ts'

/** The only admin procedures that answer without a session: they sign in (enrolling a second factor), out, or recover a password. */
const OPEN = new Set([
  'admin.auth.me',
  'admin.auth.signIn',
  'admin.auth.confirmEnrolment',
  'admin.auth.signOut',
  'admin.auth.requestPasswordReset',
  'admin.auth.verifyResetToken',
  'admin.auth.updatePassword',
])

const adminProcedures = proceduresUnder('admin.')
const guarded = adminProcedures.filter(({ path }) => !OPEN.has(path))

let server: InProcessSite
let expiredCookie: string

beforeAll(async () => {
  const signedIn = await startSignedIn({ email: 'admin@artigianimilano.it', password: 'password sicura' }, {}, startApp)
  server = signedIn.server
  changeRows(server.databasePath, 'update admin_sessions set expires_at = ? where id = ?', Math.floor(Date.now() / 1000) - 60, signedIn.cookie.split('=')[1])
  expiredCookie = signedIn.cookie
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
    expect(guarded.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        'admin.dashboard.stats',
        'admin.artisans.list',
        'admin.artisans.byId',
        'admin.artisans.create',
        'admin.artisans.update',
        'admin.artisans.remove',
      ]),
    )
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

describe('the admin pages', () => {
  const guardedPages = [
    '/admin/dashboard',
    '/admin/artisans',
    '/admin/artisans/add',
    '/admin/artisans/edit/1',
    '/admin/artisans/1',
    '/admin/leads',
    '/admin/users',
    '/admin/newsletter',
  ]

  it('answers a signed-out visitor with a redirect to the sign-in that remembers the page, rendered on the server', async () => {
    for (const page of guardedPages) {
      const response = await fetch(`${server.url}${page}?page=2`, { redirect: 'manual' })
      expect({ page, status: response.status }).toEqual({ page, status: 307 })
      const location = new URL(response.headers.get('location')!, server.url)
      expect(location.pathname).toBe('/admin')
      expect(location.searchParams.get('redirect')).toBe(`${page}?page=2`)
      expect(response.headers.get('cache-control')).toMatch(/no-store/)
    }
  })

  it('serves the sign-in pages uncached and out of search indexes', async () => {
    for (const page of ['/admin', '/admin/login', '/admin/update-password']) {
      const response = await fetch(`${server.url}${page}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const html = await response.text()
      expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
    }
    expect(await (await fetch(`${server.url}/admin`)).text()).toContain('Area Riservata')
  })

  it('lets a signed-in administrator open a guarded page, with noindex', async () => {
    const { cookie } = await signIn(server.url, 'admin@artigianimilano.it', 'password sicura')
    const response = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie }, redirect: 'manual' })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Lead Ricevuti (Ultimi 30gg)')
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
    const signInPage = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: 'manual' })
    expect(signInPage.status).toBe(307)
    expect(signInPage.headers.get('location')).toMatch(/\/admin\/dashboard$/)
  })
})
