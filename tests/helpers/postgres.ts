import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './server.ts'

const run = promisify(execFile)

/** The newest PostgreSQL server programs of this machine (Debian's `postgresql` package), or null without them. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return null
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')) && fs.existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

export type PostgresCluster = {
  /** The address of a database of this cluster. */
  url: (database: string) => string
  /** A new, empty database; its address. */
  createDatabase: (name?: string) => Promise<string>
  stop: () => Promise<void>
  /** The server stopped as by a crash (`pg_ctl stop -m immediate`), its data kept for `start`. */
  crash: () => Promise<void>
  /** Starts the server again on the same port and data (after `crash`). */
  start: () => Promise<void>
  /** Every process of the server stopped where it is (SIGSTOP): connections stay open and nothing answers. */
  pause: () => Promise<void>
  /** SIGCONT to what `pause` stopped. */
  resume: () => Promise<void>
  /** The server's processes: the postmaster first, then its children (backends, WAL writer, checkpointer...). */
  processes: () => Promise<number[]>
}

export type ClusterOptions = {
  /**
   * The server's own defaults (fsync, synchronous_commit on): for benchmarks. Tests leave it off, as a throwaway
   * cluster need not survive a power cut.
   */
  durable?: boolean
  /** More `name=value` server settings, as `-c` options (a benchmark's shared_preload_libraries). */
  settings?: string[]
}

/** Free space in shared memory above which a throwaway cluster lives there (a run's databases take about 3 GB). */
const SHARED_MEMORY_NEEDED = 8 * 1024 ** 3

/**
 * Where a throwaway cluster keeps its data: shared memory (/dev/shm) when it has room, else the temporary folder. A run
 * creates some 370 databases from the template; removing them from a disk at the end took 8-14 s.
 */
function throwawayFolder(): string {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm')
    if (bavail * bsize >= SHARED_MEMORY_NEEDED) return '/dev/shm'
  } catch {
    // no /dev/shm here
  }
  return os.tmpdir()
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder (in shared memory when it has room and the cluster need not be
 * durable), on 127.0.0.1 and an ephemeral port, with trust authentication. PostgreSQL refuses to run as root: as root,
 * its programs run as the unprivileged `postgres` user.
 */
export async function startPostgresCluster({ durable = false, settings: more = [] }: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir()
  if (!bin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql: install Debian\'s "postgresql" package')
  const dir = fs.mkdtempSync(path.join(durable ? os.tmpdir() : throwawayFolder(), 'artigiani-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) await run('chown', ['postgres:postgres', dir])
  const program = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args)
  const data = path.join(dir, 'data')
  await program('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
  const port = await freePort()
  const settings = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=300']
  if (!durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off')
  settings.push(...more.map((setting) => `-c ${setting}`))
  const start = () => program('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start'])
  await start()
  const postmaster = () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = async (parent: number) => (await run('pgrep', ['-P', String(parent)])).stdout.split('\n').filter(Boolean).map(Number)
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  let created = 0
  return {
    url,
    async createDatabase(name = `test_${process.pid}_${Date.now().toString(36)}_${created++}`) {
      const client = new pg.Client({ connectionString: url('postgres') })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE "${name}"`)
      } finally {
        await client.end()
      }
      return url(name)
    },
    async stop() {
      await program('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      fs.rmSync(dir, { recursive: true, force: true })
    },
    async crash() {
      await program('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    },
    async start() {
      await start()
    },
    async pause() {
      // The postmaster first, so that it starts no backend after its children are listed.
      const parent = postmaster()
      process.kill(parent, 'SIGSTOP')
      for (const pid of await children(parent)) process.kill(pid, 'SIGSTOP')
    },
    async processes() {
      const parent = postmaster()
      return [parent, ...(await children(parent))]
    },
    async resume() {
      const parent = postmaster()
      for (const pid of await children(parent)) process.kill(pid, 'SIGCONT')
      process.kill(parent, 'SIGCONT')
    },
  }
}
