// The PostgreSQL side of tests/helpers/database.ts: statements run here, on one open connection per database, while
// the test's thread waits on a shared flag, so a test reads and changes rows synchronously as with better-sqlite3
// (a psql process per statement took 30-60 ms).
import { parentPort } from 'node:worker_threads'
import pg from 'pg'

const clients = new Map()

async function client(url) {
  let connected = clients.get(url)
  if (!connected) {
    connected = new pg.Client({ connectionString: url })
    // A cluster stopped or paused by a test ends the connection: the next statement opens another.
    connected.on('error', () => clients.delete(url))
    clients.set(url, connected)
    try {
      await connected.connect()
    } catch (error) {
      clients.delete(url)
      throw error
    }
  }
  return connected
}

/** Runs the statements (one transaction when several) and returns the first column of the last one's first row. */
async function run(url, statements) {
  const db = await client(url)
  try {
    if (statements.length > 1) await db.query('BEGIN')
    let last
    for (const { text, values } of statements) last = await db.query({ text, values, rowMode: 'array' })
    if (statements.length > 1) await db.query('COMMIT')
    return last?.rows[0]?.[0] ?? null
  } catch (error) {
    if (statements.length > 1) await db.query('ROLLBACK').catch(() => {})
    if (!db._ending && /Connection terminated|not queryable/.test(error.message)) clients.delete(url)
    throw error
  }
}

// Each call sends its own flag and reply port: the reply goes on that port, then the flag wakes the waiting thread.
parentPort.on('message', async ({ url, statements, signal, port }) => {
  let reply
  try {
    reply = { value: await run(url, statements) }
  } catch (error) {
    reply = { error: error.message }
  }
  port.postMessage(reply)
  port.close()
  Atomics.store(signal, 0, 1)
  Atomics.notify(signal, 0)
})
