import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleRuntime, folderSize, type RuntimeFolder } from './helpers/image.ts'
import { eventually, integrityCheck, query, run, tempDir } from './helpers/operations.ts'
import { publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'
import { freePort } from './helpers/server.ts'

// The Vitest project `ops`, run by `npm run test:ops` and not by `npm test` (vitest.config.ts).

const workDir = tempDir('image')
// A container waits up to a minute for its health check, and each operator command starts npm and node: room for a busy machine.
const containerTestTimeout = 300_000
let image: RuntimeFolder

/** What `--env-file .env` adds in production, minus mail; the image's own ENV comes first. */
const operatorEnv = { PUBLIC_URL: 'https://www.artigianimilano.it', LOG_LEVEL: 'info' }

beforeAll(async () => {
  image = await assembleRuntime(workDir)
}, 1_200_000)
// A production node_modules is tens of thousands of files: removing it can take a while on a busy disk.
afterAll(() => fs.promises.rm(workDir, { recursive: true, force: true }), 600_000)

type Container = {
  process: ChildProcess
  url: string
  port: number
  dataDir: string
  databasePath: string
  logs: () => string
  stop: () => Promise<number | null>
}

/** `docker run` without Docker: the image's CMD in its WORKDIR, with its ENV, a volume folder for /data and the operator's env file. */
async function runContainer(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Container> {
  const port = await freePort()
  const imageEnv = Object.fromEntries(Object.entries(image.env).map(([key, value]) => [key, image.hostPath(value, dataDir)]))
  const databasePath = imageEnv.DATABASE_PATH!
  const env = { PATH: process.env.PATH!, HOME: workDir, ...imageEnv, PORT: String(port), ...operatorEnv, ...extraEnv }
  const child = spawn(image.cmd[0]!, image.cmd.slice(1), { cwd: image.appDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the container's command exited with ${child.exitCode}:\n${output}`)
    return fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
  }, 60_000)
  return {
    process: child,
    url,
    port,
    dataDir,
    databasePath,
    logs: () => output,
    stop: async () => {
      // `docker stop`: the image's STOPSIGNAL.
      if (child.exitCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

describe('the container image, assembled from the Dockerfile without Docker', () => {
  it('holds production dependencies only, with the Litestream binary', () => {
    const modules = path.join(image.appDir, 'node_modules')
    expect(fs.existsSync(path.join(modules, 'better-sqlite3'))).toBe(true)
    expect(fs.existsSync(path.join(modules, 'sharp'))).toBe(true)
    expect(fs.existsSync(path.join(modules, 'vitest'))).toBe(false)
    expect(fs.existsSync(path.join(modules, 'vite'))).toBe(false)
    expect(fs.existsSync(path.join(modules, 'playwright-core'))).toBe(false)
    expect(fs.existsSync(path.join(image.appDir, 'tests'))).toBe(false)
    expect(image.env.DATABASE_PATH).toBe('/data/app.db')
  })

  it('runs the server and the operator commands from dist/: no TypeScript sources, no compiler, no formatter', () => {
    const modules = path.join(image.appDir, 'node_modules')
    for (const tool of ['typescript', 'tsx', 'esbuild', 'prettier']) expect(fs.existsSync(path.join(modules, tool)), tool).toBe(false)
    const ownFiles = (fs.readdirSync(image.appDir, { recursive: true }) as string[]).filter((file) => !file.startsWith('node_modules'))
    expect(ownFiles.filter((file) => /\.tsx?$/.test(file))).toEqual([])
    expect(folderSize(modules) / 1024 / 1024).toBeLessThanOrEqual(150)
  })

  it('resizes a portfolio photo with the sharp and libvips it holds (the server bundle leaves sharp to node_modules)', async () => {
    const script = `import sharp from 'sharp'
const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#b86a3c' } }).jpeg().toBuffer()
const { info } = await sharp(jpeg).resize({ width: 1600, height: 1600, fit: 'inside' }).webp().toBuffer({ resolveWithObject: true })
console.log(info.format, info.width, info.height)`
    const resized = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: image.appDir, env: { PATH: process.env.PATH } })
    expect(resized.stderr).toBe('')
    expect(resized.stdout.trim()).toBe('webp 1600 1200')
    const serverDir = path.join(image.appDir, 'dist/server')
    const bundles = (fs.readdirSync(serverDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.js'))
    expect(bundles.some((file) => /from ["']sharp["']/.test(fs.readFileSync(path.join(serverDir, file), 'utf8')))).toBe(true)
    expect(bundles.some((file) => fs.readFileSync(path.join(serverDir, file), 'utf8').includes('@img/sharp-libvips'))).toBe(false)
  })

  it('links `litestream` on PATH to a binary the image holds', async () => {
    const link = image.runs.join(' && ').match(/ln -s (".+?"|\S+) \/usr\/local\/bin\/litestream/)
    expect(link).not.toBeNull()
    // dpkg exists only in Debian images: the architecture name it would print, from Node's.
    const debianArch = process.arch === 'x64' ? 'amd64' : process.arch
    const target = (await run('sh', ['-c', `dpkg() { echo ${debianArch}; }; echo ${link![1]}`])).stdout.trim()
    const version = await run(image.hostPath(target, '/data'), ['version'])
    expect(version.stdout.trim()).toBe('v0.3.13')
  })

  it(
    'starts with its command and no replica, serves pages, passes its HEALTHCHECK, runs the operator commands and stops cleanly on SIGTERM',
    async () => {
      const container = await runContainer(path.join(workDir, 'volume-plain'))
      try {
        expect(container.logs()).toContain('no replica configured')
        const home = await fetch(`${container.url}/`)
        expect(home.status).toBe(200)
        expect(await home.text()).toContain('<html lang="it"')

        const healthcheck = await run(image.healthcheck[0]!, image.healthcheck.slice(1), {
          cwd: image.appDir,
          env: { PATH: process.env.PATH, PORT: String(container.port) },
        })
        expect(healthcheck.code).toBe(0)

        const exec = (script: string, args: string[], databasePath = container.databasePath) =>
          run('npm', ['run', '--silent', script, '--', ...args], {
            cwd: image.appDir,
            env: { PATH: process.env.PATH, HOME: workDir, ...image.env, DATABASE_PATH: databasePath, ...operatorEnv },
          })
        const migrate = await exec('db:migrate', [])
        expect(migrate.stdout).toContain('Database is up to date.')
        expect(migrate.code).toBe(0)
        const admin = await exec('admin', ['create', '--email', 'titolare@artigianimilano.it', '--password', 'una-password-robusta-2026'])
        expect(admin.stderr).not.toMatch(/error/i)
        expect(admin.code).toBe(0)
        const backupFile = path.join(workDir, 'image-backup.db')
        const backup = await exec('backup', [backupFile])
        expect(backup.code).toBe(0)
        expect(backup.stdout).toContain(`Backed up ${container.databasePath} to ${backupFile}`)
        expect(integrityCheck(backupFile)).toBe('ok')
        // Restore and demo data go to a second database: the server holds the first one open.
        const otherDatabase = path.join(workDir, 'image-restored.db')
        const restore = await exec('restore', [backupFile], otherDatabase)
        expect(restore.stdout).toContain(`Restored ${backupFile} to ${otherDatabase}`)
        expect(restore.code).toBe(0)
        const seed = await exec('db:seed-demo', ['--leads', '20', '--artisans', '5', '--db', otherDatabase])
        expect(seed.code).toBe(0)
        expect(query<{ n: number }>(otherDatabase, 'SELECT count(*) AS n FROM artisans')[0]!.n).toBeGreaterThanOrEqual(5)
      } finally {
        expect(await container.stop()).toBe(0)
      }
      expect(container.logs()).toContain('"msg":"stopped"')
    },
    containerTestTimeout,
  )

  it(
    'with a file replica, ships a quote request and brings it back on a new machine whose volume is empty',
    async () => {
      const replicaEnv = { LITESTREAM_REPLICA_URL: `file://${path.join(workDir, 'replica')}` }
      const first = await runContainer(path.join(workDir, 'volume-first'), replicaEnv)
      let leadId: number
      try {
        const client = publicClient(first.url)
        const quote = validQuote({ fullName: 'Cliente Migrazione', email: 'cliente.migrazione@example.com' })
        ;({ leadId } = await client.requests.quote.mutate({ ...quote, ...(await solveCaptcha(client)) } as never))
      } finally {
        // Litestream forwards SIGTERM to the server, waits for it, then makes its last sync.
        expect(await first.stop()).toBe(0)
      }
      expect(first.logs()).toContain('sending signal to exec process')
      expect(first.logs()).toContain('"msg":"stopped"')

      const second = await runContainer(path.join(workDir, 'volume-second'), replicaEnv)
      try {
        expect(second.logs()).toContain('restoring the latest copy from the replica')
        expect(integrityCheck(second.databasePath)).toBe('ok')
        const leads = query<{ id: number; full_name: string }>(second.databasePath, 'SELECT id, full_name FROM leads')
        expect(leads).toEqual([{ id: leadId, full_name: 'Cliente Migrazione' }])
      } finally {
        expect(await second.stop()).toBe(0)
      }
    },
    containerTestTimeout,
  )
})
