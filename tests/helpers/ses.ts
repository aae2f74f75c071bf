import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from './server.ts'

/** One message as aws-ses-v2-local stored it (parsed from the raw MIME for SendRawEmail). */
export type SesEmail = {
  messageId: string
  from: string
  replyTo: string[]
  destination: { to: string[]; cc: string[]; bcc: string[] }
  subject: string
  body: { text?: string; html?: string }
  attachments: { filename?: string; contentType: string; size: number; content: string }[]
  at: number
}

export type RunningSes = {
  endpoint: string
  port: number
  emails(): Promise<SesEmail[]>
  /** One stored message as MIME text, or null if the emulator has no message with that id; unlike emails(), fit for a store of hundreds of MB. */
  eml(messageId: string): Promise<string | null>
  clear(): Promise<void>
  stop(): Promise<void>
}

/** Credentials and addresses that point a server under test at this emulator. */
export function mailEnv(ses: { endpoint: string }): Record<string, string> {
  return {
    SES_ENDPOINT: ses.endpoint,
    SES_REGION: 'eu-south-1',
    MAIL_FROM: 'Artigiani Milano <noreply@artigianimilano.it>',
    NOTIFY_EMAIL: 'richieste@artigianimilano.it',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    // The default is the SES sandbox's 1 per second; tests should not wait for it.
    MAIL_RATE_PER_SECOND: '50',
  }
}

/** Starts aws-ses-v2-local as its own process on 127.0.0.1 (a free port, or the one given to restart it). */
export async function startSes(options: { port?: number } = {}): Promise<RunningSes> {
  const port = options.port ?? (await freePort())
  const cli = path.resolve(import.meta.dirname, '../../node_modules/aws-ses-v2-local/dist/cli.js')
  const child: ChildProcess = spawn(process.execPath, [cli, '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
  const output: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`aws-ses-v2-local did not start:\n${output.join('')}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString())
      if (output.join('').includes('server running')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`aws-ses-v2-local exited:\n${output.join('')}`))
    })
  })
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    port,
    async emails() {
      const response = await fetch(`${endpoint}/store`)
      return ((await response.json()) as { emails: SesEmail[] }).emails
    },
    async eml(messageId: string) {
      const response = await fetch(`${endpoint}/get-emlContent?messageId=${encodeURIComponent(messageId)}`)
      if (!response.ok) return null
      // The emulator answers { body } with the MIME text as a serialized Buffer.
      const { body } = (await response.json()) as { body: { data: number[] } }
      return Buffer.from(body.data).toString('utf8')
    },
    async clear() {
      await fetch(`${endpoint}/clear-store`, { method: 'POST' })
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
