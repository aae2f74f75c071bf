import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkAll,
  FUZZ_SEED,
  fuzzProperties,
  isPublic,
  largestQuotes,
  procedures,
  rawSender,
  type Send,
  trpcHeaders,
  validSamples,
  warmUp,
} from '../helpers/fuzz.ts'
import { publicClient, solveCaptcha, validContact, validQuote } from '../helpers/requests.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

// Random and adversarial input on every procedure and public route of the real server (tests/helpers/fuzz.ts): no 5xx,
// nothing stored, the exact refusal of the largest bodies. The seed is fixed and in every failure message; FUZZ_SEED
// replays or tries another. How long the event loop is held meanwhile is bench:abuse's figure, not an assertion here.

// Tables an invalid request may write by design: a wrong captcha answer uses the challenge up, a failed sign-in is
// counted, a secret is generated on first use.
const MAY_GROW = new Set(['captcha_uses', 'auth_throttle', 'app_settings'])

let server: RunningServer
let send: Send

function countRows(databasePath: string): Record<string, number> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[]
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]))
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MAX: '1000000', LOGIN_MAX_FAILURES_PER_IP: '1000000' })
  send = rawSender(server)
  console.log(`fuzzing with FUZZ_SEED=${FUZZ_SEED}`)
})
afterAll(async () => {
  await server?.stop()
})

describe('fuzzing every public procedure and route', () => {
  it('never answers 5xx, stores nothing, and refuses the largest bodies as it should', { timeout: 240_000 }, async () => {
    expect(procedures.filter((p) => isPublic(p.path)).length).toBeGreaterThan(15)
    await warmUp(send)
    // Valid forms but for the captcha, answered wrong once first so that challenge can never be used again: every other
    // field is fuzzed past the checks before it, and nothing can be stored.
    const client = publicClient(server.url)
    const solved = await solveCaptcha(client)
    const spent = { ...solved, captchaAnswer: String(Number(solved.captchaAnswer) + 1) }
    expect((await send('POST', '/trpc/requests.contact', JSON.stringify({ ...validContact(), ...spent }), trpcHeaders)).status).toBe(400)
    const rowsBefore = countRows(server.databasePath)

    await checkAll(fuzzProperties(send, validSamples(spent)), { concurrency: 3 })

    // The largest bodies the quote accepts, one string up to the limit each: answered and refused (the former data-URL
    // pattern never answered the fifth).
    for (const { input, status } of largestQuotes()) {
      const answer = await send('POST', '/trpc/requests.quote', JSON.stringify(input), trpcHeaders)
      expect(answer.status, JSON.stringify(input).slice(0, 40)).toBe(status)
    }

    const rowsAfter = countRows(server.databasePath)
    const grown = Object.keys(rowsAfter).filter((table) => !MAY_GROW.has(table) && rowsAfter[table] !== rowsBefore[table])
    expect(grown, `tables written by invalid input (FUZZ_SEED=${FUZZ_SEED})`).toEqual([])

    // Still up, and a real quote is still stored: the counts above would have seen one.
    expect(server.process.exitCode).toBeNull()
    await client.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(client)) } as never)
    expect(countRows(server.databasePath).leads).toBe(rowsBefore.leads! + 1)
  })
})
