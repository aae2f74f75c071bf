import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { bodyLimitFor } from '#server/http/body-limit.ts'
import { leadListInputSchema, leadUpdateSchema } from './admin-leads.ts'
import { requesterEmailSchema, requesterListInputSchema } from './requesters.ts'
import { confirmEnrolmentSchema, passwordResetRequestSchema, signInSchema, updatePasswordSchema } from './admin-auth.ts'
import { artisanApplicationSchema } from './artisan-application.ts'
import { signInRequestSchema, verifySignInCodeSchema } from './artisan-sign-in.ts'
import { artisanFormSchema, artisanListSchema } from './artisan.ts'
import { consentInput, descriptionInput, photoCaptionInput, slugInput } from './artisan-profile.ts'
import { attachmentSchema } from './attachments.ts'
import { contactRequestSchema } from './contact-request.ts'
import { newsletterCampaignSchema } from './newsletter.ts'
import { historyInput, outcomeInput } from './area-offers.ts'
import { quoteRequestSchema } from './quote-request.ts'
import { isWrapper, zodDef } from '#tests/helpers/zod-shape.ts'

// Every schema that reads a request, with the procedure whose body limit bounds its strings and a valid input
// (refinements of a whole object run only when its fields are valid, so each field is tried inside a valid rest).
const cases: { procedure: string; schema: z.ZodType; valid: Record<string, unknown> }[] = [
  {
    procedure: 'requests.quote',
    schema: quoteRequestSchema,
    valid: {
      fullName: 'Mario Rossi',
      email: 'mario.rossi@example.com',
      phone: '+39 333 123 4567',
      serviceId: 'elettricista',
      description: 'Tre prese e due punti luce.',
      answers: { intervento: 'punti-luce', superficie: '80' },
      timing: 'entro-2-settimane',
      location: { label: 'Milano', placeId: 'comune-milano' },
      attachments: [{ name: 'foto.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' }],
      captchaToken: 'token',
      captchaAnswer: '12',
      fromPage: 'https://www.artigianimilano.it/elettricista',
      utm: { source: 'google', medium: 'cpc', campaign: 'autunno', term: 'elettricista', content: 'annuncio' },
      website: '',
    },
  },
  { procedure: 'requests.quote', schema: attachmentSchema, valid: { name: 'foto.png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' } },
  {
    procedure: 'requests.contact',
    schema: contactRequestSchema,
    valid: {
      fullName: 'Giulia Bianchi',
      email: 'giulia@example.com',
      phone: '02 1234 5678',
      subject: 'Collaborazione',
      message: 'Coprite anche Rho?',
      captchaToken: 'token',
      captchaAnswer: '7',
      fromPage: '/contattaci',
      utm: { source: 'newsletter' },
      website: '',
    },
  },
  {
    procedure: 'requests.application',
    schema: artisanApplicationSchema,
    valid: {
      companyName: 'Impianti Verdi S.r.l.',
      vatNumber: '01234567890',
      contactName: 'Luca Verdi',
      email: 'luca@example.com',
      phone: '02 1234 5678',
      specializationSectors: ['Elettricista'],
      description: 'Impianti elettrici civili da vent’anni.',
      operativeZones: 'Milano, Monza',
      privacyConsent: true,
      fromPage: '/area-artigiani',
      website: '',
    },
  },
  { procedure: 'admin.auth.signIn', schema: signInSchema, valid: { email: 'admin@example.com', password: 'una password lunga', code: '123456' } },
  { procedure: 'admin.auth.confirmEnrolment', schema: confirmEnrolmentSchema, valid: { code: '123456', token: 'token' } },
  { procedure: 'admin.auth.requestPasswordReset', schema: passwordResetRequestSchema, valid: { email: 'admin@example.com' } },
  { procedure: 'area.signIn.request', schema: signInRequestSchema, valid: { email: 'luca@impianti-bianchi.it', redirect: '/artigiano/zone' } },
  { procedure: 'area.signIn.verifyCode', schema: verifySignInCodeSchema, valid: { code: '123 456', token: 'a'.repeat(43) } },
  {
    procedure: 'admin.auth.updatePassword',
    schema: updatePasswordSchema,
    valid: { password: 'una password lunga', confirmPassword: 'una password lunga', currentPassword: 'la vecchia password', token: 'token' },
  },
  {
    procedure: 'admin.leads.list',
    schema: leadListInputSchema,
    valid: { name: 'Rossi', email: 'rossi', phone: '333', service: 'Idraulico', location: 'Milano', from: '2026-01-01', to: '2026-12-31', page: '2' },
  },
  { procedure: 'admin.leads.update', schema: leadUpdateSchema, valid: { id: 1, status: 'contattato', notes: 'Richiamare lunedì.' } },
  {
    procedure: 'admin.requesters.list',
    schema: requesterListInputSchema,
    valid: { name: 'Rossi', email: 'rossi', phone: '333', location: 'Milano', page: '1' },
  },
  { procedure: 'admin.requesters.byEmail', schema: requesterEmailSchema, valid: { email: 'rossi@example.com' } },
  {
    procedure: 'admin.artisans.create',
    schema: artisanFormSchema,
    valid: {
      contact_name: 'Luca Verdi',
      company_name: 'Impianti Verdi',
      vat_number: '01234567890',
      email: 'luca@example.com',
      phone: '02 1234 5678',
      specialization_sectors: ['Elettricista'],
      operative_zones: 'Milano, Monza',
      status: 'active',
      is_verified: true,
      profile_image_url: 'https://example.com/luca.jpg',
      notes: 'Affidabile.',
    },
  },
  {
    procedure: 'admin.artisans.list',
    schema: artisanListSchema,
    valid: { page: '1', company: 'Verdi', contact: 'Luca', email: 'luca', phone: '02', status: 'active', sector: 'Elettricista', zone: 'Milano' },
  },
  { procedure: 'admin.artisanProfiles.setSlug', schema: slugInput, valid: { artisanId: 1, slug: 'impianti-verdi' } },
  { procedure: 'admin.artisanProfiles.recordConsent', schema: consentInput, valid: { artisanId: 1, day: '2026-11-20' } },
  { procedure: 'admin.artisanProfiles.setDescription', schema: descriptionInput, valid: { artisanId: 1, description: 'Impianti elettrici civili.' } },
  { procedure: 'admin.artisanProfiles.setPhotoCaption', schema: photoCaptionInput, valid: { photoId: 1, caption: 'Quadro elettrico rifatto' } },
  {
    procedure: 'admin.newsletter.create',
    schema: newsletterCampaignSchema,
    valid: { subject: 'Novità di novembre', bodyHtml: '<p>Ciao</p>', targetGroup: 'users', idempotencyKey: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' },
  },
  { procedure: 'area.offers.setOutcome', schema: outcomeInput, valid: { assignmentId: 1, outcome: 'acquisito', amount: '1.250,50' } },
  { procedure: 'area.offers.history', schema: historyInput, valid: { query: 'idraulico', page: 1 } },
]

type Path = (string | number)[]

/** Every string a schema reads, as paths into its input (0 for an array's elements). */
function stringPaths(schema: z.ZodType, prefix: Path = []): Path[] {
  const def = zodDef(schema)
  const inner = (key: string) => stringPaths(def[key] as z.ZodType, prefix)
  if (isWrapper(def)) return inner('innerType')
  switch (def.type) {
    case 'string':
      return [prefix]
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => stringPaths(field, [...prefix, key]))
    case 'array':
      return stringPaths(def.element as z.ZodType, [...prefix, 0])
    case 'record':
      // A value under a key of its own, beside the valid ones.
      return stringPaths(def.valueType as z.ZodType, [...prefix, 'x'])
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringPaths(option, prefix))
    case 'pipe':
      return [...inner('in'), ...inner('out')]
    case 'intersection':
      return [...inner('left'), ...inner('right')]
    default:
      return []
  }
}

function withValue(valid: Record<string, unknown>, path: Path, value: string): unknown {
  const copy = structuredClone(valid) as Record<string | number, unknown>
  let node = copy
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value
    else {
      node[key] ??= typeof path[i + 1] === 'number' ? [] : {}
      node = node[key] as Record<string | number, unknown>
    }
  }
  return copy
}

/** Inputs that make a backtracking pattern try every split: a long run, then a character that breaks the match at the end. */
const runs = [
  'a',
  'A',
  '0',
  ' ',
  '\t',
  '\u00a0',
  '.',
  '-',
  '_',
  '+',
  '/',
  '=',
  ';',
  ',',
  '@',
  '<',
  '"',
  "'",
  '(',
  'é',
  'ā',
  '\u202e',
  '\u0000',
  '\ud800',
  '%2e',
]
const patterns: { name: string; make: (n: number) => string }[] = [
  ...runs.map((run) => ({ name: `${JSON.stringify(run)} x n + "!"`, make: (n: number) => `${run.repeat(Math.ceil(n / run.length))}!` })),
  ...['a.', 'a@', 'a-', 'a ', '0 ', '0-', '(0)', 'a=', ';a=a', 'a;', 'aA0+/', 'a\r\n', '<a@a>', ' <', '\t\t '].map((unit) => ({
    name: `${JSON.stringify(unit)} x n + "!"`,
    make: (n: number) => `${unit.repeat(Math.ceil(n / unit.length))}!`,
  })),
  ...['data:', 'data:a/', 'data:a/a;', 'data:;base64,', 'data:image/png;base64,', 'a@a.', 'a@'].flatMap((head) => [
    { name: `${JSON.stringify(head)} + "a" x n + "!"`, make: (n: number) => `${head}${'a'.repeat(n)}!` },
    { name: `${JSON.stringify(head)} + "A" x n + "=!"`, make: (n: number) => `${head}${'A'.repeat(n)}=!` },
  ]),
  { name: '"data:" + ";a=a" x n', make: (n: number) => `data:${';a=a'.repeat(Math.ceil(n / 4))}` },
]

/** The shortest of a few runs: a busy machine adds time to a run, never takes it away. */
function timeParse(schema: z.ZodType, input: unknown, runs: number): number {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    schema.safeParse(input)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

const utf8 = new TextEncoder()

/** The most characters of this shape that fit in a body of `limit` bytes, as JSON in UTF-8. */
function charactersWithin(limit: number, make: (n: number) => string): number {
  const sample = make(4096)
  return Math.floor((limit * sample.length) / utf8.encode(JSON.stringify(sample)).length)
}

const FIRST_SIZE = 1024
/**
 * Time grows like the size for a linear parse and like its square for a quadratic one. A size ratio r allows r^1.5 and
 * a fifth more for the processor's caches (3.4x for 2x, 9.6x for 4x), which a square (4x, 16x) exceeds; a few ms leave
 * room for noise at small sizes.
 */
const allowedGrowth = (sizeRatio: number) => 1.2 * sizeRatio ** 1.5
const NOISE_MS = 5
/**
 * What one request may hold the event loop for, at the largest body its route accepts: 50 ms, or on a slower machine
 * four times what parsing that body as JSON takes there (a cost every request of that size pays before validation).
 */
const BUDGET_MS = 50
const BUDGET_OVER_JSON_PARSE = 4

/** The shortest of a few JSON.parse runs of the body that holds `input`: this machine's speed at that size. */
function timeJsonParse(input: unknown): number {
  const body = JSON.stringify(input)
  let best = Infinity
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    JSON.parse(body)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/** The sizes tried: doubling from 1 KiB, so a quadratic pattern shows itself in milliseconds instead of hanging at the limit. */
function ladder(limit: number): number[] {
  const sizes = []
  for (let n = FIRST_SIZE; n < limit; n *= 2) sizes.push(n)
  return [...sizes, limit]
}

describe('every validator runs in linear time on the largest input its route accepts', () => {
  for (const { procedure, schema, valid } of cases) {
    const bodyLimit = bodyLimitFor(`/trpc/${procedure}`)
    const paths = stringPaths(schema)

    it(`${procedure}: ${paths.length} strings, each up to what a body of ${bodyLimit.toLocaleString('en')} bytes holds`, { timeout: 180_000 }, () => {
      expect(paths.length).toBeGreaterThan(0)
      for (const { name, make } of patterns) {
        const sizes = ladder(charactersWithin(bodyLimit, make))
        const values = sizes.map((size) => make(size).slice(0, size))
        for (const path of paths) {
          const where = `${procedure} ${path.join('.')} = ${name}`
          const times = [timeParse(schema, withValue(valid, path, values[0]!), 3)]
          for (const [i, size] of sizes.entries()) {
            if (i === 0) continue
            const input = withValue(valid, path, values[i]!)
            // Against the size before and the one before that: a noisy run may fail one comparison, a square fails both.
            const back = Math.max(0, i - 2)
            const allowed = Math.max(allowedGrowth(size / sizes[i - 1]!) * times[i - 1]!, allowedGrowth(size / sizes[back]!) * times[back]!) + NOISE_MS
            let took = timeParse(schema, input, 1)
            if (took > allowed) took = Math.min(took, timeParse(schema, input, 5))
            times.push(took)
            // The route's limit, the last and uneven step, is held to the budget below; a square has shown itself by then.
            if (i === sizes.length - 1) continue
            expect(
              took,
              `${where}: ${times[back]!.toFixed(2)} ms at ${sizes[back]}, ${times[i - 1]!.toFixed(2)} ms at ${sizes[i - 1]}, ${took.toFixed(2)} ms at ${size}`,
            ).toBeLessThanOrEqual(allowed)
          }
          const largest = withValue(valid, path, values.at(-1)!)
          let last = times.at(-1)!
          if (last > BUDGET_MS) last = Math.min(last, timeParse(schema, largest, 3))
          // This machine's speed is measured only when 50 ms are not enough: a JSON round trip of 20 MB takes a while.
          const budget = last > BUDGET_MS ? Math.max(BUDGET_MS, BUDGET_OVER_JSON_PARSE * timeJsonParse(largest)) : BUDGET_MS
          expect(last, `${where} at ${sizes.at(-1)} characters (budget ${budget.toFixed(1)} ms)`).toBeLessThan(budget)
        }
      }
    })
  }
})
