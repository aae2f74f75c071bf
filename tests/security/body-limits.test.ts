import fs from 'node:fs'
import http from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { countRows, dataUrl, pngOfSize, publicClient, solveCaptcha, validQuote } from '../helpers/requests.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MAX: '1000' })
  return () => server.stop()
})

const MiB = 1024 * 1024

function rssOf(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return Number(line![1]) * 1024
}

/**
 * Streams `total` bytes of JSON-looking filler to `path` (chunked, or announced in Content-Length) and
 * samples the server's memory meanwhile. The server may close the connection as soon as it has answered.
 */
function streamBody(path: string, total: number, announce: boolean) {
  return new Promise<{ status: number | undefined; body: string; sent: number; peakRss: number }>((resolve) => {
    const pid = server.process.pid!
    let peakRss = rssOf(pid)
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(pid))
    }, 20)
    let sent = 0
    let status: number | undefined
    let body = ''
    const finish = () => {
      clearInterval(sampler)
      peakRss = Math.max(peakRss, rssOf(pid))
      resolve({ status, body, sent, peakRss })
    }
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test', ...(announce ? { 'content-length': String(total) } : {}) },
    })
    request.on('response', (response) => {
      status = response.statusCode
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      response.on('end', finish)
      response.on('error', finish)
    })
    request.on('error', () => (status === undefined ? finish() : undefined))
    request.on('close', () => (status === undefined ? finish() : undefined))
    const chunk = Buffer.alloc(256 * 1024, 0x61)
    // An object with one endless string, so every check up to the size limit is passed.
    const first = Buffer.concat([Buffer.from('{"description":"'), chunk.subarray(16)])
    const write = () => {
      while (sent < total && !request.destroyed && status === undefined) {
        sent += chunk.length
        if (!request.write(sent === chunk.length ? first : chunk)) return void request.once('drain', write)
      }
      request.end()
    }
    // An announced length is refused before a byte of the body is read: give the answer time to arrive first.
    if (announce) {
      request.flushHeaders()
      setTimeout(write, 1000)
    } else write()
  })
}

describe('request bodies are limited before they are buffered', () => {
  const routes = [
    '/trpc/requests.quote',
    '/trpc/requests.contact',
    '/trpc/requests.application',
    '/trpc/admin.auth.signIn',
    '/trpc/admin.newsletter.create',
    '/unsubscribe',
    '/lavori/accetta',
    '/valutazione',
    '/milano',
  ]

  it('refuses a 200 MB body with 413 on every route, announced or streamed, and the server memory stays flat', async () => {
    const before = countRows(server.databasePath)
    const baseline = rssOf(server.process.pid!)
    for (const path of routes) {
      for (const announce of [true, false]) {
        const result = await streamBody(path, 200 * MiB, announce)
        // Streamed bodies are cut off: the client may see the answer or only the closed connection.
        if (announce || result.status !== undefined) expect(result.status, `${path} announce=${announce}`).toBe(413)
        if (result.status === 413 && path.startsWith('/trpc/')) expect(JSON.parse(result.body).error.message).toBe('La richiesta è troppo grande.')
        expect(result.sent, `${path} read the whole body`).toBeLessThan(100 * MiB)
        expect(result.peakRss - baseline, `${path} announce=${announce}: memory grew by ${Math.round((result.peakRss - baseline) / MiB)} MB`).toBeLessThan(
          80 * MiB,
        )
      }
    }
    expect(countRows(server.databasePath)).toEqual(before)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('gives each route what it legitimately needs: kilobytes for forms and sign-in, a quote with three 5 MB files whole', async () => {
    for (const path of ['/trpc/requests.contact', '/trpc/admin.auth.signIn', '/trpc/admin.leads.list']) {
      const big = await streamBody(path, 100 * 1024, true)
      expect(big.status, path).toBe(413)
      const small = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
        body: JSON.stringify({ x: 'a'.repeat(30_000) }),
      })
      expect(small.status, path).not.toBe(413)
    }
    const client = publicClient(server.url)
    const files = [1, 2, 3].map((n) => ({ name: `foto-${n}.png`, dataUrl: dataUrl('image/png', pngOfSize(5 * MiB)) }))
    const stored = await client.requests.quote.mutate({ ...validQuote({ attachments: files }), ...(await solveCaptcha(client)) } as never)
    expect(stored.leadId).toBeGreaterThan(0)
    expect(countRows(server.databasePath).attachments).toBe(3)
  })
})
