import { describe, expect, it } from 'vitest'
import { createChallenge } from '#server/security/captcha.ts'
import { COMUNE_OUTSIDE } from '#shared/address.ts'
import {
  ANSWER_NOT_A_NUMBER,
  ANSWER_NOT_AN_OPTION,
  ANSWER_NOT_FOR_SERVICE,
  ANSWER_REQUIRED,
  numberOutOfRange,
  TIMING_INVALID,
} from '#shared/schemas/service-answers.ts'
import { startApp } from './helpers/app.ts'
import {
  countRows,
  dataUrl,
  type FormName,
  messagesByField,
  pngOfSize,
  publicClient,
  type Rejection,
  rejection,
  samples,
  sendForm,
  serveRequests,
  solveCaptcha,
  validContact,
  validQuote,
  waitForEmails,
} from './helpers/requests.ts'
import { mailEnv } from './helpers/ses.ts'
import { changeRows } from './helpers/database.ts'

const CAPTCHA_SECRET = 'a-test-secret-that-is-long-enough-for-hmac-signing'
const site = serveRequests({ CAPTCHA_SECRET, RATE_LIMIT_MAX: '1000', MAIL_RETRY_BASE_MS: '100' }, {}, startApp)

const nothingStored = () => expect(countRows(site.server.databasePath)).toEqual({ leads: 0, messages: 0, attachments: 0, outbox: 0, artisans: 0 })

/** Sends a form with a solved captcha and every field valid but the given ones (a captcha of its own too); it must be refused. */
async function sentWith(form: FormName, fields: Record<string, unknown>) {
  return rejection(sendForm(site.client, form, { ...(await solveCaptcha(site.client)), ...fields }))
}

/** A 400 with exactly these messages by field, and nothing stored. */
function expectRefused(rejected: Rejection, messages: Record<string, string>) {
  expect(rejected.status).toBe(400)
  expect(messagesByField(rejected)).toEqual(messages)
  nothingStored()
}

/** What a form is sent with, and the exact messages it is refused with. */
type Refusal = [what: string, form: FormName, overrides: Record<string, unknown>, messages: Record<string, string>]

function refuses(cases: Refusal[]) {
  for (const [what, form, overrides, messages] of cases) {
    it(`refuses ${what}`, async () => expectRefused(await sentWith(form, overrides), messages))
  }
}

describe('a quote request the server refuses', () => {
  it('names every missing field with its Italian message', async () => {
    const rejected = await rejection(site.client.requests.quote.mutate({} as never))
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toMatchObject({
      fullName: 'Il nome è obbligatorio.',
      email: "Inserisci un'email valida.",
      phone: 'Il numero di telefono è obbligatorio.',
      serviceId: 'Seleziona un servizio valido.',
      description: 'La descrizione è obbligatoria.',
      street: 'Inserisci via e numero civico.',
      comuneSlug: "Scegli il comune dell'intervento.",
      captchaAnswer: "Inserisci il risultato dell'addizione.",
    })
    expect(rejected.message).toBe('Il nome è obbligatorio.')
    nothingStored()
  })

  refuses([
    [
      'empty and malformed values',
      'quote',
      { fullName: '   ', email: 'mario.rossi', phone: 'chiamami', description: '' },
      {
        fullName: 'Il nome è obbligatorio.',
        email: "Inserisci un'email valida.",
        phone: 'Inserisci un numero di telefono valido.',
        description: 'La descrizione è obbligatoria.',
      },
    ],
    [
      'an e-mail address with a line break (header injection)',
      'quote',
      { email: 'mario.rossi@example.com\r\nBcc: everyone@example.com' },
      { email: "Inserisci un'email valida." },
    ],
    ['a name with a line break', 'quote', { fullName: 'Mario\nBcc: everyone@example.com' }, { fullName: 'Il nome non può andare a capo.' }],
    ['10 KB of text in a name', 'quote', { fullName: 'M'.repeat(10 * 1024) }, { fullName: 'Il nome può contenere al massimo 100 caratteri.' }],
    ['an unknown service', 'quote', { serviceId: 'astronauta' }, { serviceId: 'Seleziona un servizio valido.' }],
    // The address (docs/product.md §3): the street on one line of at most 120 characters, a comune of the province.
    ['no street', 'quote', { street: '   ' }, { street: 'Inserisci via e numero civico.' }],
    [
      'a street of 2,000 characters',
      'quote',
      { street: 'Via Roma '.repeat(223).slice(0, 2000) },
      { street: "L'indirizzo può contenere al massimo 120 caratteri." },
    ],
    ['a street of 121 characters', 'quote', { street: `Via ${'a'.repeat(117)}` }, { street: "L'indirizzo può contenere al massimo 120 caratteri." }],
    ...['\n', '\r', '\r\n', '\u0000'].map(
      (breaks): Refusal => [
        `a street with ${JSON.stringify(breaks)} inside`,
        'quote',
        { street: `Via Roma 10${breaks}Bcc: everyone@example.com` },
        { street: "L'indirizzo non può andare a capo." },
      ],
    ),
    ['no comune', 'quote', { comuneSlug: undefined }, { comuneSlug: "Scegli il comune dell'intervento." }],
    ...['bergamo', 'monza', 'comune-milano', 'Milano', 'milano ', '', 'x'.repeat(10_000)].map(
      (comuneSlug): Refusal => [
        `the comune ${JSON.stringify(comuneSlug.slice(0, 20))}, not one of the province's`,
        'quote',
        { comuneSlug },
        { comuneSlug: comuneSlug === '' ? "Scegli il comune dell'intervento." : COMUNE_OUTSIDE },
      ],
    ),
    [
      'a marketing consent that is not a yes or no',
      'quote',
      { marketingConsent: 'sì' },
      { marketingConsent: 'Il consenso alle comunicazioni commerciali non è valido.' },
    ],
    [
      '4 files',
      'quote',
      { attachments: Array(4).fill({ name: 'foto.png', dataUrl: dataUrl('image/png', samples.png) }) },
      { attachments: 'Puoi caricare un massimo di 3 file.' },
    ],
  ])

  it('refuses a 6 MB file', async () => {
    const rejected = await sentWith('quote', { attachments: [{ name: 'foto-bagno.png', dataUrl: dataUrl('image/png', pngOfSize(6 * 1024 * 1024)) }] })
    expect(rejected.status).toBe(400)
    expect(rejected.issues).toEqual([{ path: ['attachments', 0, 'dataUrl'], message: 'Il file "foto-bagno.png" supera la dimensione massima di 5MB.' }])
    nothingStored()
  })

  it('refuses a program renamed to .pdf, by its content', async () => {
    const rejected = await sentWith('quote', { attachments: [{ name: 'preventivo.pdf', dataUrl: dataUrl('application/pdf', samples.exe) }] })
    expect(rejected.status).toBe(400)
    expect(rejected.issues).toEqual([
      {
        path: ['attachments', 0, 'dataUrl'],
        message: 'Il file "preventivo.pdf" non è di un tipo consentito: puoi allegare immagini, PDF, .doc, .docx e .txt.',
      },
    ])
    nothingStored()
  })

  it('refuses a data URL that is not base64', async () => {
    for (const bad of ['data:application/pdf;base64,%%%non-base64%%%', 'data:text/plain,ciao a tutti', 'data:application/pdf;base64,QUJD=']) {
      const rejected = await sentWith('quote', { attachments: [{ name: 'documento.pdf', dataUrl: bad }] })
      expect(rejected.status).toBe(400)
      expect(rejected.issues.map((i) => i.message)).toEqual(['Il file "documento.pdf" non è leggibile: selezionalo di nuovo.'])
    }
    nothingStored()
  })

  it('refuses a wrong captcha answer, and the same challenge afterwards', async () => {
    const { captchaToken, captchaAnswer } = await solveCaptcha(site.client)
    const wrong = String(Number(captchaAnswer) + 1)
    expectRefused(await sentWith('quote', { captchaToken, captchaAnswer: wrong }), { captchaAnswer: "Per favore, risolvi correttamente l'addizione." })
    expectRefused(await sentWith('quote', { captchaToken, captchaAnswer }), { captchaAnswer: "L'addizione è già stata usata: risolvi quella nuova." })
  })

  it('accepts a challenge once when the same answer arrives five times at once', async () => {
    const captcha = await solveCaptcha(site.client)
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => site.client.requests.contact.mutate({ ...validContact(), ...captcha })))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const rejected = await rejection(Promise.reject(outcome.reason))
      expect(rejected.status).toBe(400)
      expect(messagesByField(rejected)).toEqual({ captchaAnswer: "L'addizione è già stata usata: risolvi quella nuova." })
    }
    expect(countRows(site.server.databasePath)).toMatchObject({ messages: 1, outbox: 2 })
    await waitForEmails(site.ses.emails, 2)
    changeRows(site.server.databasePath, 'delete from email_outbox')
    changeRows(site.server.databasePath, 'delete from contact_messages')
    await site.ses.clear()
  })

  it('refuses a captcha token that was tampered with', async () => {
    const { captchaToken, captchaAnswer, proofOfWork } = await solveCaptcha(site.client)
    const [data, signature] = captchaToken.split('.')
    const payload = JSON.parse(Buffer.from(data!, 'base64url').toString()) as { a: number; b: number }
    const forged = Buffer.from(JSON.stringify({ ...payload, a: 1, b: 1 })).toString('base64url')
    expect(captchaAnswer).toMatch(/^\d+$/)
    const rejected = await rejection(sendForm(site.client, 'quote', { captchaToken: `${forged}.${signature}`, captchaAnswer: '2', proofOfWork }))
    expectRefused(rejected, { captchaAnswer: "Per favore, risolvi correttamente l'addizione." })
  })

  it('refuses an expired captcha', async () => {
    const old = createChallenge(Buffer.from(CAPTCHA_SECRET), Date.now() - 2 * 60 * 60 * 1000)
    const { proofOfWork } = await solveCaptcha(site.client)
    const rejected = await rejection(sendForm(site.client, 'quote', { captchaToken: old.token, captchaAnswer: String(old.a + old.b), proofOfWork }))
    expectRefused(rejected, { captchaAnswer: "L'addizione è scaduta: risolvi quella nuova." })
  })

  it('refuses a filled honeypot', async () => {
    const rejected = await sentWith('quote', { website: 'https://spam.example.com' })
    expect(rejected.status).toBe(400)
    expect(rejected.message).toBe('Richiesta non valida.')
    nothingStored()
  })

  it('refuses a request from another site (CSRF)', async () => {
    const response = await fetch(`${site.server.url}/trpc/requests.quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'x-trpc-source': 'web' },
      body: JSON.stringify({ ...validQuote(), ...(await solveCaptcha(site.client)) }),
    })
    expect(response.status).toBe(403)
    nothingStored()
  })
})

describe('answers to the service’s questions the server refuses (shared/catalog/questions.ts)', () => {
  // Each: the exact issues by path (the question's own, or the answers as a whole), a 400, and nothing stored or sent.
  const cases: [what: string, overrides: Record<string, unknown>, issues: { path: (string | number)[]; message: string }[]][] = [
    [
      'answers of another service (the service changed after answering)',
      { serviceId: 'idraulico', answers: { intervento: 'punti-luce', problema: 'perdita' } },
      [{ path: ['answers'], message: ANSWER_NOT_FOR_SERVICE }],
    ],
    [
      'an answer for Altro, which asks nothing',
      { serviceId: 'altro', answers: { intervento: 'guasto' } },
      [{ path: ['answers'], message: ANSWER_NOT_FOR_SERVICE }],
    ],
    [
      'an answer under "__proto__"',
      { answers: JSON.parse('{"intervento":"guasto","__proto__":{"x":1}}') },
      [{ path: ['answers'], message: ANSWER_NOT_FOR_SERVICE }],
    ],
    [
      'more answers than any service has questions',
      { answers: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`q${i}`, '1'])) },
      [{ path: ['answers'], message: ANSWER_NOT_FOR_SERVICE }],
    ],
    [
      'an option that is not among the question’s',
      { answers: { intervento: 'trasloco' } },
      [{ path: ['answers', 'intervento'], message: ANSWER_NOT_AN_OPTION }],
    ],
    ['10 KB in an answer', { answers: { intervento: 'g'.repeat(10 * 1024) } }, [{ path: ['answers', 'intervento'], message: ANSWER_NOT_AN_OPTION }]],
    [
      'a number out of range',
      { answers: { intervento: 'guasto', superficie: '2001' } },
      [{ path: ['answers', 'superficie'], message: 'Inserisci un numero da 1 a 2.000.' }],
    ],
    [
      'a number below the range',
      { answers: { intervento: 'guasto', superficie: -5 } },
      [{ path: ['answers', 'superficie'], message: numberOutOfRange(1, 2000) }],
    ],
    [
      'a number that is not a number',
      { answers: { intervento: 'guasto', superficie: 'ottanta' } },
      [{ path: ['answers', 'superficie'], message: ANSWER_NOT_A_NUMBER }],
    ],
    ['a number with decimals', { answers: { intervento: 'guasto', superficie: 80.5 } }, [{ path: ['answers', 'superficie'], message: ANSWER_NOT_A_NUMBER }]],
    ['no answer to the required question', { answers: { superficie: '80' } }, [{ path: ['answers', 'intervento'], message: ANSWER_REQUIRED }]],
    ['an empty answer to the required question', { answers: { intervento: '' } }, [{ path: ['answers', 'intervento'], message: ANSWER_REQUIRED }]],
    ['a "Quando?" that is not one of its answers', { timing: 'ieri' }, [{ path: ['timing'], message: TIMING_INVALID }]],
  ]
  for (const [what, overrides, issues] of cases) {
    it(`refuses ${what}`, async () => {
      const rejected = await sentWith('quote', overrides)
      expect(rejected.status).toBe(400)
      expect(rejected.issues).toEqual(issues)
      expect(rejected.message).toBe(issues[0]!.message)
      nothingStored()
    })
  }
})

describe('a contact message the server refuses', () => {
  it('names the missing fields', async () => {
    const rejected = await rejection(site.client.requests.contact.mutate({ ...(await solveCaptcha(site.client)) } as never))
    expectRefused(rejected, {
      fullName: 'Il nome è obbligatorio.',
      email: "Inserisci un'email valida.",
      subject: "L'oggetto è obbligatorio.",
      message: 'Il messaggio è obbligatorio.',
    })
  })

  refuses([
    [
      'a subject with a line break and a malformed phone',
      'contact',
      { subject: 'Ciao\r\nBcc: x@example.com', phone: '12ab' },
      { subject: "L'oggetto non può andare a capo.", phone: 'Inserisci un numero di telefono valido.' },
    ],
    [
      'a marketing consent that is not a yes or no',
      'contact',
      { marketingConsent: 'true' },
      { marketingConsent: 'Il consenso alle comunicazioni commerciali non è valido.' },
    ],
  ])
})

describe('a craftsman application the server refuses', () => {
  refuses([
    [
      'what docs/product.md §5 refuses, with its messages',
      'application',
      { contactName: 'L', email: 'luca@', phone: '0212', specializationSectors: [], description: 'corta', operativeZones: 'MI', privacyConsent: false },
      {
        contactName: 'Il nome del referente è obbligatorio.',
        email: "Inserisci un'email valida.",
        phone: 'Inserisci un numero di telefono valido.',
        specializationSectors: 'Seleziona almeno un settore di specializzazione.',
        description: 'La descrizione deve contenere almeno 10 caratteri.',
        operativeZones: 'Indica almeno una zona operativa.',
        privacyConsent: 'Il consenso alla privacy è obbligatorio.',
      },
    ],
    [
      '10 KB of text in the contact name',
      'application',
      { contactName: 'L'.repeat(10 * 1024) },
      { contactName: 'Il nome del referente può contenere al massimo 100 caratteri.' },
    ],
  ])

  it('refuses a sector that does not exist', async () => {
    const rejected = await sentWith('application', { specializationSectors: ['Astronauta'] })
    expect(rejected.issues).toEqual([{ path: ['specializationSectors', 0], message: 'Settore non valido.' }])
    nothingStored()
  })
})

describe('after all those refusals', () => {
  it('SES received nothing, and a valid request still goes through (2 e-mails, no more)', async () => {
    expect(await site.ses.emails()).toEqual([])
    await site.client.requests.contact.mutate({ ...validContact(), ...(await solveCaptcha(site.client)) })
    const emails = await waitForEmails(site.ses.emails, 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await site.ses.emails()).toHaveLength(2)
    expect(emails.map((e) => e.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', 'richieste@artigianimilano.it'])
    expect(site.server.logs.some((line) => line.includes('"status":500'))).toBe(false)
  })
})

describe('the rate limit', () => {
  it('answers 429 with an Italian message after RATE_LIMIT_MAX submissions from one IP, storing nothing more', async () => {
    const limited = await startApp({ ...mailEnv(site.ses), RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '600' })
    try {
      const own = publicClient(limited.url)
      const statuses: number[] = []
      for (let i = 0; i < 50; i++) {
        try {
          // One address each: confirmations to a single address are capped at 3 a day.
          await own.requests.contact.mutate({ ...validContact({ email: `giulia${i}@example.com` }), ...(await solveCaptcha(own)) })
          statuses.push(200)
        } catch (error) {
          const rejected = await rejection(Promise.reject(error))
          expect(rejected.message).toBe('Hai inviato troppe richieste in poco tempo. Riprova tra qualche minuto.')
          expect(rejected.code).toBe('TOO_MANY_REQUESTS')
          statuses.push(rejected.status)
        }
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(45)
      expect(countRows(limited.databasePath)).toMatchObject({ messages: 5, outbox: 10 })
      const response = await fetch(`${limited.url}/trpc/requests.contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
        body: JSON.stringify({ ...validContact(), ...(await solveCaptcha(own)) }),
      })
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.stop()
    }
  })
})
