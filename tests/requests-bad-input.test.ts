import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge } from '#server/security/captcha.ts'
import { type RunningServer, startServer } from './helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'
import {
  countRows,
  dataUrl,
  messagesByField,
  pngOfSize,
  type PublicClient,
  publicClient,
  rejection,
  samples,
  solveCaptcha,
  validApplication,
  validContact,
  validQuote,
  waitForEmails,
} from './helpers/requests.ts'

const CAPTCHA_SECRET = 'a-test-secret-that-is-long-enough-for-hmac-signing'
let ses: RunningSes
let server: RunningServer
let client: PublicClient

beforeAll(async () => {
  ses = await startSes()
  server = await startServer({ ...mailEnv(ses), CAPTCHA_SECRET, RATE_LIMIT_MAX: '1000', MAIL_RETRY_BASE_MS: '100' })
  client = publicClient(server.url)
})
afterAll(async () => {
  await server?.stop()
  await ses?.stop()
})

const nothingStored = () => expect(countRows(server.databasePath)).toEqual({ leads: 0, attachments: 0, outbox: 0, artisans: 0 })

async function quoteWith(overrides: Record<string, unknown>) {
  return rejection(client.requests.quote.mutate({ ...validQuote(overrides), ...(await solveCaptcha(client)) } as never))
}

describe('a quote request the server refuses', () => {
  it('names every missing field with its Italian message', async () => {
    const rejected = await rejection(client.requests.quote.mutate({} as never))
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toMatchObject({
      fullName: 'Il nome è obbligatorio.',
      email: "Inserisci un'email valida.",
      phone: 'Il numero di telefono è obbligatorio.',
      serviceId: 'Seleziona un servizio valido.',
      description: 'La descrizione è obbligatoria.',
      captchaAnswer: "Inserisci il risultato dell'addizione.",
    })
    nothingStored()
  })

  it('refuses empty and malformed values', async () => {
    const rejected = await quoteWith({ fullName: '   ', email: 'mario.rossi', phone: 'chiamami', description: '' })
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({
      fullName: 'Il nome è obbligatorio.',
      email: "Inserisci un'email valida.",
      phone: 'Inserisci un numero di telefono valido.',
      description: 'La descrizione è obbligatoria.',
    })
    nothingStored()
  })

  it('refuses an e-mail address with a line break (header injection)', async () => {
    const rejected = await quoteWith({ email: 'mario.rossi@example.com\r\nBcc: everyone@example.com' })
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ email: "Inserisci un'email valida." })
    nothingStored()
  })

  it('refuses a name with a line break', async () => {
    const rejected = await quoteWith({ fullName: 'Mario\nBcc: everyone@example.com' })
    expect(messagesByField(rejected)).toEqual({ fullName: 'Il nome non può andare a capo.' })
    nothingStored()
  })

  it('refuses 10 KB of text in a name', async () => {
    const rejected = await quoteWith({ fullName: 'M'.repeat(10 * 1024) })
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ fullName: 'Il nome può contenere al massimo 100 caratteri.' })
    nothingStored()
  })

  it('refuses an unknown service', async () => {
    const rejected = await quoteWith({ serviceId: 'astronauta' })
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ serviceId: 'Seleziona un servizio valido.' })
    nothingStored()
  })

  it('refuses a 6 MB file', async () => {
    const rejected = await quoteWith({ attachments: [{ name: 'foto-bagno.png', dataUrl: dataUrl('image/png', pngOfSize(6 * 1024 * 1024)) }] })
    expect(rejected.status).toBe(400)
    expect(rejected.issues).toEqual([
      { path: ['attachments', 0, 'dataUrl'], message: 'Il file "foto-bagno.png" supera la dimensione massima di 5MB.', code: 'custom' },
    ])
    nothingStored()
  })

  it('refuses 4 files', async () => {
    const file = { name: 'foto.png', dataUrl: dataUrl('image/png', samples.png) }
    const rejected = await quoteWith({ attachments: [file, file, file, file] })
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ attachments: 'Puoi caricare un massimo di 3 file.' })
    nothingStored()
  })

  it('refuses a program renamed to .pdf, by its content', async () => {
    const rejected = await quoteWith({ attachments: [{ name: 'preventivo.pdf', dataUrl: dataUrl('application/pdf', samples.exe) }] })
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
      const rejected = await quoteWith({ attachments: [{ name: 'documento.pdf', dataUrl: bad }] })
      expect(rejected.status).toBe(400)
      expect(rejected.issues.map((i) => i.message)).toEqual(['Il file "documento.pdf" non è leggibile: selezionalo di nuovo.'])
    }
    nothingStored()
  })

  it('refuses a wrong captcha answer, and the same challenge afterwards', async () => {
    const { captchaToken, captchaAnswer } = await solveCaptcha(client)
    const wrong = String(Number(captchaAnswer) + 1)
    const rejected = await rejection(client.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(client)), captchaToken, captchaAnswer: wrong }))
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ captchaAnswer: "Per favore, risolvi correttamente l'addizione." })
    const retried = await rejection(client.requests.quote.mutate({ ...validQuote(), ...(await solveCaptcha(client)), captchaToken, captchaAnswer }))
    expect(messagesByField(retried)).toEqual({ captchaAnswer: "L'addizione è già stata usata: risolvi quella nuova." })
    nothingStored()
  })

  it('accepts a challenge once when the same answer arrives five times at once', async () => {
    const captcha = await solveCaptcha(client)
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => client.requests.contact.mutate({ ...validContact(), ...captcha })))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const rejected = await rejection(Promise.reject(outcome.reason))
      expect(rejected.status).toBe(400)
      expect(messagesByField(rejected)).toEqual({ captchaAnswer: "L'addizione è già stata usata: risolvi quella nuova." })
    }
    expect(countRows(server.databasePath)).toMatchObject({ leads: 1, outbox: 2 })
    await waitForEmails(ses.emails, 2)
    const db = new Database(server.databasePath)
    db.exec('delete from email_outbox; delete from leads')
    db.close()
    await ses.clear()
  })

  it('refuses a captcha token that was tampered with', async () => {
    const { captchaToken, captchaAnswer, proofOfWork } = await solveCaptcha(client)
    const [data, signature] = captchaToken.split('.')
    const payload = JSON.parse(Buffer.from(data!, 'base64url').toString()) as { a: number; b: number }
    const forged = Buffer.from(JSON.stringify({ ...payload, a: 1, b: 1 })).toString('base64url')
    const rejected = await rejection(client.requests.quote.mutate({ ...validQuote(), captchaToken: `${forged}.${signature}`, captchaAnswer: '2', proofOfWork }))
    expect(messagesByField(rejected)).toEqual({ captchaAnswer: "Per favore, risolvi correttamente l'addizione." })
    expect(captchaAnswer).toMatch(/^\d+$/)
    nothingStored()
  })

  it('refuses an expired captcha', async () => {
    const old = createChallenge(Buffer.from(CAPTCHA_SECRET), Date.now() - 2 * 60 * 60 * 1000)
    const { proofOfWork } = await solveCaptcha(client)
    const rejected = await rejection(
      client.requests.quote.mutate({ ...validQuote(), captchaToken: old.token, captchaAnswer: String(old.a + old.b), proofOfWork }),
    )
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({ captchaAnswer: "L'addizione è scaduta: risolvi quella nuova." })
    nothingStored()
  })

  it('refuses a filled honeypot', async () => {
    const rejected = await quoteWith({ website: 'https://spam.example.com' })
    expect(rejected.status).toBe(400)
    expect(rejected.message).toBe('Richiesta non valida.')
    nothingStored()
  })

  it('refuses a request from another site (CSRF)', async () => {
    const response = await fetch(`${server.url}/trpc/requests.quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'x-trpc-source': 'web' },
      body: JSON.stringify({ ...validQuote(), ...(await solveCaptcha(client)) }),
    })
    expect(response.status).toBe(403)
    nothingStored()
  })
})

describe('a contact message the server refuses', () => {
  it('names the missing fields', async () => {
    const rejected = await rejection(client.requests.contact.mutate({ ...(await solveCaptcha(client)) } as never))
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({
      fullName: 'Il nome è obbligatorio.',
      email: "Inserisci un'email valida.",
      subject: "L'oggetto è obbligatorio.",
      message: 'Il messaggio è obbligatorio.',
    })
    nothingStored()
  })

  it('refuses a subject with a line break and a malformed phone', async () => {
    const rejected = await rejection(
      client.requests.contact.mutate({ ...validContact({ subject: 'Ciao\r\nBcc: x@example.com', phone: '12ab' }), ...(await solveCaptcha(client)) }),
    )
    expect(messagesByField(rejected)).toEqual({ subject: "L'oggetto non può andare a capo.", phone: 'Inserisci un numero di telefono valido.' })
    nothingStored()
  })
})

describe('a craftsman application the server refuses', () => {
  it('answers with the messages of docs/product.md §5', async () => {
    const rejected = await rejection(
      client.requests.application.mutate({
        ...validApplication({
          contactName: 'L',
          email: 'luca@',
          phone: '0212',
          specializationSectors: [],
          description: 'corta',
          operativeZones: 'MI',
          privacyConsent: false,
        }),
        ...(await solveCaptcha(client)),
      }),
    )
    expect(rejected.status).toBe(400)
    expect(messagesByField(rejected)).toEqual({
      contactName: 'Il nome del referente è obbligatorio.',
      email: "Inserisci un'email valida.",
      phone: 'Inserisci un numero di telefono valido.',
      specializationSectors: 'Seleziona almeno un settore di specializzazione.',
      description: 'La descrizione deve contenere almeno 10 caratteri.',
      operativeZones: 'Indica almeno una zona operativa.',
      privacyConsent: 'Il consenso alla privacy è obbligatorio.',
    })
    nothingStored()
  })

  it('refuses a sector that does not exist', async () => {
    const rejected = await rejection(
      client.requests.application.mutate({ ...validApplication({ specializationSectors: ['Astronauta'] }), ...(await solveCaptcha(client)) }),
    )
    expect(rejected.issues).toEqual([expect.objectContaining({ path: ['specializationSectors', 0], message: 'Settore non valido.' })])
    nothingStored()
  })

  it('refuses 10 KB of text in the contact name', async () => {
    const rejected = await rejection(
      client.requests.application.mutate({ ...validApplication({ contactName: 'L'.repeat(10 * 1024) }), ...(await solveCaptcha(client)) }),
    )
    expect(messagesByField(rejected)).toEqual({ contactName: 'Il nome del referente può contenere al massimo 100 caratteri.' })
    nothingStored()
  })
})

describe('after all those refusals', () => {
  it('SES received nothing, and a valid request still goes through (2 e-mails, no more)', async () => {
    expect(await ses.emails()).toEqual([])
    await client.requests.contact.mutate({ ...validContact(), ...(await solveCaptcha(client)) })
    const emails = await waitForEmails(ses.emails, 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await ses.emails()).toHaveLength(2)
    expect(emails.map((e) => e.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', 'richieste@artigianimilano.it'])
    expect(server.logs.some((line) => line.includes('"status":500'))).toBe(false)
  })
})

describe('the rate limit', () => {
  it('answers 429 with an Italian message after RATE_LIMIT_MAX submissions from one IP, storing nothing more', async () => {
    const limited = await startServer({ ...mailEnv(ses), RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '600' })
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
      expect(countRows(limited.databasePath)).toMatchObject({ leads: 5, outbox: 10 })
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
