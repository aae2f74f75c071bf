import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { createUnsubscribeToken } from '#server/newsletter/unsubscribe-token.ts'
import { keepScreenshot, launchBrowser } from '../helpers/browser.ts'
import { countRows, dataUrl, pngOfSize, publicClient, readRows, solveCaptcha, validQuote } from '../helpers/requests.ts'
import { waitFor } from '../helpers/wait.ts'
import { type RunningServer, type StartOptions, startServer } from '../helpers/server.ts'

const UNAVAILABLE = 'Il servizio non è momentaneamente disponibile: la tua richiesta non è stata salvata. Riprova tra qualche minuto.'
/** What SQLite, Node or the file system would say: none of it may reach a visitor. */
const INTERNALS = /sqlite|database|disk|locked|readonly|read-only|i\/o|immutable|errno|\/tmp\/|node_modules|\.js:\d|\bat \w+ \(/i
/** How long /healthz reuses its last write probe (server/faults.ts). */
const PROBE_INTERVAL_MS = 5000

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

const NEWSLETTER_SECRET = 'n'.repeat(40)

async function start(options: StartOptions = {}) {
  const server = await startServer({ RATE_LIMIT_MAX: '1000', NEWSLETTER_SECRET }, options)
  servers.push(server)
  return server
}

/** A quote ready to send, its captcha and proof of work done while the database still took writes. */
async function quoteInput(server: RunningServer, overrides: Record<string, unknown> = {}) {
  const client = publicClient(server.url)
  return { ...validQuote(overrides), ...(await solveCaptcha(client)) }
}

async function submit(server: RunningServer, input: unknown) {
  const response = await fetch(`${server.url}/trpc/requests.quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
    body: JSON.stringify(input),
  })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() }
}

async function health(server: RunningServer) {
  const response = await fetch(`${server.url}/healthz`)
  return { status: response.status, body: (await response.json()) as unknown }
}

/** A 503 as every visitor should get it: the Italian message, when to retry, and nothing about the cause. */
function expectUnavailable(answer: Awaited<ReturnType<typeof submit>>) {
  expect(answer.status).toBe(503)
  expect(answer.retryAfter).toMatch(/^\d+$/)
  const { error } = JSON.parse(answer.body) as { error: { message: string; data: { code: string; httpStatus: number } } }
  expect(error.message).toBe(UNAVAILABLE)
  expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 })
  expect(error.data).not.toHaveProperty('stack')
  expect(answer.body.replace(UNAVAILABLE, '')).not.toMatch(INTERNALS)
}

const logLines = (server: RunningServer) =>
  server.logs.flatMap((line) => {
    try {
      return [JSON.parse(line) as { level: number; msg: string; [key: string]: unknown }]
    } catch {
      return []
    }
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const healthy = (server: RunningServer) => waitFor(async () => ((await health(server)).status === 200 ? true : undefined), 3 * PROBE_INTERVAL_MS, '/healthz ok')

describe('a database that cannot take writes', () => {
  it('locked by another process: the quote answers 503 in Italian, nothing is stored, /healthz says not writable until the lock ends', async () => {
    const server = await start()
    const inputs = [await quoteInput(server), await quoteInput(server)]
    const before = countRows(server.databasePath)
    await sleep(PROBE_INTERVAL_MS)

    const holder = new Database(server.databasePath)
    holder.exec('BEGIN EXCLUSIVE')
    try {
      // The write probe meets the lock on its own, before any request did.
      expect(await health(server)).toEqual({ status: 503, body: { status: 'error', database: 'not writable' } })
      for (const input of inputs) expectUnavailable(await submit(server, input))
      expect(await health(server)).toEqual({ status: 503, body: { status: 'error', database: 'not writable' } })
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }

    expect(countRows(server.databasePath)).toEqual(before)
    await healthy(server)

    // Once it took writes again, the same visitor's next try is stored.
    const retry = await submit(server, await quoteInput(server))
    expect(retry.status).toBe(200)
    expect(countRows(server.databasePath).leads).toBe(before.leads + 1)

    // The log says it once at error, with SQLite's cause, and once more when it is over; not once per request.
    const lines = logLines(server)
    const faults = lines.filter((line) => line.level >= 50)
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ msg: expect.stringContaining('database not writable'), fault: 'locked', cause: 'database is locked' })
    expect(lines.filter((line) => line.msg === 'database writable again')).toHaveLength(1)
    expect(lines.filter((line) => line.msg === 'request' && line.status === 503).length).toBeGreaterThanOrEqual(4)
  })

  it('on a full disk: quotes answer 503 in Italian with Retry-After, never SQLite’s text, and only the stored ones are counted', async () => {
    // A file size limit on the server's process: writes past it fail (EFBIG) as on a full disk, and the ignored SIGXFSZ keeps it alive.
    const server = await start({ prelude: "trap '' XFSZ; ulimit -f 4096" })
    const answers: Awaited<ReturnType<typeof submit>>[] = []
    const attachment = { name: 'foto.png', dataUrl: dataUrl('image/png', pngOfSize(900_000)) }
    for (let i = 0; i < 12 && !answers.some((answer) => answer.status === 503); i++) {
      answers.push(await submit(server, await quoteInput(server, { attachments: [attachment] })))
    }
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) expectUnavailable(answer)
    // The next one meets the same full file.
    expectUnavailable(await submit(server, await quoteInput(server, { attachments: [attachment] })))
    const stored = answers.filter((answer) => answer.status === 200).length
    expect(countRows(server.databasePath)).toMatchObject({ leads: stored, attachments: stored })

    const faults = logLines(server).filter((line) => line.level >= 50)
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ msg: expect.stringContaining('database not writable'), fault: expect.stringMatching(/^(full|io)$/) })
    expect(server.process.exitCode).toBe(null)
  })

  // The tests run as root, for whom permissions do not stop a write: the immutable attribute does, as a file system remounted read-only would.
  it('made read-only under the running server: 503 in Italian, nothing stored, /healthz not writable until it is writable again', async () => {
    const server = await start()
    const input = await quoteInput(server)
    const before = countRows(server.databasePath)
    await sleep(PROBE_INTERVAL_MS)
    const files = ['', '-wal', '-shm'].map((suffix) => `${server.databasePath}${suffix}`).filter((file) => fs.existsSync(file))
    const setImmutable = (on: boolean) => {
      const result = spawnSync('chattr', [on ? '+i' : '-i', ...files], { encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`chattr failed: ${result.stderr}`)
    }
    setImmutable(true)
    try {
      expect(await health(server)).toEqual({ status: 503, body: { status: 'error', database: 'not writable' } })
      expectUnavailable(await submit(server, input))
    } finally {
      setImmutable(false)
    }
    expect(countRows(server.databasePath)).toEqual(before)
    await healthy(server)
    expect((await submit(server, await quoteInput(server))).status).toBe(200)
    expect(logLines(server).filter((line) => line.level >= 50)).toHaveLength(1)
  })

  it('a page whose write fails answers a plain Italian 503 page with Retry-After, not the cause', async () => {
    const server = await start()
    const token = createUnsubscribeToken(NEWSLETTER_SECRET, 'mario.rossi@example.com')
    const holder = new Database(server.databasePath)
    holder.exec('BEGIN EXCLUSIVE')
    let response: Response
    try {
      response = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', headers: { accept: 'text/html' } })
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain(UNAVAILABLE)
    expect(html.replace(UNAVAILABLE, '')).not.toMatch(INTERNALS)
    expect(readRows(server.databasePath, 'select * from email_suppressions')).toEqual([])
  })
})

describe('the quote form on a database that cannot take writes', () => {
  it('tells the visitor in Italian that nothing was saved and to try again, at every width', async () => {
    const server = await start()
    const browser = await launchBrowser()
    try {
      for (const width of [375, 768, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } })
        await page.goto(`${server.url}/sesto-san-giovanni`, { waitUntil: 'networkidle' })
        const form = page.getByRole('form', { name: 'Richiedi un preventivo gratuito' })
        await form.getByLabel('Nome e Cognome').click()
        await expect.poll(() => form.getByTestId('captcha-question').textContent(), { timeout: 15_000 }).toMatch(/^Quanto fa \d+ \+ \d+\?$/)
        await form.getByLabel('Via e numero civico').fill('Via Roma 10')
        await form.getByLabel('Nome e Cognome').fill('Mario Rossi')
        await form.getByLabel('Email').fill('mario.rossi@example.com')
        await form.getByLabel('Telefono').fill('333 123 4567')
        await form.getByLabel('Servizio').selectOption('imbianchino')
        // The painter's one required question (shared/catalog/questions.ts).
        await form.getByRole('radio', { name: 'Interni', exact: true }).check()
        await form.getByLabel('Descrivi il lavoro').fill('Tinteggiatura di un bilocale di 60 mq, pareti e soffitti.')
        const [, a, b] = /(\d+) \+ (\d+)/.exec((await form.getByTestId('captcha-question').textContent())!)!
        await form.getByLabel(/Verifica di sicurezza/).fill(String(Number(a) + Number(b)))
        const before = countRows(server.databasePath)
        const holder = new Database(server.databasePath)
        holder.exec('BEGIN EXCLUSIVE')
        try {
          await form.getByRole('button', { name: 'Invia Richiesta' }).click()
          const toast = page.locator('li[data-state="open"]').last()
          await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toContain(UNAVAILABLE)
          await keepScreenshot(page, `quote-form-unavailable-${width}`)
        } finally {
          holder.exec('ROLLBACK')
          holder.close()
        }
        expect(countRows(server.databasePath)).toEqual(before)
        // What was typed is still there for the next try.
        expect(await form.getByLabel('Descrivi il lavoro').inputValue()).toContain('Tinteggiatura')
        expect(page.url()).toBe(`${server.url}/sesto-san-giovanni`)
        await page.close()
      }
    } finally {
      await browser.close()
    }
  })
})

describe('answers of every kind of failure', () => {
  // `npm start` runs without NODE_ENV: tRPC read it as development and put stack traces with absolute paths in its answers.
  it.each([
    ['unset', 'unset NODE_ENV'],
    ['development', 'export NODE_ENV=development'],
    ['test', 'export NODE_ENV=test'],
    ['production', 'export NODE_ENV=production'],
  ])('carry no stack, path or SQL with NODE_ENV %s', async (_, prelude) => {
    const server = await start({ prelude })
    const post = (path: string, body: string) =>
      fetch(`${server.url}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' }, body })
    const answers = await Promise.all([
      post('requests.quote', JSON.stringify(validQuote({ email: 'non-valida', serviceId: 'non-esiste' }))),
      post('requests.quote', '{"fullName": '),
      post('requests.nope', '{}'),
      fetch(`${server.url}/trpc/requests.quote`),
      fetch(`${server.url}/trpc/admin.leads.list`),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 404, 405, 401])
    for (const answer of answers) {
      const body = await answer.text()
      const { error } = JSON.parse(body) as { error: { data: Record<string, unknown> } }
      expect(error.data).not.toHaveProperty('stack')
      expect(body).not.toMatch(/\/work\/|\/app\/|node_modules|file:\/\/|\.[jt]s:\d+|\bat (async )?[\w.<>]+ \(|select |insert into|sqlite/i)
    }
  })
})
