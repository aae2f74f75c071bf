import { createRequire } from 'node:module'
import { type DestinationStream, pino } from 'pino'
import SonicBoom from 'sonic-boom'

const CENSOR = '[redacted]'
const MAX_DEPTH = 8

/** Keys whose value is personal data or a credential, whatever its type and however deep it sits. */
const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'email',
  'phone',
  'mobile',
  'token',
  'cookie',
  'authorization',
  'secret',
  'totp',
  'recovery',
  'apikey',
  'accesskey',
  'signature',
  'session',
]
const SECRET_KEYS = new Set(['to', 'replyto', 'cc', 'bcc', 'toaddress', 'otp'])
/** Keys we write ourselves with values that only look like a phone number (request ids, timestamps). */
const PLAIN_KEYS = new Set(['requestId', 'time', 'nextAttemptAt', 'startupMs', 'ms'])

// Keys repeat from line to line (a request line has the same five): each is judged once, up to a bound.
const judgedKeys = new Map<string, boolean>()

function isSecretKey(key: string): boolean {
  let secret = judgedKeys.get(key)
  if (secret === undefined) {
    const plain = key.toLowerCase().replace(/[-_\s]/g, '')
    secret = SECRET_KEYS.has(plain) || SECRET_KEY_PARTS.some((part) => plain.includes(part))
    if (judgedKeys.size >= 1000) judgedKeys.clear()
    judgedKeys.set(key, secret)
  }
  return secret
}

const LOCAL_PART = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/
const DOMAIN_PART = /[A-Za-z0-9.-]/
// Each of these runs in linear time: no nested or adjacent unbounded quantifiers over the same characters.
const URL_SECRET = /\b(access_token|token|code|key|secret|signature|password)=[^&\s#"'<>]+/gi
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/g
const PHONE = /(?:\+|\b00)?\b\d(?:[ -]?\d){8,}/g

/** Replaces every e-mail address with [email], scanning from each '@' outwards (linear in the string's length). */
function scrubEmails(text: string): string {
  if (!text.includes('@')) return text
  let out = ''
  let from = 0
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at < from) continue
    let start = at
    while (start > from && LOCAL_PART.test(text[start - 1]!)) start--
    let end = at + 1
    while (end < text.length && DOMAIN_PART.test(text[end]!)) end++
    const domain = text.slice(at + 1, end)
    if (start === at || !domain.includes('.')) continue
    out += `${text.slice(from, start)}[email]`
    from = end
  }
  return out + text.slice(from)
}

/** Longer strings are cut before scrubbing: a log line is not the place for a request body. */
const MAX_STRING = 8192
/** Longer than any e-mail address (254): what is dropped at a cut so no address is left half-written. */
const CUT_MARGIN = 320

/** Whether any pattern below could match: an '@', an '=', a Bearer or Basic credential, or nine digits (a phone). */
function mayHoldSecret(text: string): boolean {
  if (text.includes('@') || text.includes('=') || text.includes('Bearer') || text.includes('Basic')) return true
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57 && ++digits >= 9) return true
  }
  return false
}

function scrubWhole(text: string): string {
  // Most strings (paths, messages, names of things) hold none of it: they go through without four scans.
  if (!mayHoldSecret(text)) return text
  return scrubEmails(text).replace(URL_SECRET, `$1=${CENSOR}`).replace(BEARER, `$1 ${CENSOR}`).replace(PHONE, '[phone]')
}

/** A log string without e-mail addresses, phone numbers or credentials embedded in it. */
export function scrubText(value: string): string {
  if (value.length <= MAX_STRING) return scrubWhole(value)
  const head = scrubWhole(value.slice(0, MAX_STRING))
  // An address cut in two is not recognised: drop the unbroken run the cut ends in.
  let end = head.length
  while (end > head.length - CUT_MARGIN && !/\s/.test(head[end - 1]!)) end--
  return `${head.slice(0, end)}…[cut, ${value.length} characters in all]`
}

/** A copy of a value for the log: secret keys censored, strings scrubbed, errors made plain, at any depth. */
export function scrubValue(value: unknown, key = '', depth = 0, seen = new WeakSet<object>()): unknown {
  if (key && isSecretKey(key)) return value === null || value === undefined || value === '' ? value : CENSOR
  if (typeof value === 'string') return PLAIN_KEYS.has(key) ? value : scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[too deep]'
  seen.add(value)
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Headers) return scrubValue(Object.fromEntries(value.entries()), key, depth, seen)
  if (value instanceof Map) return scrubValue(Object.fromEntries(value.entries()), key, depth, seen)
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, key, depth + 1, seen))
  const out: Record<string, unknown> = {}
  if (value instanceof Error) {
    out.type = value.name
    out.message = scrubText(value.message)
    if (value.stack) out.stack = scrubText(value.stack)
  }
  for (const [name, item] of Object.entries(value)) out[name] = scrubValue(item, name, depth + 1, seen)
  if (value instanceof Error && value.cause !== undefined) out.cause = scrubValue(value.cause, 'cause', depth + 1, seen)
  return out
}

/**
 * Readable lines for a person at a terminal, through pino-pretty when it is installed: it is a development dependency,
 * so the production install (the container) has none. Elsewhere (a pipe, CI, the container) undefined: pino's JSON lines.
 * Formatted in process and written at once, so the last line before an exit is not lost.
 */
export function terminalDestination(stdout: NodeJS.WriteStream = process.stdout): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined
  let pretty: typeof import('pino-pretty')
  try {
    pretty = createRequire(import.meta.url)('pino-pretty')
  } catch {
    return undefined
  }
  const format = pretty.prettyFactory({ colorize: stdout.hasColors?.() ?? false, translateTime: 'SYS:HH:MM:ss.l', singleLine: true })
  return { write: (line: string) => void stdout.write(format(line)) }
}

/** At most one write of log lines in this many milliseconds: a line waits that long at most. */
const LOG_WRITE_INTERVAL_MS = 10

/**
 * JSON lines to stdout, written asynchronously (a request does not wait for its line) and what is left written at exit.
 * Lines leave together: at the end of the event loop's turn that wrote them, or, when lines were written less than
 * LOG_WRITE_INTERVAL_MS ago, that long after them. Under load a turn answers many requests and a write per line (a
 * thread of the pool woken each time) cost more than the line. pino's own destination writes with sonic-boom 4, whose
 * synchronous flush at exit retries forever when the reader of stdout is gone (EPIPE): a server whose log pipe was
 * closed could not stop on SIGTERM. sonic-boom 5 gives the error up, and a reader gone means nothing is left to write
 * to, so the lines are dropped from then on, as pino's destination drops them.
 */
export function stdoutDestination(fd = 1): DestinationStream {
  const stream = new SonicBoom({ fd, sync: false })
  let pending = ''
  let scheduled = false
  let writtenAt = Number.NEGATIVE_INFINITY
  const writePending = () => {
    scheduled = false
    writtenAt = performance.now()
    const lines = pending
    pending = ''
    stream.write(lines)
  }
  const drop = () => {
    stream.write = () => true
    stream.flushSync = () => {}
  }
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') drop()
    // Anything else (a full disk behind a redirect): the line is lost, the server goes on.
  })
  process.on('exit', () => {
    try {
      if (pending) writePending()
      stream.flushSync()
    } catch {
      drop()
    }
  })
  return {
    write(line: string) {
      pending += line
      if (scheduled) return
      scheduled = true
      const wait = writtenAt + LOG_WRITE_INTERVAL_MS - performance.now()
      if (wait <= 0) setImmediate(writePending)
      else setTimeout(writePending, wait)
    },
  }
}

/**
 * The server's logger: JSON lines, or readable ones on a terminal. Nothing it writes holds an e-mail, a phone number,
 * a token, a password or a cookie: every argument of every call is scrubbed at any depth (pino's redact paths are not
 * recursive), and so are child bindings. JSON lines go through `stdoutDestination`.
 */
export function createLogger(level: string, destination: DestinationStream = terminalDestination() ?? stdoutDestination()) {
  const logger = pino(
    {
      level,
      base: undefined,
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[]
          const merged = first instanceof Error ? { err: first } : first
          return method.apply(this, [scrubValue(merged), ...rest.map((arg) => scrubValue(arg))] as Parameters<typeof method>)
        },
      },
      // Errors are already plain objects here, with their causes.
      serializers: { err: (err: unknown) => err },
    },
    destination,
  )
  destinations.set(logger, destination)
  // pino applies no formatter to a child's bindings; children of children inherit this.
  const child = logger.child
  logger.child = function (this: typeof logger, bindings, options) {
    return child.call(this, scrubValue(bindings) as typeof bindings, options)
  } as typeof child
  return logger
}

export type Logger = ReturnType<typeof createLogger>

/** Where each logger made by createLogger writes, for the lines requestLine writes itself. */
const destinations = new WeakMap<object, DestinationStream>()

/**
 * `logger.info({ method, path, status, ms }, 'request')` written without pino, the same line to the same destination:
 * the line every answer of the fast path (http/fast-path.ts) leaves, where pino's copy and scrub of the fields cost a
 * tenth of the answer. The path is scrubbed as pino's hook would; the other fields are a method, two numbers. A logger
 * not made by createLogger (a child) logs through pino.
 */
export function logRequestLine(logger: Logger, method: string, path: string, status: number, ms: number) {
  const destination = destinations.get(logger)
  if (!destination) return logger.info({ method, path, status, ms }, 'request')
  if (!logger.isLevelEnabled('info')) return
  destination.write(
    `{"level":30,"time":${Date.now()},"method":${JSON.stringify(method)},"path":${JSON.stringify(scrubText(path))},"status":${status},"ms":${ms},"msg":"request"}\n`,
  )
}
