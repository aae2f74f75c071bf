import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTRPCClient, httpLink } from '@trpc/client'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppRouter } from '#server/trpc/router.ts'
import { changeRows } from './helpers/database.ts'
import { migrations } from '#migrations/index.ts'
import { warmUpPaths } from '#server/ssr/seo.ts'
import { buildDir, type RunningServer, startServer } from './helpers/server.ts'

let server: RunningServer

/** The fields of the first log line with that message, or none if the process logged no such line. */
function logEntry<T>(logs: string[], msg: string): Partial<T> {
  const line = logs.find((line) => line.includes(`"msg":"${msg}"`))
  return JSON.parse(line ?? '{}') as Partial<T>
}

beforeAll(async () => {
  // On an empty database, which the server migrates as it starts (the other files' servers start on a migrated copy),
  // and warmed up as in production (the other files' servers are not: WARM_UP=off, tests/helpers/server.ts).
  server = await startServer({ WARM_UP: 'on' }, { database: 'empty' })
  return () => server.stop()
})

describe('the server', () => {
  it('applies every migration to an empty database as it starts', () => {
    expect(logEntry<{ migrations: string[] }>(server.logs, 'database migrated').migrations).toEqual(Object.keys(migrations).sort())
  })

  it('renders one page of each kind before it listens', () => {
    expect(logEntry<{ warmedUpPages: number }>(server.logs, 'listening').warmedUpPages).toBe(warmUpPaths().length)
  })

  it('answers /healthz with 200 when the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  it('renders the home page on the server, complete in the raw HTML', async () => {
    const response = await fetch(`${server.url}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('<html lang="it"')
    expect(html).toContain('Trova l&#x27;artigiano giusto a Milano e provincia')
    expect(html).toMatch(/<title>Artigiani Milano - I Migliori Artigiani a Milano e Provincia<\/title>/)
    expect(html).toContain('<link rel="canonical" href="https://www.artigianimilano.it/"')
    // Which services the home page lists, and in what order: public-pages.test.ts.
    expect(html).toContain('CHIEDI PREVENTIVO')
    expect(html).toContain('Visualizza tutti i Servizi')
  })

  it('answers an unknown path with 404 and the not-found page', async () => {
    const response = await fetch(`${server.url}/questa/pagina/non-esiste`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Pagina Non Trovata')
  })

  it('sends security headers and a CSP without unsafe-inline scripts', async () => {
    const response = await fetch(`${server.url}/`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("frame-ancestors 'none'")
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
  })

  it('tells its render time in Server-Timing when it renders a page, and not when the page comes from its cache', async () => {
    const rendered = await fetch(`${server.url}/rho`)
    expect(rendered.headers.get('server-timing')).toMatch(/^render;dur=\d+\.\d$/)
    const cached = await fetch(`${server.url}/rho`)
    expect(cached.status).toBe(200)
    expect(cached.headers.get('server-timing')).toBeNull()
    const uncached = await fetch(`${server.url}/chi-siamo?ordine=1`)
    expect(uncached.headers.get('server-timing')).toMatch(/^render;dur=\d+\.\d$/)
  })

  it('preloads the back office data layer on /admin pages only, never on public pages', async () => {
    const preloads = async (path: string) =>
      [...(await (await fetch(`${server.url}${path}`)).text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)
    const admin = await preloads('/admin')
    expect(admin.some((file) => /\/assets\/admin-browser-[\w-]+\.js$/.test(file))).toBe(true)
    for (const path of ['/', '/contattaci']) expect((await preloads(path)).filter((file) => file.includes('admin'))).toEqual([])
  })

  it('serves hashed assets compressed with a year-long immutable cache', async () => {
    const html = await (await fetch(`${server.url}/`)).text()
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!
    const response = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-type')).toContain('text/javascript')
    const again = await fetch(`${server.url}${asset}`, { headers: { 'if-none-match': response.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('answers tRPC queries over HTTP', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] })
    const comuni = await client.site.comuni.query()
    expect(comuni).toContainEqual({ slug: 'rho', name: 'Rho', path: '/rho' })
  })

  it('refuses cross-site tRPC mutations', async () => {
    const response = await fetch(`${server.url}/trpc/requests.contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'x-trpc-source': 'web' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })

  it('logs requests without query strings', async () => {
    await fetch(`${server.url}/?email=mario.rossi%40example.com`)
    const line = server.logs.find((l) => l.includes('"msg":"request"') && l.includes('"path":"/"'))
    expect(line).toBeDefined()
    expect(server.logs.join('\n')).not.toContain('mario.rossi')
  })
})

describe('the process', () => {
  it('answers 503 on /healthz when the database does not answer, within the second its last read is reused', async () => {
    const own = await startServer()
    try {
      changeRows(own.databasePath, 'drop table kysely_migration')
      const health = async () => {
        const response = await fetch(`${own.url}/healthz`)
        return { status: response.status, body: await response.json() }
      }
      await expect.poll(health, { timeout: 10_000, interval: 100 }).toEqual({ status: 503, body: { status: 'error', database: 'not writable' } })
      // And it stays so: a failed read is never reused.
      expect(await health()).toMatchObject({ status: 503 })
    } finally {
      await own.stop()
    }
  })

  it('with WARM_UP=off listens before any page is rendered, loads a page kind at its first request, and stops gracefully on SIGTERM, exiting 0', async () => {
    const own = await startServer({ WARM_UP: 'off' })
    expect(logEntry<{ warmedUpPages: number }>(own.logs, 'listening').warmedUpPages).toBe(0)
    const home = await fetch(`${own.url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Trova l&#x27;artigiano giusto a Milano e provincia')
    const code = await own.stop('SIGTERM')
    expect(code).toBe(0)
    expect(own.logs.join('\n')).toContain('"msg":"stopped"')
  })

  it('stops on SIGTERM when nobody reads its log any more (the reader of its stdout gone), exiting 0', async () => {
    const own = await startServer()
    own.process.stdout!.destroy()
    const exited = new Promise<number | null>((resolve) => own.process.once('exit', (code) => resolve(code)))
    own.process.kill('SIGTERM')
    // A server that never exits is killed after a while, so the failure does not leave it running.
    const stillRunning = setTimeout(() => own.process.kill('SIGKILL'), 30_000)
    const code = await exited
    clearTimeout(stillRunning)
    await own.stop()
    expect(code).toBe(0)
  })

  it('refuses to start on a bad setting, naming the variable', () => {
    const result = spawnSync(process.execPath, [`${buildDir()}/server/index.js`], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain('Invalid environment variable PORT')
  })

  it('refuses a PostgreSQL address in DATABASE_PATH and a DATABASE_URL that is not PostgreSQL, creating no file', () => {
    for (const [name, value, message] of [
      ['DATABASE_PATH', 'postgres://app:segreto@127.0.0.1:5432/artigiani', 'a file path; a PostgreSQL address goes in DATABASE_URL'],
      ['DATABASE_URL', 'mysql://app:segreto@127.0.0.1/artigiani', 'a postgres:// or postgresql:// address'],
    ] as const) {
      const result = spawnSync(process.execPath, [`${buildDir()}/server/index.js`], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, DATABASE_PATH: path.join(os.tmpdir(), 'mai-creato.db'), [name]: value },
        encoding: 'utf8',
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(`Invalid environment variable ${name}`)
      expect(result.stderr).toContain(message)
      expect(result.stderr).not.toContain('segreto')
    }
    expect(fs.existsSync('postgres:')).toBe(false)
  })
})
