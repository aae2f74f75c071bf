import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readRows } from './database.ts'
import { buildDir } from './server.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The platform binary shipped by @flydotio/litestream (its npm wrapper exits 0 even on failure). */
export function litestreamBinary(root = repoRoot): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
  return path.join(root, 'node_modules', '@flydotio', `litestream-${process.platform}-${arch}`, 'litestream')
}

export type CommandResult = { code: number | null; stdout: string; stderr: string }

/** Runs a command to its end and collects its output. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** `npm run <script> -- <args>` in the repository, with only the given environment on top of PATH and the build under test. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, BUILD_DIR: buildDir() }
  return run('npm', ['run', '--silent', script, '--', ...args], { env: { ...base, ...env } })
}

/** The environment litestack.yml reads, for a file replica in `replicaDir`. */
export function replicaEnv(databasePath: string, replicaDir: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '', DATABASE_PATH: databasePath, LITESTREAM_REPLICA_URL: `file://${replicaDir}` }
}

export type Replication = { process: ChildProcess; logs: string[]; stop: (signal?: NodeJS.Signals) => Promise<number | null> }

/** `litestream replicate -config litestack.yml`, as the container runs it, beside an already running server. */
export function startReplication(databasePath: string, replicaDir: string): Replication {
  const child = spawn(litestreamBinary(), ['replicate', '-config', path.join(repoRoot, 'litestack.yml')], {
    cwd: repoRoot,
    env: replicaEnv(databasePath, replicaDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    process: child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** `litestream restore -config litestack.yml -o <output>`: the latest state the replica holds. */
export async function restoreFromReplica(databasePath: string, replicaDir: string, output: string): Promise<CommandResult> {
  fs.rmSync(output, { force: true })
  const result = await run(litestreamBinary(), ['restore', '-config', path.join(repoRoot, 'litestack.yml'), '-o', output, databasePath], {
    env: replicaEnv(databasePath, replicaDir),
  })
  if (result.code !== 0) throw new Error(`litestream restore failed (${result.code}):\n${result.stderr}`)
  return result
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `artigiani-${prefix}-`))
}

/** Rows of a database file, opened read-only for the duration of one query. */
export { readRows as query }

export function integrityCheck(file: string): string {
  return readRows<{ integrity_check: string }>(file, 'PRAGMA integrity_check')
    .map((row) => row.integrity_check)
    .join('; ')
}

/** Polls an asynchronous check until it holds; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
