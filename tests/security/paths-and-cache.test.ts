import http from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { addArtisan, artisan } from '../helpers/admin-leads.ts'
import { createAdmin, signIn } from '../helpers/admin.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

let server: RunningServer
let cookie: string

// Names only an administrator may see: they must never reach an anonymous visitor.
const SECRET_NAME = 'Ditta Riservatissima Srl'
const SECRET_EMAIL = 'riservato.artigiano@example.it'

beforeAll(async () => {
  server = await startServer()
  return () => server.stop()
})
beforeAll(async () => {
  await addArtisan(server.databasePath, artisan({ companyName: SECRET_NAME, email: SECRET_EMAIL }))
  await createAdmin(server.databasePath, 'admin@artigianimilano.it', 'Cantiere-Navigli-2026')
  ;({ cookie } = await signIn(server.url, 'admin@artigianimilano.it', 'Cantiere-Navigli-2026'))
})

const hex = (char: string) => char.charCodeAt(0).toString(16)

/** Every spelling of `/admin` that a browser or a script may send: each letter percent-encoded (both cases of hex), all of them, double-encoded, other letter cases. */
function spellingsOfAdmin(): string[] {
  const word = 'admin'
  const spellings = new Set<string>()
  for (let i = 0; i < word.length; i++) {
    const before = word.slice(0, i)
    const after = word.slice(i + 1)
    for (const code of [hex(word[i]!).toLowerCase(), hex(word[i]!).toUpperCase()]) {
      spellings.add(`/${before}%${code}${after}`)
      spellings.add(`/${before}%25${code}${after}`)
      spellings.add(`/${before}%2525${code}${after}`)
    }
    spellings.add(`/${before}${word[i]!.toUpperCase()}${after}`)
  }
  spellings.add(`/${[...word].map((c) => `%${hex(c)}`).join('')}`)
  spellings.add(`/${[...word].map((c) => `%25${hex(c)}`).join('')}`)
  spellings.add('/ADMIN')
  spellings.add('/Admin')
  spellings.add('/admin/')
  spellings.add('/./admin')
  spellings.add('/x/../admin')
  spellings.add('/x/%2e%2e/admin')
  spellings.add('/%2fadmin')
  spellings.add('//admin')
  spellings.add('/%5cadmin')
  return [...spellings]
}

const adminPages = ['/artisans', '/leads', '/users', '/dashboard', '']

/** A GET with the path sent byte for byte as written: fetch() would resolve dot segments before sending. */
function get(path: string, withCookie: boolean, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, path, headers: { ...(withCookie ? { cookie } : {}), ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('error', reject)
    request.end()
  })
}

describe('one path, decoded and normalised once', () => {
  it('answers every other spelling of an admin page with a redirect to the canonical one or a 404, never with the page', async () => {
    const checked: string[] = []
    for (const spelling of spellingsOfAdmin()) {
      for (const page of adminPages) {
        for (const suffix of ['', '?utm_source=x', '?gclid=1']) {
          const path = `${spelling}${page}${suffix}`
          const signedIn = await get(path, true)
          expect([301, 404], `${path} signed in answered ${signedIn.status}`).toContain(signedIn.status)
          expect(signedIn.body, path).not.toContain(SECRET_NAME)
          if (signedIn.status === 301) {
            const location = new URL(signedIn.headers.location!, server.url)
            expect(location.origin, path).toBe(server.url)
            expect(location.pathname.toLowerCase(), path).toMatch(/^\/admin(\/|$)/)
          }
          checked.push(path)
        }
      }
    }
    expect(checked.length).toBeGreaterThan(200)
  })

  it('never hands an anonymous visitor what a signed-in administrator opened, under any spelling', async () => {
    const canonical = await get('/admin/artisans', true)
    expect(canonical.status).toBe(200)
    expect(canonical.body).toContain(SECRET_NAME)
    expect(canonical.headers['cache-control']).toBe('private, no-store')
    for (const spelling of spellingsOfAdmin()) {
      for (const page of adminPages) {
        const path = `${spelling}${page}`
        await get(path, true)
        const anonymous = await get(path, false)
        expect(anonymous.body, path).not.toContain(SECRET_NAME)
        expect(anonymous.body, path).not.toContain(SECRET_EMAIL)
        expect(anonymous.headers['set-cookie'], path).toBeUndefined()
      }
    }
    const anonymous = await get('/admin/artisans', false)
    expect(anonymous.body).not.toContain(SECRET_NAME)
  })

  it('answers other spellings of public pages with one redirect to the canonical address', async () => {
    for (const [path, canonical] of [
      ['/%6dilano', '/milano'],
      ['/%6Dilano', '/milano'],
      ['/Milano', '/milano'],
      ['/milano/', '/milano'],
      ['/milano/?utm_source=x', '/milano?utm_source=x'],
      ['/%65lettricista', '/elettricista'],
    ] as const) {
      const response = await get(path, false)
      expect(response.status, path).toBe(301)
      expect(response.headers.location, path).toBe(canonical)
      expect((await get(canonical, false)).status, canonical).toBe(200)
    }
  })

  it('refuses paths that decode to a separator, a dot segment, a control character or a second encoding', async () => {
    for (const path of ['/milano%2f..%2fadmin', '/%2e%2e/admin', '/milano%00', '/milano%0a', '/%25%36%64ilano', '/milano%5c', '/%ff', '/%c3', '//milano']) {
      const response = await get(path, true)
      expect(response.status, path).toBe(404)
      expect(response.body, path).not.toContain(SECRET_NAME)
    }
    const tooLong = await get(`/${'a'.repeat(2000)}`, false)
    expect(tooLong.status).toBe(414)
  })
})

describe('the shared page cache', () => {
  it('keeps only catalog pages: a 404 or a redirect is rendered again every time', async () => {
    for (const path of ['/un/percorso/inesistente', '/parola-a-caso-qualunque', `/s/${'x'.repeat(900)}`]) {
      const first = await get(path, false)
      const second = await get(path, false)
      expect([301, 404], path).toContain(first.status)
      expect(second.headers['server-timing'], `${path} came from the cache`).toMatch(/^render;dur=/)
    }
    await get('/chi-siamo', false)
    const cached = await get('/chi-siamo', false)
    expect(cached.status).toBe(200)
    expect(cached.headers['server-timing']).toBeUndefined()
  })

  it('renders cached pages from their path alone: a cookie, a header or an address does not change them', async () => {
    const plain = await get('/contattaci', false)
    const withSession = await get('/zone-servite', true, { 'x-forwarded-for': '203.0.113.9', 'accept-language': 'en' })
    expect(withSession.headers['set-cookie']).toBeUndefined()
    expect(withSession.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const anonymous = await get('/zone-servite', false)
    expect(anonymous.body).toBe(withSession.body)
    expect(plain.status).toBe(200)
  })
})
