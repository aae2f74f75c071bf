import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import { settingOrCreate } from '../repositories/settings.ts'

/** How long a captcha may be answered: long enough to write a detailed request. */
export const CAPTCHA_TTL_MS = 60 * 60 * 1000
const SETTING_KEY = 'captcha_secret'

export type Challenge = { a: number; b: number; token: string }
type Payload = { n: string; a: number; b: number; e: number }
export type CaptchaCheck =
  | { ok: true; nonce: string; expiresAt: number }
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'wrong'; nonce: string; expiresAt: number }

let cachedSecret: { db: DB; secret: Buffer } | null = null

/** CAPTCHA_SECRET, or one generated on first use and kept in app_settings so restarts keep open challenges valid. */
export async function captchaSecret(db: DB, env: Env): Promise<Buffer> {
  if (env.CAPTCHA_SECRET) return Buffer.from(env.CAPTCHA_SECRET)
  if (cachedSecret?.db === db) return cachedSecret.secret
  const value = await settingOrCreate(db, SETTING_KEY, () => randomBytes(32).toString('base64url'))
  cachedSecret = { db, secret: Buffer.from(value, 'base64url') }
  return cachedSecret.secret
}

function sign(secret: Buffer, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url')
}

/** The sum of two integers from 1 to 10 (docs/product.md §5), in a signed token that carries its own expiry. */
export function createChallenge(secret: Buffer, now = Date.now()): Challenge {
  const payload: Payload = { n: randomBytes(12).toString('base64url'), a: randomInt(1, 11), b: randomInt(1, 11), e: now + CAPTCHA_TTL_MS }
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return { a: payload.a, b: payload.b, token: `${data}.${sign(secret, data)}` }
}

/** Checks signature, expiry and answer; whether the challenge was already used is the caller's next step. */
export function checkChallenge(secret: Buffer, token: string, answer: string, now = Date.now()): CaptchaCheck {
  const [data, signature, extra] = token.split('.')
  if (!data || !signature || extra !== undefined) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(sign(secret, data))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  let payload: Payload
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Payload
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (typeof payload.e !== 'number' || payload.e < now) return { ok: false, reason: 'expired' }
  // A wrong answer uses the challenge up too, so its sum cannot be found by trying every value.
  if (Number(answer) !== payload.a + payload.b) return { ok: false, reason: 'wrong', nonce: payload.n, expiresAt: payload.e }
  return { ok: true, nonce: payload.n, expiresAt: payload.e }
}
