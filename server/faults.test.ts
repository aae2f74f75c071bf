import net from 'node:net'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { type DB, openPostgres } from '#db/client.ts'
import { databaseFault } from './faults.ts'

// PostgreSQL's wire protocol, as much of it as a server that refuses, stalls or fails needs.
const int32 = (value: number) => {
  const buffer = Buffer.alloc(4)
  buffer.writeInt32BE(value)
  return buffer
}
const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body])
const field = (name: string, value: string) => Buffer.from(`${name}${value}\0`)
const AUTHENTICATION_OK = message('R', int32(0))
const READY = message('Z', Buffer.from('I'))
const SELECTED = Buffer.concat([message('C', Buffer.from('SELECT 0\0')), READY])
const errorResponse = (severity: 'ERROR' | 'FATAL', code: string, text: string) =>
  message('E', Buffer.concat([field('S', severity), field('V', severity), field('C', code), field('M', text), Buffer.from([0])]))

/** What the fake server does when a client connects, and with each query: answer, stay silent, or a function of the socket. */
type Behaviour = { startup: 'ok' | 'silent' | Buffer; query: 'ok' | 'silent' | ((socket: net.Socket) => void) }

type FakePostgres = { url: string; connections: number; sockets: Set<net.Socket> }

const servers: net.Server[] = []
const databases: DB[] = []
afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.destroy().catch(() => {})))
  for (const server of servers.splice(0)) server.close()
})

async function fakePostgres(behaviour: Behaviour): Promise<FakePostgres> {
  const state: FakePostgres = { url: '', connections: 0, sockets: new Set() }
  const server = net.createServer((socket) => {
    state.connections++
    state.sockets.add(socket)
    socket.on('close', () => state.sockets.delete(socket))
    socket.on('error', () => {})
    let pending = Buffer.alloc(0)
    let started = false
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk])
      for (;;) {
        const headerLength = started ? 5 : 4
        if (pending.length < headerLength) return
        const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0)
        if (pending.length < length) return
        const type = started ? String.fromCharCode(pending[0]!) : 'startup'
        pending = pending.subarray(length)
        if (type === 'startup') {
          started = true
          if (behaviour.startup === 'ok') socket.write(Buffer.concat([AUTHENTICATION_OK, READY]))
          else if (behaviour.startup !== 'silent') socket.end(behaviour.startup)
        } else if (type === 'Q') {
          if (behaviour.query === 'ok') socket.write(SELECTED)
          else if (behaviour.query !== 'silent') behaviour.query(socket)
        } else if (type === 'X') socket.end()
      }
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `postgres://app@127.0.0.1:${(server.address() as net.AddressInfo).port}/artigiani`
  return state
}

function open(url: string, options: { poolSize?: number; onIdleError?: (error: Error) => void } = {}): DB {
  const db = openPostgres(url, options.poolSize ?? 2, { statementTimeoutMs: 300, connectTimeoutMs: 300, onIdleError: options.onIdleError })
  databases.push(db)
  return db
}

/** The error a query meets, which it must meet. */
async function failure(db: DB): Promise<unknown> {
  try {
    await sql`select 1`.execute(db)
  } catch (error) {
    return error
  }
  throw new Error('the query was expected to fail')
}

async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('databaseFault on PostgreSQL', () => {
  it('a server nobody listens for (restarting, failed over): unreachable, ECONNREFUSED', async () => {
    const db = open(`postgres://app@127.0.0.1:${await closedPort()}/artigiani`)
    expect(databaseFault(await failure(db))).toMatchObject({ kind: 'unreachable', code: 'ECONNREFUSED' })
  })

  it('a server that takes the connection and never answers (paused): unreachable within the connection timeout', async () => {
    const server = await fakePostgres({ startup: 'silent', query: 'ok' })
    expect(databaseFault(await failure(open(server.url)))).toMatchObject({ kind: 'unreachable', code: 'CONNECT_TIMEOUT' })
  })

  it.each([
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['53300', 'sorry, too many clients already'],
    ['08P01', 'invalid startup packet layout'],
    ['08006', 'connection failure'],
  ])('refused at connection with SQLSTATE %s (%s): unreachable', async (code, text) => {
    const server = await fakePostgres({ startup: errorResponse('FATAL', code, text), query: 'ok' })
    expect(databaseFault(await failure(open(server.url)))).toMatchObject({ kind: 'unreachable', code, message: text })
  })

  it('a connection ended by the server while a query runs (57P01, then the socket closes): unreachable, the process lives on, the next query connects again', async () => {
    let cut = true
    const server = await fakePostgres({
      startup: 'ok',
      query: (socket) => {
        if (!cut) return socket.write(SELECTED)
        cut = false
        socket.end(errorResponse('FATAL', '57P01', 'terminating connection due to administrator command'))
      },
    })
    const db = open(server.url)
    expect(databaseFault(await failure(db))).toMatchObject({ kind: 'unreachable', code: '57P01' })
    await sql`select 1`.execute(db)
    expect(server.connections).toBe(2)
  })

  it('a connection cut without a word while a query runs: unreachable (Connection terminated)', async () => {
    const server = await fakePostgres({ startup: 'ok', query: (socket) => socket.destroy() })
    expect(databaseFault(await failure(open(server.url)))).toMatchObject({ kind: 'unreachable', code: 'CONNECTION_TERMINATED' })
  })

  it('a statement the server cancelled (57014, statement_timeout): timeout', async () => {
    const server = await fakePostgres({
      startup: 'ok',
      query: (socket) => socket.write(Buffer.concat([errorResponse('ERROR', '57014', 'canceling statement due to statement timeout'), READY])),
    })
    expect(databaseFault(await failure(open(server.url)))).toMatchObject({ kind: 'timeout', code: '57014' })
  })

  it('a query the server never answers (paused): unreachable, and its connection is closed rather than handed to the next request', async () => {
    let silent = true
    const server = await fakePostgres({
      startup: 'ok',
      query: (socket) => {
        if (!silent) socket.write(SELECTED)
        silent = false
      },
    })
    const db = open(server.url, { poolSize: 1 })
    expect(databaseFault(await failure(db))).toMatchObject({ kind: 'unreachable', code: 'READ_TIMEOUT' })
    await sql`select 1`.execute(db)
    expect(server.connections).toBe(2)
  })

  it('every connection of the pool busy with a query that hangs: the next request is unreachable within the connection timeout', async () => {
    const server = await fakePostgres({ startup: 'ok', query: 'silent' })
    const db = open(server.url, { poolSize: 1 })
    const hanging = failure(db)
    await expect.poll(() => server.connections).toBe(1)
    expect(databaseFault(await failure(db))).toMatchObject({ kind: 'unreachable', code: 'CONNECT_TIMEOUT' })
    expect(databaseFault(await hanging)).toMatchObject({ kind: 'unreachable' })
  })

  it('an idle connection the server closes: reported to onIdleError, dropped by the pool, no uncaught error', async () => {
    const server = await fakePostgres({ startup: 'ok', query: 'ok' })
    const idleErrors: Error[] = []
    const db = open(server.url, { onIdleError: (error) => idleErrors.push(error) })
    await sql`select 1`.execute(db)
    for (const socket of server.sockets) socket.end(errorResponse('FATAL', '57P01', 'terminating connection due to administrator command'))
    await expect.poll(() => idleErrors.length).toBe(1)
    await sql`select 1`.execute(db)
    expect(server.connections).toBe(2)
  })

  it('errors of the request itself (a unique key, a syntax error) are no fault', async () => {
    const server = await fakePostgres({
      startup: 'ok',
      query: (socket) => socket.write(Buffer.concat([errorResponse('ERROR', '23505', 'duplicate key value violates unique constraint'), READY])),
    })
    expect(databaseFault(await failure(open(server.url)))).toBeNull()
  })

  it('the same codes and words from anything but the database driver are no fault: a refused connection to SNS is not the database', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 54.239.0.1:443'), { code: 'ECONNREFUSED' })
    expect(databaseFault(new TypeError('fetch failed', { cause: refused }))).toBeNull()
    expect(databaseFault(Object.assign(new Error('read ETIMEDOUT'), { code: 'ETIMEDOUT' }))).toBeNull()
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBeNull()
    expect(databaseFault(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBeNull()
  })
})

describe('databaseFault on SQLite', () => {
  it.each([
    ['SQLITE_FULL', 'full'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_BUSY', 'locked'],
    ['SQLITE_IOERR_WRITE', 'io'],
  ])('%s, also as the cause of another error: %s', (code, kind) => {
    const error = Object.assign(new Error('sqlite says no'), { code })
    expect(databaseFault(error)).toMatchObject({ kind, code })
    expect(databaseFault(new Error('procedure failed', { cause: error }))).toMatchObject({ kind, code })
  })

  it('any other error: null', () => {
    expect(databaseFault(Object.assign(new Error('constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeNull()
    expect(databaseFault('not an error')).toBeNull()
  })
})
