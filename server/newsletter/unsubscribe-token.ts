import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '#db/client.ts'
import { settingOrCreate } from '../repositories/settings.ts'

const SETTING_KEY = 'newsletter_secret'

/** NEWSLETTER_SECRET when set, else a random secret generated once and kept in app_settings. */
export async function newsletterSecret(db: DB, configured: string | undefined): Promise<string> {
  if (configured) return configured
  return settingOrCreate(db, SETTING_KEY, () => randomBytes(32).toString('base64url'))
}

function signature(secret: string, emailNormalized: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe\n${emailNormalized}`).digest()
}

/** `<address, base64url>.<HMAC-SHA256, base64url>`: the link works for that one address and cannot be altered. */
export function createUnsubscribeToken(secret: string, emailNormalized: string): string {
  return `${Buffer.from(emailNormalized, 'utf8').toString('base64url')}.${signature(secret, emailNormalized).toString('base64url')}`
}

/** The address a token unsubscribes, or null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  if (token.length > 1000) return null
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const emailNormalized = Buffer.from(match[1]!, 'base64url').toString('utf8')
  // Re-encoding must give the same text back, so two spellings of one address cannot both verify.
  if (Buffer.from(emailNormalized, 'utf8').toString('base64url') !== match[1] || !emailNormalized.includes('@')) return null
  // Compared as text, as the lead links are: base64url's last character has spare bits, so comparing decoded bytes
  // would accept four spellings of one signature.
  const given = Buffer.from(match[2]!)
  const expected = Buffer.from(signature(secret, emailNormalized).toString('base64url'))
  if (!timingSafeEqual(given, expected)) return null
  return emailNormalized
}
