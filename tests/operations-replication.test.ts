import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, integrityCheck, query, type Replication, restoreFromReplica, startReplication, tempDir } from './helpers/operations.ts'
import { type PublicClient, publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'
import { type RunningServer, startServer } from './helpers/server.ts'

let server: RunningServer
let replication: Replication
let client: PublicClient
const workDir = tempDir('replication')
const replicaDir = path.join(workDir, 'replica')

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MAX: '10000', CAPTCHA_SECRET: 'a-test-secret-that-is-long-enough-for-hmac-signing' })
  replication = startReplication(server.databasePath, replicaDir)
  client = publicClient(server.url)
})
afterAll(async () => {
  await replication?.stop('SIGKILL')
  await server?.stop()
  fs.rmSync(workDir, { recursive: true, force: true })
})

type Acknowledged = { leadId: number; fullName: string; email: string; description: string }

/** A visitor's quote request through the public tRPC mutation; acknowledged = the server answered with its id. */
async function sendQuote(n: number): Promise<Acknowledged> {
  const quote = validQuote({
    fullName: `Cliente Replica ${n}`,
    email: `replica.${n}@example.com`,
    description: `Richiesta numero ${n}: sostituire il quadro elettrico dell'appartamento.`,
  })
  const { leadId } = await client.requests.quote.mutate({ ...quote, ...(await solveCaptcha(client)) } as never)
  return { leadId, fullName: quote.fullName as string, email: quote.email as string, description: quote.description as string }
}

const leadsIn = (file: string) => query<Acknowledged>(file, 'SELECT id AS leadId, full_name AS fullName, email, description FROM leads ORDER BY id')

describe('continuous replication with litestack.yml', () => {
  it('ships every acknowledged lead to the replica, where litestream restore finds it after the machine is lost', async () => {
    const acknowledged: Acknowledged[] = []
    // Four visitors at a time, while Litestream copies the WAL underneath the running server.
    for (let batch = 0; batch < 10; batch++) {
      acknowledged.push(...(await Promise.all([0, 1, 2, 3].map((i) => sendQuote(batch * 4 + i)))))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(new Set(acknowledged.map((lead) => lead.leadId)).size).toBe(40)

    const probe = path.join(workDir, 'probe.db')
    const lastId = Math.max(...acknowledged.map((lead) => lead.leadId))
    await eventually(async () => {
      await restoreFromReplica(server.databasePath, replicaDir, probe)
      return leadsIn(probe).some((lead) => lead.leadId === lastId)
    })

    // The VPS dies: no graceful shutdown, no last sync, the volume is gone.
    await replication.stop('SIGKILL')
    server.process.kill('SIGKILL')
    const livePath = server.databasePath
    fs.rmSync(path.dirname(livePath), { recursive: true, force: true })

    const restored = path.join(workDir, 'restored', 'app.db')
    fs.mkdirSync(path.dirname(restored))
    const result = await restoreFromReplica(livePath, replicaDir, restored)
    expect(result.code).toBe(0)
    expect(integrityCheck(restored)).toBe('ok')
    const byId = new Map(leadsIn(restored).map((lead) => [lead.leadId, lead]))
    for (const lead of acknowledged) expect(byId.get(lead.leadId)).toEqual(lead)
    const migrations = query<{ name: string }>(restored, 'SELECT name FROM kysely_migration')
    expect(migrations.length).toBeGreaterThan(0)
  })
})
