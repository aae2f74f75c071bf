import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type InProcessSite, startApp } from '../helpers/app.ts'
import { buildDir } from '../helpers/server.ts'

const servers: InProcessSite[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

/**
 * The address the server attributes a request to, seen through the per-address form limit (RATE_LIMIT_MAX=1):
 * the first call from an address is answered 400 (its input is invalid), the second from the same address 429.
 */
async function sameAddress(server: InProcessSite, first: string | undefined, second: string | undefined): Promise<boolean> {
  const send = (forwardedFor: string | undefined) =>
    fetch(`${server.url}/trpc/requests.contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: '{}',
    })
  expect((await send(first)).status).toBe(400)
  return (await send(second)).status === 429
}

async function serverTrusting(trustProxy: string | undefined) {
  const server = await startApp({ RATE_LIMIT_MAX: '1', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) })
  servers.push(server)
  return server
}

describe('client addresses behind a proxy', () => {
  it('ignores X-Forwarded-For when no proxy is trusted: every spoofed address is the same client', async () => {
    const server = await serverTrusting(undefined)
    expect(await sameAddress(server, '198.51.100.1', '198.51.100.2')).toBe(true)
  })

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const server = await serverTrusting('10.0.0.0/8,192.0.2.7')
    expect(await sameAddress(server, '198.51.100.1', '198.51.100.2')).toBe(true)
  })

  it('takes the right-most address that is not a listed proxy, whatever the client wrote to its left', async () => {
    const server = await serverTrusting('127.0.0.1,10.0.0.0/8')
    // The client wrote 203.0.113.1 itself; the proxy appended the address it saw, 198.51.100.9.
    expect(await sameAddress(server, '203.0.113.1, 198.51.100.9', '203.0.113.2, 198.51.100.9')).toBe(true)
    // A chain of trusted proxies is walked through.
    expect(await sameAddress(server, '198.51.100.20, 10.1.2.3', '198.51.100.20')).toBe(true)
    // Different clients are told apart.
    expect(await sameAddress(server, '198.51.100.30', '198.51.100.31')).toBe(false)
  })

  it('refuses to start with TRUST_PROXY=true or an entry that is not an address', () => {
    for (const [value, message] of [
      ['true', 'list the proxy addresses'],
      ['10.0.0.0/8,proxy.example.com', 'expected IP addresses or CIDR ranges'],
      ['300.1.1.1', 'expected IP addresses or CIDR ranges'],
    ]) {
      const result = spawnSync(process.execPath, [`${buildDir()}/server/index.js`], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH, TRUST_PROXY: value, DATABASE_PATH: ':memory:', PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      })
      expect(result.status, value).toBe(1)
      expect(result.stderr, value).toContain(`Invalid environment variable TRUST_PROXY: ${message}`)
    }
  })
})
