import http from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from './helpers/wait.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

// The same build twice: one server with the fast path (server/http/fast-path.ts), one with every request through Hono.
let fast: RunningServer
let slow: RunningServer

beforeAll(async () => {
  ;[fast, slow] = await Promise.all([startServer(), startServer({ FAST_PATH: 'off' })])
  return async () => {
    await Promise.all([fast.stop(), slow.stop()])
  }
})

type Request = { method?: 'GET' | 'HEAD'; path: string; headers?: Record<string, string> }
type Answer = { status: number; headers: string[]; body: Buffer }

/** The answer as it travelled: the path sent byte for byte, headers in their order and spelling, the body not decompressed. */
function send(server: RunningServer, { method = 'GET', path, headers = {} }: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const raw = response.rawHeaders
        const pairs: string[] = []
        for (let i = 0; i < raw.length; i += 2) {
          // The clock and a render's duration are the only parts of an answer that may differ between two sends.
          if (raw[i]!.toLowerCase() === 'date') continue
          pairs.push(`${raw[i]}: ${raw[i]!.toLowerCase() === 'server-timing' ? raw[i + 1]!.replace(/dur=[\d.]+/, 'dur=(time)') : raw[i + 1]}`)
        }
        resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks) })
      })
    })
    request.on('error', reject)
    request.end()
  })
}

/** Sends the same request to both servers, in the same order, so both caches go through the same states. */
async function both(request: Request): Promise<{ fast: Answer; slow: Answer }> {
  return { fast: await send(fast, request), slow: await send(slow, request) }
}

const PAGE = '/elettricista'

const requestLines = (server: RunningServer) =>
  server.logs.filter((line) => line.includes('"msg":"request"')).map((line) => JSON.parse(line) as { requestId?: string; path: string; status: number })

describe('the fast path', () => {
  it('answers every request of the table exactly as Hono does: status, headers but the date, body bytes', async () => {
    // The page rendered once on each server, so it is in both caches; the asset is one the page loads.
    const first = await both({ path: PAGE })
    expect(first.fast.status).toBe(200)
    const html = (await both({ path: PAGE, headers: { 'accept-encoding': 'identity' } })).slow.body.toString('utf8')
    const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/)![1]!
    const etagOf = (answer: Answer) => answer.headers.find((header) => header.toLowerCase().startsWith('etag: '))!.slice(6)
    const pageEtag = etagOf((await both({ path: PAGE })).slow)
    const assetEtag = etagOf((await both({ path: asset })).slow)

    const table: Request[] = []
    for (const path of [PAGE, '/', asset, '/favicon.svg', '/healthz']) {
      for (const encoding of [undefined, 'br', 'gzip', 'br;q=0, gzip', 'gzip;q=0', 'identity', 'gzip, deflate, br, zstd', '*']) {
        const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding }
        table.push({ path, headers }, { method: 'HEAD', path, headers })
      }
    }
    for (const [path, etag] of [
      [PAGE, pageEtag],
      [asset, assetEtag],
    ] as const) {
      for (const ifNoneMatch of [etag, '"stale"', 'malformed', `W/${etag}`, '*', `"stale", ${etag}`, etag.slice(0, -1)]) {
        table.push(
          { path, headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' } },
          { method: 'HEAD', path, headers: { 'if-none-match': ifNoneMatch } },
        )
      }
    }
    table.push(
      // Parameters: tracking ones leave the page to the cache, any other renders it.
      { path: `${PAGE}?utm_source=newsletter&gclid=abc`, headers: { 'accept-encoding': 'gzip' } },
      { path: `${PAGE}?ordine=1`, headers: { 'accept-encoding': 'gzip' } },
      { path: `${PAGE}?utm_source=x&ordine=1` },
      { path: `${PAGE}?` },
      { path: `${PAGE}?utm_source=a%20b` },
      { path: `${PAGE}?utm_source=x#frammento` },
      { path: `${asset}?v=2` },
      { path: '/healthz?verbose=1' },
      // Other spellings: redirected or refused by the slow path, whatever the fast path holds.
      { path: `/${'a'.repeat(8192)}` },
      { path: `${PAGE}/${'a'.repeat(8000)}` },
      { path: '/%65lettricista' },
      { path: '/elettricist%61' },
      { path: '/ELETTRICISTA' },
      { path: '/Elettricista?utm_source=x' },
      { path: `${PAGE}/` },
      { path: `/x/..${PAGE}` },
      { path: `/.${PAGE}` },
      { path: `/${PAGE}` },
      { path: `${PAGE}%2f` },
      { path: `${asset.toUpperCase()}` },
      { path: '/%68ealthz' },
      { path: '/healthz/' },
      { path: '/HEALTHZ' },
      // Routes in front of the files and pages, other spellings of admin pages, pages not cached. (An admin page itself
      // carries a script of its server's own, so it is not the same from two servers.)
      { path: '/robots.txt' },
      { path: '/sitemap.xml' },
      { path: '/admin/' },
      { path: '/ADMIN', headers: { cookie: 'auth_session=sconosciuta' } },
      { path: '/trpc/site.comuni' },
      { path: '/pagina/inesistente' },
      // Headers the fast path leaves to Hono: a body, a host it does not read as it is.
      { path: PAGE, headers: { 'content-length': '0' } },
      { path: PAGE, headers: { host: 'WWW.ARTIGIANIMILANO.IT' } },
      { path: PAGE, headers: { host: 'www.artigianimilano.it' } },
      { path: PAGE, headers: { connection: 'close' } },
      { path: PAGE, headers: { cookie: 'auth_session=qualunque', 'x-forwarded-for': '203.0.113.7' } },
    )

    for (const request of table) {
      const answers = await both(request)
      const label = `${request.method ?? 'GET'} ${request.path.slice(0, 80)} ${JSON.stringify(request.headers ?? {})}`
      expect(answers.fast.status, label).toBe(answers.slow.status)
      expect(answers.fast.headers, label).toEqual(answers.slow.headers)
      expect(answers.fast.body.equals(answers.slow.body), label).toBe(true)
    }
    // And the fast path did answer the cached page, the files and /healthz (its lines carry no request id).
    const answeredFast = async () =>
      new Set(
        requestLines(fast)
          .filter((line) => !line.requestId)
          .map((line) => line.path),
      )
    await waitFor(async () => ((await answeredFast()).size >= 5 ? true : undefined), 5000, 'the log lines')
    expect([...(await answeredFast())].sort()).toEqual(['/', '/favicon.svg', '/healthz', PAGE, asset].sort())
  })

  it('took the requests it should: their log lines have no request id, which only Hono gives', async () => {
    await both({ path: '/rho' })
    await both({ path: '/rho' })
    await both({ path: '/healthz' })
    // Lines are written after the answer, off the request's way: wait for the last one.
    await waitFor(async () => (requestLines(fast).filter((line) => line.path === '/rho').length === 2 ? true : undefined), 5000, 'the log lines')
    const fastLines = requestLines(fast).filter((line) => line.path === '/rho' || line.path === '/healthz')
    // The first /rho was rendered by Hono; the second came from the cache, through the fast path.
    expect(fastLines.filter((line) => line.path === '/rho').map((line) => line.requestId !== undefined)).toEqual([true, false])
    expect(fastLines.filter((line) => line.path === '/healthz').every((line) => line.requestId === undefined)).toBe(true)
    expect(requestLines(slow).every((line) => typeof line.requestId === 'string')).toBe(true)
    expect(requestLines(fast).find((line) => line.path === '/rho' && !line.requestId)).toMatchObject({ status: 200 })
  })
})
