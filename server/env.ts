import { isIP } from 'node:net'
import { z } from 'zod'
import { compileProxyTrust } from './http/client-address.ts'

const MAILBOX = /^([^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/
/** Unset and empty are the same: an empty variable does not configure anything. */
const optional = <T extends z.ZodType>(type: T) => z.preprocess((value) => (value === '' ? undefined : value), type.optional())
/** A comma-separated setting as its entries, trimmed, empty ones dropped. */
const entries = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

function validProxyList(list: string[]): boolean {
  try {
    compileProxyTrust(list)
    return true
  } catch {
    return false
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z
    .string()
    .min(1)
    .refine((value) => !/^postgres(ql)?:/i.test(value), 'a file path; a PostgreSQL address goes in DATABASE_URL')
    .default('./data/app.db'),
  /** postgres://user:password@host:5432/name: the whole app on PostgreSQL (several app processes); unset, SQLite at DATABASE_PATH. */
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres:// or postgresql:// address')),
  /** Connections each app process keeps open to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** PostgreSQL: a statement running longer is cancelled and its request answers 503; 0 lets statements run forever. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** PostgreSQL: opening a connection, or waiting for a free one, fails after this long and the request answers 503; 0 waits forever. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** PostgreSQL: an app process not heard from for this long has died, and its campaign deliveries in flight are unconfirmed; each says it is alive every sixth of it. */
  INSTANCE_SILENT_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds between the event-loop delay reports in the log (p50, p99, max); 0 turns them off. */
  EVENT_LOOP_LOG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** The reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges, or loopback/linklocal/uniquelocal. */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) => (value === 'false' ? '' : value))
    .refine((value) => value !== 'true', 'list the proxy addresses, e.g. 127.0.0.1 or 10.0.0.0/8, instead of true')
    .transform(entries)
    .refine(validProxyList, 'expected IP addresses or CIDR ranges separated by commas'),
  /** Sender of every e-mail, e.g. `Artigiani Milano <noreply@artigianimilano.it>`; mail stays queued until it is set. */
  MAIL_FROM: optional(
    z
      .string()
      .regex(/^[^\r\n]+$/)
      .refine((v) => MAILBOX.test(v), 'expected an address or `Name <address>`'),
  ),
  /** The custom MAIL FROM domain set in SES (e.g. `mail.artigianimilano.it`), whose SPF the dashboard checks; see README, «Il dominio di invio». */
  MAIL_FROM_DOMAIN: optional(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'expected a domain name such as mail.example.it'),
  ),
  /** DNS servers the dashboard's sending-domain checks ask (comma-separated IPs, optionally with :port); unset, the system's. */
  DNS_SERVERS: z
    .string()
    .default('')
    .transform(entries)
    .refine(
      (list) => list.every((server) => isIP(server) !== 0 || isIP(server.replace(/^\[(.+)\]:\d{1,5}$/, '$1').replace(/^([\d.]+):\d{1,5}$/, '$1')) !== 0),
      'expected IP addresses (optionally with :port, [IPv6]:port) separated by commas',
    ),
  /** The office inbox that receives every request. */
  NOTIFY_EMAIL: optional(z.email()),
  SES_REGION: optional(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'expected an AWS region such as eu-south-1')),
  /** An SES-compatible endpoint instead of AWS's own (aws-ses-v2-local in development and tests). */
  SES_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  /** SES configuration set named on every mail, whose event destination publishes to SNS (and may track opens and clicks). */
  SES_CONFIGURATION_SET: optional(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a configuration set name (letters, digits, _ and -)')),
  /** The SNS topics whose notifications POST /webhooks/ses accepts (comma-separated ARNs); the webhook refuses everything without it. */
  SES_SNS_TOPIC_ARNS: z
    .string()
    .default('')
    .transform(entries)
    .refine((list) => list.every((arn) => /^arn:aws[\w-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(arn)), 'expected SNS topic ARNs separated by commas'),
  /** `on` when SES_CONFIGURATION_SET tracks opens and clicks: the campaign report shows them and the privacy policy says so. */
  SES_OPEN_CLICK_TRACKING: z.enum(['on', 'off']).default('off'),
  /** Minutes after which a delivery a crash left unconfirmed, with no Delivery notification from SES, is shown for resending. */
  NEWSLETTER_UNCONFIRMED_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(120),
  /** SES's maximum send rate of the account (14/s is the usual production default). */
  MAIL_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
  /** First retry delay of a failed send; each retry doubles it, up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  MAIL_OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).max(600).default(2),
  /** Memory for rendered public pages (with their compressed copies); the least recently used go first. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Seconds between two looks at whether a public profile or review changed (server/profiles/directory.ts): no process serves a page older than that. */
  PUBLIC_PAGES_POLL_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  /**
   * `on` loads every route's code and renders one page of each kind before listening, so no visitor waits for it;
   * `off` listens at once and loads a page kind's code at its first request (a start on demand, the tests' servers).
   */
  WARM_UP: z.enum(['on', 'off']).default('on'),
  /** `off` sends every request through Hono, as tests/fast-path.test.ts does to compare both paths (server/http/fast-path.ts). */
  FAST_PATH: z.enum(['on', 'off']).default('on'),
  /** `off` stops counting visits of public pages for the Statistiche screen (server/analytics; bench:ssr compares both). */
  VISIT_COUNTING: z.enum(['on', 'off']).default('on'),
  /** Visits counted per client address and Italian day; the address's further pages are tallied as suspicious, not counted. */
  VISITS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Distinct addresses a UTM campaign or referring site needs in a day before Statistiche lists it; until then 'altro'. */
  VISIT_SOURCE_MIN_ADDRESSES: z.coerce.number().int().min(1).max(100).default(3),
  /** Seconds between two writes of the counted visits to the database: a crash loses at most this much. */
  VISIT_FLUSH_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /** Public form submissions accepted per client IP in each window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Signs captcha challenges; without it a secret is generated once and kept in app_settings. */
  CAPTCHA_SECRET: optional(z.string().min(32)),
  /** Most key derivations (PBKDF2-SHA-256, 2,000 rounds each) a form's proof of work asks of the browser; each challenge asks between half and all of it. */
  PROOF_OF_WORK_DIFFICULTY: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(2).max(1_000_000).default(2000)),
  /** Google Maps Platform browser key: address suggestions from Google Places instead of the list of comuni. */
  GOOGLE_MAPS_API_KEY: z
    .string()
    .regex(/^[\w-]{20,60}$/, 'expected a Google API key')
    .optional(),
  /** Google Ads tag id (AW-...) for the quote conversion; loaded only after marketing consent. */
  GOOGLE_ADS_ID: z
    .string()
    .regex(/^AW-\d{6,14}$/, 'expected AW- followed by digits')
    .optional(),
  GOOGLE_ADS_CONVERSION_LABEL: z
    .string()
    .regex(/^[\w-]{4,40}$/, 'expected a conversion label')
    .optional(),
  /** Failed admin sign-ins for one e-mail from one address in the window; beyond it that address is refused for that e-mail. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(5),
  /** Failed admin sign-ins from one address, whatever the e-mail, in the window. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Failed sign-ins for one e-mail from anywhere in the window before addresses that never signed in to it wait between attempts. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Longest wait of that slowdown: it starts at 1 s and doubles with each further failure. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** "Password dimenticata?" requests per e-mail (known or not) in an hour. */
  PASSWORD_RESET_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  /** "Password dimenticata?" requests per client address in an hour. */
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Sign-in mails of the craftsmen's area asked for one e-mail (in the register or not) in an hour. */
  ARTISAN_SIGN_IN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Sign-in mails one address may get in a day: with 5 wrong codes a mail, the guesses of a code anyone can make against it. */
  ARTISAN_SIGN_IN_MAX_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** Sign-in mails of the craftsmen's area asked from one client address in an hour. */
  ARTISAN_SIGN_IN_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Read only by `npm run admin` when --password is not given. */
  ADMIN_PASSWORD: z.string().optional(),
  /** Signs newsletter unsubscribe links; without it a secret is generated once and kept in app_settings. */
  NEWSLETTER_SECRET: optional(z.string().min(32)),
  /** Signs the craftsmen's answer links and the requesters' rating links; without it a secret is generated once and kept in app_settings. */
  LEAD_LINK_SECRET: optional(z.string().min(32)),
  /** Hours an offered lead may wait for a craftsman's acceptance before the dashboard lists it; a round of automatic dispatch lasts as many office hours. */
  LEAD_RESPONSE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  /** Hours after a lead's first acceptance when the requester is asked "Com'è andata?" (a week). */
  RATING_REQUEST_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(168),
  /** Months after a person's last quote or contact request when their requests are anonymised (privacy policy §6). */
  RETENTION_REQUEST_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Months after the last change of a craftsman's application that was not accepted (rejected or never reviewed) when it is deleted. */
  RETENTION_APPLICATION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Months after a collaboration ended (the craftsman set to inactive) when the craftsman's data is deleted. */
  RETENTION_ARTISAN_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Days after which IP addresses, user agents and sign-in records are removed. */
  RETENTION_TECHNICAL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Minutes between two runs of the retention job, one process at a time (server/retention). */
  RETENTION_EVERY_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(60),
})

export type Env = z.infer<typeof schema>

/** NODE_ENV as loadEnv reads it (production when unset), for what is set up when modules load, before loadEnv runs. */
export function nodeEnv(source: NodeJS.ProcessEnv = process.env): Env['NODE_ENV'] {
  return schema.shape.NODE_ENV.catch('production').parse(source.NODE_ENV)
}

/** Reads and validates the environment once; the process refuses to start on a bad value. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const name = issue.path.join('.')
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message} (got ${shownValue(name, source[name])})`)
  }
  return result.data
}

export class EnvError extends Error {}

/** A refused value as the error shows it: never a secret, nor the password of an address (postgres://user:***@host). */
function shownValue(name: string, value: string | undefined): string {
  if (value !== undefined && /SECRET|PASSWORD|TOKEN|_KEY/.test(name)) return '(value not shown)'
  return JSON.stringify(value?.replace(/(\/\/[^:/@\s]+:)[^@\s]*@/g, '$1***@'))
}

/** The settings the outbox needs to send; without any of them the mail stays queued (see README, Mail). */
const MAIL_SETTINGS = ['MAIL_FROM', 'NOTIFY_EMAIL', 'SES_REGION'] as const

export type MailSetting = (typeof MAIL_SETTINGS)[number]
/** What the back office tells an administrator: whether mail goes out, and which settings it lacks. */
export type MailSetup = { configured: boolean; missing: MailSetting[] }

/** Which of the `needed` mail settings are set; all three unless told. */
export function mailSetup(env: Env, needed: readonly MailSetting[] = MAIL_SETTINGS): MailSetup {
  const missing = needed.filter((name) => !env[name])
  return { configured: missing.length === 0, missing }
}

/** loadEnv for the server and the operator commands: a bad value ends the process with one line naming it. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
