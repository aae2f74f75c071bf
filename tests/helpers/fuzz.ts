import http from 'node:http'
import fc from 'fast-check'
import type { z } from 'zod'
import { bodyLimitFor } from '#server/http/body-limit.ts'
import { appRouter } from '#server/trpc/router.ts'
import { dataUrl, samples as files, type SolvedCaptcha, validApplication, validContact, validQuote } from './requests.ts'
import { isWrapper, zodDef } from './zod-shape.ts'

// Random and adversarial input on every procedure and public route of the real server, one request at a time: what
// tests/security/fuzz.test.ts checks the answers of, and bench/abuse.ts times the event loop under.

/** The seed of every run: fixed, so that a failure comes back on the next run; FUZZ_SEED tries another or replays one. */
export const FUZZ_SEED = fuzzSeed(process.env.FUZZ_SEED)

function fuzzSeed(value: string | undefined): number {
  if (value === undefined || value === '') return 20261126
  const seed = Number(value)
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`FUZZ_SEED must be a whole number, not ${JSON.stringify(value)}`)
  return seed
}

/** A URL the server reads in full: Node refuses request heads over 16 KiB. */
const MAX_URL_LENGTH = 8 * 1024

export type Procedure = { path: string; type: 'query' | 'mutation'; input: z.ZodType | undefined }
export const procedures: Procedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation'; inputs: z.ZodType[] } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type, input: procedure._def.inputs[0] }))
/** Reachable without a session: everything outside admin, and admin.auth. */
export const isPublic = (path: string) => !path.startsWith('admin.') || path.startsWith('admin.auth.')

export type Answer = { status: number; body: string }
type Call = { method: string; path: string; body?: string | Buffer; download?: boolean }
export type Send = (method: string, path: string, body?: string | Buffer, headers?: Record<string, string>) => Promise<Answer>

/**
 * One raw HTTP request to that server: the path and body go on the wire exactly as given, which fetch would normalise.
 * `timed` hears how long each took, as the client saw it.
 */
export function rawSender(server: { port: number; url: string }, timed?: (ms: number, method: string, path: string, body?: string | Buffer) => void): Send {
  return (method, path, body, headers = {}) => {
    const limit = bodyLimitFor(path.split('?')[0]!)
    const started = performance.now()
    return new Promise<Answer>((resolve, reject) => {
      // A connection per request: a kept-alive socket the server has just closed would fail a request it never saw.
      const request = http.request({ host: '127.0.0.1', port: server.port, method, path, agent: false, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      })
      // A body over the route's limit, or a quote whose shape is refused while it arrives, is answered by closing the
      // connection, which may cut the upload before the 413 is read.
      request.on('error', (error: NodeJS.ErrnoException) => {
        const refusedWhileArriving = Buffer.byteLength(body ?? '') > limit || path.startsWith('/trpc/requests.quote')
        const cut = (error.code === 'EPIPE' || error.code === 'ECONNRESET') && body !== undefined && refusedWhileArriving
        if (cut) return resolve({ status: 413, body: '' })
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') return reject(error)
        // Node's HTTP parser answers a request it cannot read with 400 and drops the connection, and the client may see
        // only the reset: that is a refusal, not a failure, as long as the server is still there and healthy.
        fetch(`${server.url}/healthz`).then(
          (health) => (health.ok ? resolve({ status: 400, body: '' }) : reject(error)),
          () => reject(error),
        )
      })
      request.end(body)
    }).finally(() => timed?.(performance.now() - started, method, path, body))
  }
}

export const trpcHeaders = { 'content-type': 'application/json', 'x-trpc-source': 'fuzz' }

/** What no answer may ever be: a server error, or one that shows a stack or a path of ours. */
export function acceptable(answer: Answer): boolean {
  return answer.status > 0 && answer.status < 500 && !answer.body.includes(process.cwd()) && !/\n\s+at .+:\d+:\d+/.test(answer.body)
}

// JSON as text, so keys like __proto__, duplicate keys and numbers JSON.stringify cannot write are sent as they are.
type Json = null | boolean | string | { raw: string } | Json[] | { entries: [string, Json][] }

function jsonText(value: Json): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if ('raw' in value) return value.raw
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on those). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`))
    .join('')

const runs = [
  'a',
  '0',
  ' ',
  '\t',
  '.',
  '-',
  '@',
  '+',
  '/',
  '=',
  ';',
  '<',
  '"',
  '\\',
  'é',
  'ā',
  '€',
  '\u202e',
  '\u0000',
  '\ud800',
  '😀',
  '%2e',
  'a.',
  'a@',
  '0 ',
  ';a=a',
]
const tails = ['', '!', '\n', '\u0000', '@', '>', '=', '\udfff']
const special = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '%00',
  '%2e%2e%2f',
  '%ff%fe',
  '../../../etc/passwd',
  '\\\\?\\C:\\',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as typed
  '${7*7}',
  '{{7*7}}',
  '=HYPERLINK("http://x")',
  '\u202eexe.txt',
  '\u200f\u200e',
  '\ufeff',
  'data:',
  `data:${'a'.repeat(50_000)}!`,
  'data:image/png;base64,',
  'comune-milano',
  'elettricista',
  'Elettricista',
  'NaN',
  '1e309',
  'true',
  'null',
]

/** Strings up to `max` characters: random code points (lone surrogates included), graphemes, known troublemakers, long runs. */
function strings(max: number): fc.Arbitrary<string> {
  const run = fc
    .record({ unit: fc.constantFrom(...runs), length: fc.integer({ min: 1, max }), tail: fc.constantFrom(...tails) })
    .map(({ unit, length, tail }) => unit.repeat(Math.max(1, Math.floor(length / unit.length))).slice(0, max - tail.length) + tail)
  const prefixed = fc
    .tuple(fc.constantFrom('data:', 'data:image/png;', 'data:a/', 'data:;base64,', 'a@', 'mailto:', 'https://'), run)
    .map(([prefix, rest]) => (prefix + rest).slice(0, max))
  return fc.oneof(
    { weight: 2, arbitrary: prefixed },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constantFrom(...special) },
    { weight: 3, arbitrary: run },
  )
}

const numbers = fc.oneof(
  fc
    .double()
    .filter(Number.isFinite)
    .map((n) => ({ raw: JSON.stringify(n) })),
  fc.integer().map((n) => ({ raw: String(n) })),
  fc.constantFrom('1e309', '-1e309', '-0', '0.0000000000000000000000001', `1${'0'.repeat(400)}`, '9007199254740993', '1E+2', '-1').map((raw) => ({ raw })),
)

function anyJson(maxString: number): fc.Arbitrary<Json> {
  const leaf = fc.oneof(fc.constant(null), fc.boolean(), numbers, strings(maxString))
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '0', ''), fc.string({ unit: 'binary', maxLength: 12 }))
  return fc.letrec<{ json: Json }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('json'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('json')), { maxLength: 4 }).map((entries) => ({ entries })),
    ),
  })).json
}

/** Nesting as deep as the body allows: arrays, objects, and the same inside a field. */
function deep(levels: number): Json {
  return { raw: `${'['.repeat(levels)}${']'.repeat(levels)}` }
}
const deepValues = (maxBytes: number) =>
  fc
    .integer({ min: 10, max: Math.max(10, Math.floor(maxBytes / 6)) })
    .chain((levels) =>
      fc.constantFrom<Json>(
        deep(levels),
        { raw: `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` },
        { raw: `${'[{"__proto__":'.repeat(levels / 2)}1${'}]'.repeat(levels / 2)}` },
      ),
    )

/** A plain value as fuzz JSON. */
function toJson(value: unknown): Json {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return { raw: JSON.stringify(value) }
  if (typeof value === 'boolean' || typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(toJson)
  return { entries: Object.entries(value as Record<string, unknown>).map(([key, item]): [string, Json] => [key, toJson(item)]) }
}

/**
 * An input shaped like the procedure's schema (its keys, its nesting), with anything at the leaves; where a valid
 * sample is known, a leaf is often the sample's own value, so the other leaves are fuzzed past the checks before them.
 */
function shaped(schema: z.ZodType, maxString: number, sample?: unknown): fc.Arbitrary<Json> {
  const def = zodDef(schema)
  const inner = (key: string) => shaped(def[key] as z.ZodType, maxString, sample)
  const fuzzed = ((): fc.Arbitrary<Json> | undefined => {
    if (isWrapper(def)) return inner('innerType')
    switch (def.type) {
      case 'object': {
        const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) =>
          fc.option(
            shaped(field, maxString, (sample as Record<string, unknown> | undefined)?.[key]).map((value): [string, Json] => [key, value]),
            { nil: undefined, freq: 6 },
          ),
        )
        return fc.tuple(...fields).map((entries) => ({ entries: entries.filter((entry) => entry !== undefined) }))
      }
      case 'array':
        return fc.array(shaped(def.element as z.ZodType, maxString, Array.isArray(sample) ? sample[0] : undefined), { maxLength: 4 })
      case 'pipe':
        return inner('in')
      case 'intersection':
        return fc
          .tuple(inner('left'), inner('right'))
          .map(([left, right]) => ({ entries: [...(left as { entries: [string, Json][] }).entries, ...(right as { entries: [string, Json][] }).entries] }))
      default:
        return undefined
    }
  })()
  if (fuzzed) return fuzzed
  const leaf =
    def.type === 'string'
      ? fc.oneof({ weight: 6, arbitrary: strings(maxString) }, { weight: 1, arbitrary: anyJson(40) })
      : fc.oneof({ weight: 3, arbitrary: anyJson(40) }, { weight: 1, arbitrary: strings(maxString) })
  return sample === undefined || typeof sample === 'object'
    ? leaf
    : fc.oneof({ weight: 1, arbitrary: fc.constant(toJson(sample)) }, { weight: 1, arbitrary: leaf })
}

/** A tRPC call as a client could send it: GET with ?input= or POST with a body, single or as a batch. */
function trpcCall(procedure: Procedure, sample: unknown): fc.Arbitrary<Call> {
  const bodyLimit = bodyLimitFor(`/trpc/${procedure.path}`)
  const postString = Math.min(bodyLimit, 256 * 1024) - 1024
  const input = (maxString: number) =>
    fc.oneof(
      { weight: 5, arbitrary: procedure.input ? shaped(procedure.input, maxString, sample) : anyJson(maxString) },
      { weight: 2, arbitrary: anyJson(maxString) },
      { weight: 1, arbitrary: deepValues(Math.min(maxString, 64 * 1024)) },
    )
  return fc.oneof(
    { weight: 4, arbitrary: input(postString).map((value) => ({ method: 'POST', path: `/trpc/${procedure.path}`, body: jsonText(value) })) },
    {
      weight: 3,
      arbitrary: input(MAX_URL_LENGTH / 4).map((value) => ({
        method: 'GET',
        path: `/trpc/${procedure.path}?input=${percentEncode(jsonText(value))}`.slice(0, MAX_URL_LENGTH),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 2, max: 100 }), input(200)).map(([size, value]) => ({
        method: 'POST',
        path: `/trpc/${Array(size).fill(procedure.path).join(',')}?batch=1`.slice(0, MAX_URL_LENGTH),
        body: jsonText({ entries: Array.from({ length: size }, (_, i): [string, Json] => [String(i), value]) }),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          strings(4000),
        )
        .map((body) => ({
          method: 'POST',
          path: `/trpc/${procedure.path}`,
          body,
        })),
    },
  )
}

/** A path segment with percent-encodings, dot segments, encoded slashes and bytes that are not UTF-8. */
const segment = fc.oneof(
  fc.constantFrom(
    'admin',
    '%61dmin',
    'ADMIN',
    '.',
    '..',
    '%2e',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%ff',
    '%c0%af',
    '%',
    '%zz',
    'trpc',
    'unsubscribe',
    'lavori',
    'accetta',
    'valutazione',
    'elettricista',
    'milano',
    's',
    'index.html',
    ';',
    '~',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncode),
  fc.string({ unit: fc.constantFrom(..."abc-._~!$&'()*+,;=:@%/\\|{}^`"), maxLength: 40 }),
)
const pagePath = fc
  .tuple(
    fc.array(segment, { maxLength: 8 }),
    fc.constantFrom('', '/', '//', '?x=1', '?utm_source=a&utm_source=b', `?${'a'.repeat(4000)}`, '#x'),
    fc.integer({ min: 0, max: 6000 }),
  )
  .map(([segments, end, padding]) => `/${segments.join('/')}${padding > 5000 ? `/${'a'.repeat(padding)}` : ''}${end}`.slice(0, MAX_URL_LENGTH))

const token = fc.oneof(strings(2000), fc.constantFrom('a.b', `${'A'.repeat(43)}.${'A'.repeat(43)}`, '.', '..'))
const routes: fc.Arbitrary<Call> = fc.oneof<fc.Arbitrary<Call>[]>(
  pagePath.chain((path) => fc.constantFrom<Call>({ method: 'GET', path }, { method: 'HEAD', path })),
  token.chain((value) =>
    fc.constantFrom<Call>(
      { method: 'GET', path: `/unsubscribe?token=${percentEncode(value)}` },
      { method: 'POST', path: `/unsubscribe?token=${percentEncode(value)}`, body: 'List-Unsubscribe=One-Click' },
      { method: 'GET', path: `/unsubscribe?token=${percentEncode(value)}&token=x` },
    ),
  ),
  // The craftsmen's answers and the requesters' ratings: a token in the query or the form, with every other field fuzzed.
  fc
    .tuple(
      fc.constantFrom('/lavori/accetta', '/lavori/rifiuta', '/lavori/rinuncia', '/valutazione'),
      token,
      fc.dictionary(fc.constantFrom('t', 'motivo', 'artigiano', 'stelle', 'esito', 'commento'), strings(6000), { maxKeys: 6 }),
    )
    .chain(([path, value, fields]) =>
      fc.constantFrom<Call>(
        { method: 'GET', path: `${path}?t=${percentEncode(value)}` },
        { method: 'GET', path: `${path}?t=${percentEncode(value)}&t=x&salvato=${percentEncode(value)}` },
        { method: 'POST', path, body: new URLSearchParams({ t: value, ...fields }).toString() },
        { method: 'POST', path, body: `t=${percentEncode(value)}&t=${percentEncode(value)}&stelle=5&stelle=1` },
      ),
    ),
  fc
    .tuple(
      fc.constantFrom('/admin/attachments/', '/admin/export/', '/admin/export/leads.csv?', '/admin/attachments/1?'),
      fc.oneof(segment, fc.integer().map(String), token.map(percentEncode)),
    )
    .map(([prefix, rest]) => ({
      method: 'GET',
      path: `${prefix}${rest}`.slice(0, MAX_URL_LENGTH),
      download: true,
    })),
)

/** Every kind of page, and every procedure once: what a server loads on first use is loaded before the measuring starts. */
export async function warmUp(send: Send) {
  const pages = [
    '/',
    '/elettricista',
    '/milano',
    '/s/elettricista-milano',
    '/zone-servite',
    '/i-nostri-artigiani',
    '/chi-siamo',
    '/contattaci',
    '/area-artigiani',
    '/privacy-policy',
    '/thank-you',
    '/artisan-thank-you',
    '/pagina-che-non-esiste',
    // The first answer page generates the links' secret (a row of app_settings) before the counting starts.
    '/lavori/accetta?t=x',
  ]
  const admin = [
    '/admin',
    '/admin/login',
    '/admin/dashboard',
    '/admin/leads',
    '/admin/artisans',
    '/admin/artisans/add',
    '/admin/artisans/1',
    '/admin/artisans/edit/1',
    '/admin/newsletter',
    '/admin/users',
    '/admin/update-password',
  ]
  for (const path of [...pages, ...admin]) await send('GET', path)
  for (const { path, type } of procedures) await send(type === 'query' ? 'GET' : 'POST', `/trpc/${path}`, type === 'query' ? undefined : '{}', trpcHeaders)
}

export type FuzzProperty = { name: string; property: fc.IAsyncProperty<[unknown]>; numRuns: number }

/**
 * Valid inputs of the public procedures whose captcha answer `spent` is already used up: every other field is fuzzed
 * past the checks before it, and nothing can be stored.
 */
export function validSamples(spent: SolvedCaptcha): Record<string, unknown> {
  return {
    'requests.quote': { ...validQuote({ attachments: [{ name: 'foto.png', dataUrl: dataUrl('image/png', files.png) }] }), ...spent },
    'requests.contact': { ...validContact(), ...spent },
    'requests.application': { ...validApplication(), ...spent },
    'site.slug': { slug: 'elettricista' },
    'site.serviceInComune': { param: 'elettricista-milano' },
    'site.suggestPlaces': { query: 'mil' },
    'admin.auth.signIn': { email: 'admin@artigianimilano.it', password: 'una password abbastanza lunga', code: '123456' },
    'admin.auth.confirmEnrolment': { code: '123456', token: 'a'.repeat(43) },
    'admin.auth.requestPasswordReset': { email: 'admin@artigianimilano.it' },
    'admin.auth.verifyResetToken': { token: 'a'.repeat(43) },
    'admin.auth.updatePassword': { password: 'una password nuova e lunga', confirmPassword: 'una password nuova e lunga', token: 'a'.repeat(43) },
  }
}

/**
 * Every procedure (1,500 inputs for a public one that takes input, 150 for one that takes none, 60 for the back office's)
 * and 6,000 routes, each a property of its answer.
 */
export function fuzzProperties(send: Send, samples: Record<string, unknown>): FuzzProperty[] {
  // A back-office procedure without a session answers 401, or refuses the request itself before looking at it.
  const refusedWithoutSession = new Set([400, 401, 405, 413, 414, 431])
  const trpc = (answer: Answer, procedure: Procedure) => acceptable(answer) && (isPublic(procedure.path) || refusedWithoutSession.has(answer.status))
  return [
    ...procedures.map((procedure) => ({
      name: procedure.path,
      numRuns: !isPublic(procedure.path) ? 60 : procedure.input ? 1500 : 150,
      property: fc.asyncProperty(trpcCall(procedure, samples[procedure.path]), async (call) =>
        trpc(await send(call.method, call.path, call.body, trpcHeaders), procedure),
      ),
    })),
    {
      name: 'routes',
      numRuns: 6000,
      property: fc.asyncProperty(routes, async (route) => {
        const answer = await send(route.method, route.path, route.body, route.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {})
        // An unauthenticated download is never a file.
        return acceptable(answer) && !(route.download && answer.status === 200)
      }),
    },
  ] as FuzzProperty[]
}

/**
 * Runs each property with its own seed derived from `seed`, each one request at a time: a property's inputs and their
 * order are the seed's alone. `concurrency` properties run side by side (the suite keeps the server's two cores busy);
 * with 1, as bench:abuse runs them, the server's event loop turns once per request, so a stall is one request's doing.
 */
export async function checkAll(properties: FuzzProperty[], { seed = FUZZ_SEED, concurrency = 1 }: { seed?: number; concurrency?: number } = {}) {
  let next = 0
  const check = async ({ name, property, numRuns }: FuzzProperty, index: number) => {
    try {
      await fc.assert(property, { numRuns, seed: (seed + index * 7919) % 2 ** 31 })
    } catch (error) {
      throw new Error(`${name} (FUZZ_SEED=${seed}): ${(error as Error).message}`, { cause: error })
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(concurrency, properties.length) }, async () => {
      while (next < properties.length) {
        const index = next++
        await check(properties[index]!, index)
      }
    }),
  )
}

/**
 * The largest bodies the quote accepts, one string up to the limit each, and how each is refused: long strings outside
 * the attachments while they arrive (413), the others by the schema (400). The former data-URL pattern took hours on
 * the fifth.
 */
export function largestQuotes(): { input: Record<string, unknown>; status: number }[] {
  const quoteLimit = bodyLimitFor('/trpc/requests.quote')
  const longest = (unit: string) => unit.repeat(Math.floor((quoteLimit - 200) / (Buffer.byteLength(JSON.stringify(unit)) - 2)))
  return [
    { description: longest('a') },
    { fullName: `${longest('\t')}!` },
    { email: `${longest('a@')}!` },
    { phone: `${longest('0 ')}!` },
    { attachments: [{ name: 'a.png', dataUrl: `data:${longest('a')}!` }] },
    { attachments: [{ name: 'a.png', dataUrl: `data:image/png;base64,${longest('A')}=!` }] },
  ].map((input) => ({ input, status: 'attachments' in input ? 400 : 413 }))
}
