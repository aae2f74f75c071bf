import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The build under test: BUILD_DIR lets several builds live side by side. */
export function buildDir(): string {
  return process.env.BUILD_DIR ?? 'dist'
}

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  databasePath: string
  process: ChildProcess
  logs: string[]
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/**
 * Starts the production build (dist/server) as a real process on 127.0.0.1, on an ephemeral port,
 * with a fresh SQLite file. Extra environment variables override the defaults.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-test-'))
  const databasePath = path.join(dataDir, 'app.db')
  const child = spawn(process.execPath, [`${buildDir()}/server/index.js`], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: databasePath,
      PUBLIC_URL: 'https://www.artigianimilano.it',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${logs.join('\n')}`)), 20_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        logs.push(line)
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number }
          if (entry.msg === 'listening' && entry.port) {
            clearTimeout(timer)
            resolve(entry.port)
          }
        } catch {
          // not a log line
        }
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${logs.join('\n')}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databasePath,
    process: child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      const code = await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}
