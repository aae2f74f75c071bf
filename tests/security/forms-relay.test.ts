import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { describe, expect, it } from 'vitest'
import { createProofOfWork, encodeProofOfWork } from '#server/security/proof-of-work.ts'
import {
  countRows,
  type FormName,
  messagesByField,
  publicClient,
  readRows,
  rejection,
  samples,
  type SolvedCaptcha,
  sendForm,
  serveRequests,
  solveCaptcha,
  solveProofOfWork,
  validContact,
  waitForEmails,
} from '../helpers/requests.ts'
import { waitFor } from '../helpers/wait.ts'
import { startServer } from '../helpers/server.ts'
import { startApp } from '../helpers/app.ts'
import type { SesEmail } from '../helpers/ses.ts'

const CAPTCHA_SECRET = 'a-test-secret-for-the-forms-relay-tests-0123456789'
const CAPTCHA_WRONG = "Per favore, risolvi correttamente l'addizione."
const CAPTCHA_MISSING = "Inserisci il risultato dell'addizione."
const CAPTCHA_USED = "L'addizione è già stata usata: risolvi quella nuova."
const PROOF_OF_WORK_FAILED = 'La verifica automatica non è riuscita: ricarica la pagina e riprova.'
const OFFICE = 'richieste@artigianimilano.it'

const site = serveRequests({ CAPTCHA_SECRET, RATE_LIMIT_MAX: '100000' }, {}, startApp)

const FORMS: FormName[] = ['quote', 'contact', 'application']

/** Sends one form with the given captcha fields (or none), every other field valid. */
const submit = (form: FormName, captcha: Partial<SolvedCaptcha>, overrides: Record<string, unknown> = {}) =>
  sendForm(site.client, form, { ...overrides, ...captcha })

/** A refusal leaves the database and the mailbox exactly as they were. */
async function expectNothingStoredOrSent(before: ReturnType<typeof countRows>, mailsBefore: number) {
  // The outbox among the counts: every mail of the forms goes through it (nothing was pending before), so a mail that
  // is not there now can never be sent.
  expect(countRows(site.server.databasePath)).toEqual(before)
  expect(await site.ses.emails()).toHaveLength(mailsBefore)
}

/** Waits until the outbox has sent everything queued, so the mailbox holds all it will ever hold so far. */
async function settle() {
  await waitFor(() => readRows<{ n: number }>(site.server.databasePath, "select count(*) as n from email_outbox where status = 'pending'")[0]!.n === 0)
}

async function clearMailbox() {
  await settle()
  await site.ses.clear()
}

/** Sends a form with these fields on an empty mailbox, and returns its two mails once both are sent. */
async function mailsOf(form: FormName, fields: Record<string, unknown>) {
  await clearMailbox()
  await submit(form, await solveCaptcha(site.client), fields)
  return waitForEmails(site.ses.emails, 2)
}

async function refused(call: () => Promise<unknown>) {
  await settle()
  const before = countRows(site.server.databasePath)
  const mailsBefore = (await site.ses.emails()).length
  const rejected = await rejection(call())
  expect(rejected.status).toBe(400)
  await expectNothingStoredOrSent(before, mailsBefore)
  return messagesByField(rejected)
}

describe('the craftsman application has the captcha of the other forms', () => {
  it('is refused without a captcha, with the exact messages, storing and sending nothing', async () => {
    const { proofOfWork } = await solveCaptcha(site.client)
    expect(await refused(() => submit('application', { proofOfWork }))).toEqual({ captchaToken: CAPTCHA_WRONG, captchaAnswer: CAPTCHA_MISSING })
  })

  it('is refused with a wrong answer, every wrong answer', async () => {
    for (const offset of [1, -1, 7, 100]) {
      const captcha = await solveCaptcha(site.client)
      const wrong = String(Math.max(0, Number(captcha.captchaAnswer) + offset))
      expect(await refused(() => submit('application', { ...captcha, captchaAnswer: wrong }))).toEqual({ captchaAnswer: CAPTCHA_WRONG })
    }
  })

  it('is refused when the captcha was already used, storing the first application only', async () => {
    const captcha = await solveCaptcha(site.client)
    await submit('application', captcha, { email: 'prima.candidatura@example.com' })
    expect(readRows(site.server.databasePath, "select id from artisans where email = 'prima.candidatura@example.com'")).toHaveLength(1)
    const { proofOfWork } = await solveCaptcha(site.client)
    expect(await refused(() => submit('application', { ...captcha, proofOfWork }, { email: 'seconda.candidatura@example.com' }))).toEqual({
      captchaAnswer: CAPTCHA_USED,
    })
  })
})

describe('every form asks for a proof of work', () => {
  for (const form of FORMS) {
    describe(form, () => {
      it('is refused without one', async () => {
        const { captchaToken, captchaAnswer } = await solveCaptcha(site.client)
        expect(await refused(() => submit(form, { captchaToken, captchaAnswer }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
        expect(await refused(() => submit(form, { captchaToken, captchaAnswer, proofOfWork: '' }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
      })

      it('is refused with a wrong one, however it is wrong', async () => {
        const challenge = await site.client.requests.captcha.query()
        const captcha = { captchaToken: challenge.token, captchaAnswer: String(challenge.a + challenge.b) }
        const solution = (await solveChallenge({ challenge: challenge.proofOfWork, deriveKey }))!
        const flipped = solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'))
        const other = await site.client.requests.captcha.query()
        const wrongs = [
          'non è base64 né JSON',
          Buffer.from('{"challenge":').toString('base64'),
          Buffer.from(JSON.stringify({ challenge: challenge.proofOfWork })).toString('base64'),
          encodeProofOfWork(challenge.proofOfWork, { ...solution, derivedKey: flipped }),
          encodeProofOfWork(challenge.proofOfWork, { counter: 0, derivedKey: '00'.repeat(32) }),
          // The answer to another challenge.
          encodeProofOfWork(challenge.proofOfWork, (await solveChallenge({ challenge: other.proofOfWork, deriveKey }))!),
          // Easier parameters under the original signature.
          encodeProofOfWork({ ...challenge.proofOfWork, parameters: { ...challenge.proofOfWork.parameters, cost: 1 } }, solution),
          // A challenge signed with another key, as a script would make its own.
          await solveProofOfWork(await createProofOfWork(Buffer.from('some-other-secret-of-at-least-32-characters'), 10)),
          'A'.repeat(4000),
        ]
        for (const proofOfWork of wrongs) {
          expect(await refused(() => submit(form, { ...captcha, proofOfWork }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
        }
        expect(await refused(() => submit(form, { ...captcha, proofOfWork: 'A'.repeat(4001) }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
      })

      it('is refused with an expired one', async () => {
        const captcha = await solveCaptcha(site.client)
        const old = await createProofOfWork(Buffer.from(CAPTCHA_SECRET), 10, Date.now() - 2 * 60 * 60 * 1000)
        const proofOfWork = await solveProofOfWork(old)
        expect(await refused(() => submit(form, { ...captcha, proofOfWork }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
      })

      it('is refused when the proof of work was already used, storing the first request only', async () => {
        const first = await solveCaptcha(site.client)
        const email = `replay.${form}@example.com`
        const before = countRows(site.server.databasePath)
        await submit(form, first, { email })
        const stored = countRows(site.server.databasePath)
        expect(stored.leads + stored.messages + stored.artisans).toBe(before.leads + before.messages + before.artisans + 1)
        const fresh = await solveCaptcha(site.client)
        expect(await refused(() => submit(form, { ...fresh, proofOfWork: first.proofOfWork }, { email }))).toEqual({ proofOfWork: PROOF_OF_WORK_FAILED })
        // The fresh captcha was not used up by the refusal: with its own proof of work it goes through.
        await submit(form, fresh, { email })
      })
    })
  }

  it('costs a script real work at the production difficulty, and the server one HMAC to check', async () => {
    const production = await startServer({ CAPTCHA_SECRET, PROOF_OF_WORK_DIFFICULTY: '' })
    try {
      const own = publicClient(production.url)
      const challenge = await own.requests.captcha.query()
      const started = performance.now()
      const solution = (await solveChallenge({ challenge: challenge.proofOfWork, deriveKey }))!
      const solvedInMs = performance.now() - started
      expect(challenge.proofOfWork.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 2000 })
      // Between 1,000 and 2,000 derivations of 2,000 PBKDF2 rounds each: about half a second of one core.
      expect(solution.counter).toBeGreaterThanOrEqual(1000)
      expect(solution.counter).toBeLessThanOrEqual(2000)
      console.log(`proof of work at the production difficulty: counter ${solution.counter}, solved by Node's PBKDF2 in ${solvedInMs.toFixed(0)} ms`)
      await own.requests.contact.mutate({
        ...validContact(),
        captchaToken: challenge.token,
        captchaAnswer: String(challenge.a + challenge.b),
        proofOfWork: encodeProofOfWork(challenge.proofOfWork, solution),
      })
      expect(countRows(production.databasePath).messages).toBe(1)
    } finally {
      await production.stop()
    }
  })
})

describe('confirmations to one address', () => {
  const sentTo = (emails: SesEmail[], address: string) => emails.filter((e) => e.destination.to.some((to) => to.toLowerCase().includes(address)))

  it('5 requests from one address in a day: 3 leads and 2 messages, 5 notifications to the office, 3 confirmations', async () => {
    await clearMailbox()
    const before = countRows(site.server.databasePath)
    // Every spelling of the same mailbox counts as one.
    const spellings = ['Anna.Blu@example.com', 'anna.blu@example.com', 'anna.blu+casa@example.com', 'ANNA.BLU@EXAMPLE.COM', 'anna.blu+2@Example.com']
    for (const [i, email] of spellings.entries()) {
      const form = i % 2 === 0 ? 'quote' : 'contact'
      await submit(form, await solveCaptcha(site.client), { email })
    }
    expect(countRows(site.server.databasePath)).toMatchObject({ leads: before.leads + 3, messages: before.messages + 2 })
    const emails = await waitForEmails(site.ses.emails, 8)
    // Everything queued is sent: the mailbox holds all it ever will.
    await settle()
    const all = await site.ses.emails()
    expect(all).toHaveLength(8)
    expect(sentTo(all, OFFICE)).toHaveLength(5)
    expect(sentTo(all, 'anna.blu')).toHaveLength(3)
    expect(emails.filter((e) => e.replyTo.some((r) => r.toLowerCase().startsWith('anna.blu')))).toHaveLength(5)

    const skipped = site.server.logs.filter((line) => line.includes('confirmation e-mail skipped'))
    expect(skipped).toHaveLength(2)
    for (const line of skipped) expect(line.toLowerCase()).not.toMatch(/anna|@|example/)

    // A craftsman application from the same mailbox is stored and reaches the office, without a fourth confirmation.
    await submit('application', await solveCaptcha(site.client), { email: 'anna.blu@example.com' })
    expect(readRows(site.server.databasePath, "select id from artisans where email = 'anna.blu@example.com'")).toHaveLength(1)
    await waitForEmails(site.ses.emails, 9)
    // Everything queued is sent: the mailbox holds all it ever will.
    await settle()
    expect(sentTo(await site.ses.emails(), 'anna.blu')).toHaveLength(3)
    expect(sentTo(await site.ses.emails(), OFFICE)).toHaveLength(6)
  })

  it('5 requests from one address at the same moment: still 3 leads and 2 messages, 5 notifications, 3 confirmations', async () => {
    await clearMailbox()
    const before = countRows(site.server.databasePath)
    const captchas = await Promise.all(Array.from({ length: 5 }, () => solveCaptcha(site.client)))
    await Promise.all(
      captchas.map((captcha, i) => submit(i % 2 ? 'contact' : 'quote', captcha, { email: 'marco.viola@gmail.com'.replace('@', i ? `+${i}@` : '@') })),
    )
    expect(countRows(site.server.databasePath)).toMatchObject({ leads: before.leads + 3, messages: before.messages + 2 })
    await waitForEmails(site.ses.emails, 8)
    // Everything queued is sent: the mailbox holds all it ever will.
    await settle()
    const all = await site.ses.emails()
    expect(all).toHaveLength(8)
    expect(sentTo(all, OFFICE)).toHaveLength(5)
    expect(sentTo(all, 'marco.viola')).toHaveLength(3)
  })
})

describe('links in what visitors type never become links in our mails', () => {
  const PAYLOADS = [
    'https://evil.example/login',
    'www.evil.example',
    'evil.example',
    '<a href="https://evil.example/a">clicca qui</a>',
    'mailto:phish@evil.example',
    'HTTPS://EVIL.EXAMPLE/Login',
    'http://192.168.1.10/admin',
    '//evil.example/x',
    'https:\\\\evil.example',
    'evil\u200B.example',
    'evil。example',
    'javascript:alert(1)',
    'ftp://evil.example/file',
  ]
  const text = `Buongiorno, ecco i link: ${PAYLOADS.join(' ; ')}. Grazie`

  const FILE_EXTENSION_DOT = /\.(?:pdf|png|jpe?g|gif|webp|avif|bmp|heic|heif|tiff?|docx?|txt)(?![\p{L}\p{N}-])/giu
  /** Everything of a mail a client shows or links: subject, every href, the text of the HTML part and the text part. */
  function checkMail(mail: SesEmail, visitorAddress: string) {
    const html = mail.body.html ?? ''
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\/www\.artigianimilano\.it\//)
    const shown = html
      .replace(/<!DOCTYPE[^>]*>/i, '')
      .replaceAll(/<[^>]*>/g, ' ')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&')
    // What is ours or a validated address may stay linkable; nothing else may.
    const ours = (part: string) => part.replaceAll(/https:\/\/www\.artigianimilano\.it\/[^\s"<\]]*/g, '').replaceAll(visitorAddress, '')
    for (const part of [mail.subject, ours(shown), ours(mail.body.text ?? '')]) {
      expect(part).not.toMatch(/evil\.example|evil。example|evil\u200B\.example|192\.168\.1\.10/i)
      expect(part).not.toMatch(/[a-z]:(\/\/|\\\\)/i)
      expect(part).not.toMatch(/\b(mailto|javascript):\S/i)
      expect(part).not.toMatch(/www\.\p{L}/iu)
      // A file name keeps the dot of an extension the forms take, none of which is a top-level domain (decision 031).
      expect(part.replaceAll(FILE_EXTENSION_DOT, '')).not.toMatch(/[\p{L}\p{N}-]\.\p{L}[\p{L}\p{N}-]/u)
    }
  }

  it('in the quote: the confirmation and the office notification', async () => {
    const mails = await mailsOf('quote', {
      fullName: 'Mario www.evil.example',
      email: 'link.preventivo@example.com',
      description: text,
      location: { label: 'Vai su evil.example', placeId: 'evil.example' },
      fromPage: 'https://evil.example/from',
      utm: { source: 'evil.example', medium: 'https://evil.example', campaign: 'www.evil.example' },
      attachments: [{ name: 'evil.example.png', dataUrl: `data:image/png;base64,${samples.png.toString('base64')}` }],
    })
    expect(mails.map((m) => m.destination.to[0]).sort()).toEqual(['link.preventivo@example.com', OFFICE])
    for (const mail of mails) checkMail(mail, 'link.preventivo@example.com')
    const confirmation = mails.find((m) => m.destination.to[0] === 'link.preventivo@example.com')!
    expect(confirmation.body.text).toContain('hxxps[:]//evil[.]example/login')
  })

  it('in the contact message, its subject included', async () => {
    const mails = await mailsOf('contact', {
      fullName: 'evil.example',
      email: 'link.contatto@example.com',
      subject: 'Offerta su https://evil.example',
      message: text,
    })
    for (const mail of mails) checkMail(mail, 'link.contatto@example.com')
  })

  it('in the craftsman application', async () => {
    const mails = await mailsOf('application', {
      contactName: 'Luca www.evil.example',
      email: 'link.candidatura@example.com',
      companyName: 'evil.example S.r.l.',
      vatNumber: 'evil.example',
      description: text,
      operativeZones: 'Milano, https://evil.example, evil.example',
      fromPage: 'mailto:phish@evil.example',
    })
    for (const mail of mails) checkMail(mail, 'link.candidatura@example.com')
  })
})
