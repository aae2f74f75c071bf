import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '#db/client.ts'
import { settingOrCreate } from '../repositories/settings.ts'

const SETTING_KEY = 'newsletter_secret'

/** NEWSLETTER_SECRET when set, else a random secret generated once and kept in app_settings. */
export async function newsletterSecret(db: DB, configured: string | undefined): Promise<string> {
  if (configured) return configured
  return settingOrCreate(db, SETTING_KEY, () => randomBytes(32).toString('base64url'))
}

/** Who a link unsubscribes, and the campaign whose mail carried it (null: a rating request, or a link from before campaigns were named). */
export type UnsubscribeTarget = { email: string; jobId: number | null }

function signature(secret: string, { email, jobId }: UnsubscribeTarget): Buffer {
  // A campaign's link signs another text than an address-only link, so neither can be turned into the other.
  const text = jobId === null ? `unsubscribe\n${email}` : `unsubscribe-campaign\n${jobId}\n${email}`
  return createHmac('sha256', secret).update(text).digest()
}

/**
 * `<address, base64url>[.<campaign id>].<HMAC-SHA256, base64url>`: the link works for that one address (and names the
 * campaign it came with) and cannot be altered.
 */
export function createUnsubscribeToken(secret: string, emailNormalized: string, jobId: number | null = null): string {
  const address = Buffer.from(emailNormalized, 'utf8').toString('base64url')
  const campaign = jobId === null ? '' : `.${jobId}`
  return `${address}${campaign}.${signature(secret, { email: emailNormalized, jobId }).toString('base64url')}`
}

/** The address a token unsubscribes and its campaign, or null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  if (token.length > 1000) return null
  // A campaign id in its one decimal spelling, within the safe integers: no leading zero, at most 15 digits.
  const match = /^([A-Za-z0-9_-]+)(?:\.([1-9][0-9]{0,14}))?\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const email = Buffer.from(match[1]!, 'base64url').toString('utf8')
  // Re-encoding must give the same text back, so two spellings of one address cannot both verify.
  if (Buffer.from(email, 'utf8').toString('base64url') !== match[1] || !email.includes('@')) return null
  const target = { email, jobId: match[2] === undefined ? null : Number(match[2]) }
  // Compared as text, as the lead links are: base64url's last character has spare bits, so comparing decoded bytes
  // would accept four spellings of one signature.
  const given = Buffer.from(match[3]!)
  const expected = Buffer.from(signature(secret, target).toString('base64url'))
  if (!timingSafeEqual(given, expected)) return null
  return target
}
