import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAdmin, signIn } from './helpers/admin.ts'
import { type RawMail, type SesRecorder, seedRequesters, startSesRecorder } from './helpers/newsletter.ts'
import { publicClient, solveCaptcha, validQuote } from './helpers/requests.ts'
import { waitFor } from './helpers/wait.ts'
import { type RunningServer, startServer } from './helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }
const RATE = 5
const RECIPIENTS = 30
const QUOTES = 10
const SUBJECT = 'Le offerte di dicembre'

let ses: RunningSes
let recorder: SesRecorder
let server: RunningServer

beforeAll(async () => {
  ses = await startSes()
})
// Each try on a server, a database and a recorder of its own: a busy second may take a second try (vitest.config.ts).
beforeEach(async () => {
  recorder = await startSesRecorder(ses.endpoint)
  server = await startServer({ ...mailEnv(recorder), MAIL_RATE_PER_SECOND: String(RATE), RATE_LIMIT_MAX: '1000' })
})
afterEach(async () => {
  await server?.stop()
  await recorder?.stop()
})
afterAll(async () => {
  await ses?.stop()
})

/** The most mails SES received within any one second: every window that starts at a mail's arrival. */
function busiestSecond(mails: RawMail[]): number {
  const times = mails.map((mail) => mail.at).sort((a, b) => a - b)
  let most = 0
  for (let first = 0, last = 0; first < times.length; first++) {
    while (last < times.length && times[last]! < times[first]! + 1000) last++
    most = Math.max(most, last - first)
  }
  return most
}

describe('a campaign and a burst of quote requests at once', () => {
  it('reach SES at MAIL_RATE_PER_SECOND in total, never more in any second, and the quotes go before the campaign mails waiting', async () => {
    seedRequesters(server.databasePath, RECIPIENTS)
    await createAdmin(server.databasePath, ADMIN.email, ADMIN.password)
    const admin = (await signIn(server.url, ADMIN.email, ADMIN.password)).trpc
    const client = publicClient(server.url)
    const captchas = []
    for (let i = 0; i < QUOTES; i++) captchas.push(await solveCaptcha(client))
    const campaignMails = () => recorder.sent.filter((mail) => mail.subject === SUBJECT)

    await admin.admin.newsletter.create.mutate({
      targetGroup: 'users',
      subject: SUBJECT,
      bodyHtml: '<p>Sconti per la casa.</p>',
      idempotencyKey: crypto.randomUUID(),
    })
    await waitFor(async () => (campaignMails().length >= 3 ? true : undefined), 30_000, 'the campaign to be sending')
    await Promise.all(captchas.map((captcha, i) => client.requests.quote.mutate({ ...validQuote({ email: `richiedente${i}@example.com` }), ...captcha })))

    const all = await waitFor(async () => (recorder.sent.length >= RECIPIENTS + 2 * QUOTES ? [...recorder.sent] : undefined), 60_000, 'every mail')
    expect(all).toHaveLength(RECIPIENTS + 2 * QUOTES)
    expect(new Set(campaignMails().map((mail) => mail.to)).size).toBe(RECIPIENTS)
    const quoteMails = all.filter((mail) => mail.subject !== SUBJECT)
    expect(quoteMails.filter((mail) => mail.to === 'richieste@artigianimilano.it')).toHaveLength(QUOTES)

    // The pacer gives at most RATE slots in any second; each call's own latency to SES (a claim, signing, HTTP) varies
    // by a few ms, so the mail of a slot due exactly a second after another's may land just inside that second: RATE + 1.
    // Each worker with a rate of its own reached about 2 * RATE.
    expect(busiestSecond(all)).toBeLessThanOrEqual(RATE + 1)

    // The outbox goes first: while the quotes' mails go out the campaign gets only the slots the outbox leaves empty,
    // between two of its batches (and the mails already given a slot when the quotes came). A fair share by lanes would
    // give it about 2 of every 7 slots at this rate (2 campaign lanes, 5 outbox lanes): 8 mails or so.
    const firstQuote = Math.min(...quoteMails.map((mail) => mail.at))
    const lastQuote = Math.max(...quoteMails.map((mail) => mail.at))
    const campaignMeanwhile = campaignMails().filter((mail) => mail.at > firstQuote && mail.at < lastQuote)
    expect(campaignMeanwhile.length).toBeLessThanOrEqual(4)
  })
})
