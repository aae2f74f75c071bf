import fs from 'node:fs'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { startServer } from '../helpers/server.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** What fills a user agent up to 15 KB, under Node's 16 KB limit on a request's headers. */
const PADDING = 'x'.repeat(15 * 1024 - CHROME.length - 8)

/** The process's resident memory, in MB, as the kernel counts it. */
const rssMB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

describe('a flood of requests with unique 15 KB user agents', () => {
  it('leaves the server holding less than 10 MB more than the same flood with one user agent', async () => {
    const server = await startServer()
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
    try {
      const get = (userAgent: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: server.port, path: '/', agent, headers: { 'user-agent': userAgent } }, (response) => {
              response.resume()
              response.on('end', () => resolve(response.statusCode ?? 0))
            })
            .on('error', reject)
        })
      const send = async (count: number, userAgent: (i: number) => string) => {
        const statuses: number[] = []
        for (let start = 0; start < count; start += 32)
          statuses.push(...(await Promise.all(Array.from({ length: Math.min(32, count - start) }, (_, i) => get(userAgent(start + i))))))
        return statuses
      }
      // The same requests with one user agent first: the heap's young generation and the allocator reach the size this
      // traffic needs, so what grows afterwards is what the unique user agents leave behind.
      await send(3000, () => `${CHROME} ${PADDING}`)
      const before = rssMB(server.process.pid!)
      const statuses = await send(5000, (i) => `${CHROME} ${String(i).padStart(6, '0')}${PADDING}`)
      const after = rssMB(server.process.pid!)
      expect(new Set(statuses)).toEqual(new Set([200]))
      // Before user agents were cut and their cache bounded in characters, this grew by about 70 MB.
      expect(after - before).toBeLessThan(10)
    } finally {
      agent.destroy()
      await server.stop()
    }
  })
})
