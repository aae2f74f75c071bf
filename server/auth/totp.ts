import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import { sha256Hex } from '../security/hash.ts'

const ISSUER = 'Artigiani Milano'
const TOTP_PERIOD_SECONDS = 30
const RECOVERY_CODE_COUNT = 10

const totp = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** 160 random bits, as RFC 4226 recommends for SHA-1, in base32 for the authenticator app. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** True for a base32 secret of at least 128 bits that otpauth can read. */
export function isValidTotpSecret(secret: string): boolean {
  try {
    return /^[A-Z2-7]+=*$/.test(secret) && Secret.fromBase32(secret).bytes.length >= 16
  } catch {
    return false
  }
}

/** What the enrolment screen shows: the otpauth:// URI as an SVG QR code, and the secret to type by hand. */
export function enrolmentPicture(secret: string, email: string): { uri: string; qrSvg: string } {
  const uri = totp(secret, email).toString()
  return { uri, qrSvg: renderSVG(uri, { border: 2 }) }
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''))

/**
 * The time step of the previous, current or next period whose code this is, provided it is newer than the last
 * step accepted; null otherwise. Storing the step returned makes each code work once.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '')
  const generator = totp(secret)
  const current = generator.counter({ timestamp: now })
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue
    if (generator.validate({ token, timestamp: step * TOTP_PERIOD_SECONDS * 1000, window: 0 }) === 0) return step
  }
  return null
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Ten codes of 16 characters (80 bits each) from an alphabet without look-alikes, grouped by four. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('')
    return chars.match(/.{4}/g)!.join('-')
  })
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export const hashRecoveryCode = (code: string) => sha256Hex(code.toUpperCase().replace(/[\s-]/g, ''))
