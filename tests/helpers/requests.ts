import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterAll, beforeAll } from 'vitest'
import { encodeProofOfWork, type ProofOfWorkChallenge } from '#server/security/proof-of-work.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import { type StartSite, spawnedSite, type TestSite } from './site.ts'
import type { RunningServer } from './server.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from './ses.ts'
import { countRowsOf } from './database.ts'
import { waitFor } from './wait.ts'

/** A public tRPC client as the site's pages use it: one HTTP request per call, with the CSRF header. */
export function publicClient(serverUrl: string, headers: Record<string, string> = {}) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${serverUrl}/trpc`, headers: () => ({ 'x-trpc-source': 'test', ...headers }) })],
  })
}
export type PublicClient = ReturnType<typeof publicClient>

/** The site a test file sends its forms to: the server, the SES emulator it mails through, and a public client. */
export type RequestSite<S extends TestSite = RunningServer> = { ses: RunningSes; server: S; client: PublicClient }

/**
 * Starts the SES emulator and a server mailing through it before the file's tests, and stops both after them. `start`
 * is startApp for a file about behaviour, not the process.
 */
export function serveRequests<S extends TestSite = RunningServer>(
  env: Record<string, string> = {},
  headers: Record<string, string> = {},
  start: StartSite<S> = spawnedSite(),
): RequestSite<S> {
  const site: Partial<RequestSite<S>> = {}
  beforeAll(async () => {
    site.ses = await startSes()
    site.server = await start({ ...mailEnv(site.ses), ...env })
    site.client = publicClient(site.server.url, headers)
  })
  afterAll(async () => {
    await site.server?.stop()
    await site.ses?.stop()
  })
  // Filled in before the first test runs.
  return site as RequestSite<S>
}

export type SolvedCaptcha = { captchaToken: string; captchaAnswer: string; proofOfWork: string }

/** Asks for a captcha and answers it, as a person would, and does the proof of work the page does in the background. */
export async function solveCaptcha(client: PublicClient): Promise<SolvedCaptcha> {
  const challenge = await client.requests.captcha.query()
  return { captchaToken: challenge.token, captchaAnswer: String(challenge.a + challenge.b), proofOfWork: await solveProofOfWork(challenge.proofOfWork) }
}

/** The proof of work as the browser does it, with Node's own PBKDF2: ALTCHA's payload for the form. */
export async function solveProofOfWork(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the proof of work found no solution')
  return encodeProofOfWork(challenge, solution)
}

export const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`

/** Real file signatures, so checks by content see what they expect. */
export const samples = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  txt: Buffer.from('Misure della finestra: 120 x 140 cm.\nPiano terra.\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)]),
}

/** A file of the given size that starts like a PNG. */
export function pngOfSize(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41)
  samples.png.copy(file, 0, 0, Math.min(samples.png.length, bytes))
  return file
}

/** Every field of each public form, valid: what a test sends unless it says otherwise. */
const VALID_FIELDS = {
  quote: {
    fullName: 'Mario Rossi',
    email: 'mario.rossi@example.com',
    phone: '+39 333 123 4567',
    serviceId: 'elettricista',
    description: 'Devo rifare l’impianto elettrico del bagno: tre prese e due punti luce.',
    // The electrician's questions (shared/catalog/questions.ts): the required one, a number, and "Quando?".
    answers: { intervento: 'punti-luce', superficie: '70' },
    timing: 'entro-2-settimane' as const,
    location: { label: 'Sesto San Giovanni', placeId: 'comune-sesto-san-giovanni' },
    street: 'Via Dante Alighieri 12',
    comuneSlug: 'sesto-san-giovanni',
    attachments: [] as { name: string; dataUrl: string }[],
    fromPage: 'https://www.artigianimilano.it/elettricista',
    utm: { source: 'google', medium: 'cpc', campaign: 'elettricisti-autunno' },
  },
  contact: {
    fullName: 'Giulia Bianchi',
    email: 'giulia.bianchi@example.com',
    phone: '',
    subject: 'Collaborazione',
    message: 'Vorrei sapere se coprite anche la zona di Rho.',
    fromPage: 'https://www.artigianimilano.it/contattaci',
  },
  application: {
    companyName: 'Impianti Verdi S.r.l.',
    vatNumber: '01234567890',
    contactName: 'Luca Verdi',
    email: 'luca.verdi@example.com',
    phone: '02 1234 5678',
    specializationSectors: ['Elettricista', 'Domotica'],
    description: 'Impianti elettrici civili e domotica da vent’anni.',
    operativeZones: 'Milano, Sesto San Giovanni, Monza',
    privacyConsent: true,
    fromPage: 'https://www.artigianimilano.it/area-artigiani',
  },
}

export type FormName = keyof typeof VALID_FIELDS

/** The form's valid fields, with those given in their place (or added). */
export function validFields<F extends FormName>(form: F, overrides: Record<string, unknown> = {}) {
  return { ...VALID_FIELDS[form], ...overrides }
}

export const validQuote = (overrides: Record<string, unknown> = {}) => validFields('quote', overrides)
export const validContact = (overrides: Record<string, unknown> = {}) => validFields('contact', overrides)
export const validApplication = (overrides: Record<string, unknown> = {}) => validFields('application', overrides)

/** Sends one form: every field valid but those given, captcha fields included (none unless given). */
export function sendForm(client: PublicClient, form: FormName, fields: Record<string, unknown> = {}) {
  return client.requests[form].mutate(validFields(form, fields) as never)
}

/** Row counts of everything a request can store. */
export function countRows(databasePath: string) {
  const count = (table: string) => countRowsOf(databasePath, table)
  return {
    leads: count('leads'),
    messages: count('contact_messages'),
    attachments: count('lead_attachments'),
    outbox: count('email_outbox'),
    artisans: count('artisans'),
  }
}

export { readRows } from './database.ts'

export type Rejection = { status: number; code: string; message: string; issues: { path: (string | number)[]; message: string }[] }

/** Runs a call that must fail and returns how: HTTP status, tRPC code, message, and the field issues of its data if any. */
export async function rejection(call: Promise<unknown>): Promise<Rejection> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error
    const data = error.data as { httpStatus: number; code: string; fieldErrors?: Rejection['issues'] }
    return { status: data.httpStatus, code: data.code, message: error.message, issues: data.fieldErrors ?? [] }
  }
  throw new Error('the call was expected to fail, and it succeeded')
}

/** Messages of a rejection by the first element of their path. */
export function messagesByField(rejected: Rejection): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of rejected.issues) out[String(issue.path[0])] ??= issue.message
  return out
}

/** Waits until the emulator holds at least `count` e-mails. */
export function waitForEmails(emails: () => Promise<SesEmail[]>, count: number, timeoutMs = 20_000): Promise<SesEmail[]> {
  return waitFor(
    async () => {
      const list = await emails()
      return list.length >= count && list
    },
    timeoutMs,
    `${count} e-mails in SES`,
  )
}
