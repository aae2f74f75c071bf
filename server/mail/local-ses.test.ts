import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

// Under Node's own loader, as `npm run dev` runs it (tsx), not through Vite's module interop.
const script = `
import net from 'node:net'
import { startLocalSes } from './server/mail/local-ses.ts'
const port = await new Promise((resolve) => { const probe = net.createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)) }) })
const ses = await startLocalSes(port)
const status = (await fetch(ses.url)).status
await ses.close()
console.log(JSON.stringify({ status, endpoint: ses.env.SES_ENDPOINT === ses.url }))
`

describe('the SES emulator of npm run dev', () => {
  it('starts, answers on its own URL and stops', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 })
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ status: 200, endpoint: true })
  })
})
