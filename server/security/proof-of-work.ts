import { createHmac, randomInt } from 'node:crypto'
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { z } from 'zod'
import type { ChallengeUse } from '../repositories/captcha-uses.ts'
import { CAPTCHA_TTL_MS } from './captcha.ts'

// ALTCHA v2 in deterministic mode: the server derives the key for a random counter, the browser counts up to it
// (docs/decisions/031-forms-proof-of-work-and-defanged-mail.md).
const PROOF_OF_WORK_ALGORITHM = 'PBKDF2/SHA-256'
/** PBKDF2 rounds per try: enough that a browser's per-call overhead is small beside the hashing, so a native script gains little. */
const PROOF_OF_WORK_COST = 2000

export type ProofOfWorkChallenge = Challenge
export type ProofOfWorkCheck = { ok: true; nonce: string; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' | 'wrong' }

/** Two keys derived from the captcha secret, so a signature of one kind can never pass for the other. */
function keys(secret: Buffer) {
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex')
  return { signature: derive('proof-of-work challenge'), key: derive('proof-of-work derived key') }
}

/**
 * A challenge that takes between difficulty/2 and difficulty key derivations to answer, signed and valid as long as
 * the captcha it travels with. Creating it costs the server one derivation; verifying it, one HMAC.
 */
export async function createProofOfWork(secret: Buffer, difficulty: number, now = Date.now()): Promise<ProofOfWorkChallenge> {
  const { signature, key } = keys(secret)
  return createChallenge({
    algorithm: PROOF_OF_WORK_ALGORITHM,
    cost: PROOF_OF_WORK_COST,
    counter: randomInt(Math.ceil(difficulty / 2), difficulty + 1),
    deriveKey,
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  })
}

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]+$/)
/** The shape of ALTCHA's payload, with a bound on every field; what it means is then checked by verifySolution. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(PROOF_OF_WORK_ALGORITHM),
      nonce: hex(64),
      salt: hex(64),
      cost: z.number().int().min(1).max(10_000_000),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: hex(128),
      keySignature: hex(128),
      expiresAt: z.number(),
    }),
    signature: hex(128),
  }),
  solution: z.object({ counter: z.number().int().min(0).max(0xffffffff), derivedKey: hex(128), time: z.number().optional() }),
})

/** The solution's form as the browser sends it: ALTCHA's payload, JSON in base64. */
export function encodeProofOfWork(challenge: ProofOfWorkChallenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** Signature, expiry and solution; whether it was already used is checked in the request's write transaction. */
export async function checkProofOfWork(secret: Buffer, encoded: string, now = Date.now()): Promise<ProofOfWorkCheck> {
  let raw: unknown
  try {
    raw = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const shape = payloadSchema.safeParse(raw)
  if (!shape.success) return { ok: false, reason: 'invalid' }
  // The payload as received, not zod's copy: the signature covers exactly the parameters that were issued.
  const payload = raw as z.infer<typeof payloadSchema>
  const { parameters } = payload.challenge
  if (parameters.expiresAt * 1000 < now) return { ok: false, reason: 'expired' }
  const { signature, key } = keys(secret)
  let result: Awaited<ReturnType<typeof verifySolution>>
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    })
  } catch {
    // The library throws on values it cannot use; for the visitor that is a solution that does not verify.
    return { ok: false, reason: 'invalid' }
  }
  if (result.expired) return { ok: false, reason: 'expired' }
  if (result.invalidSignature) return { ok: false, reason: 'invalid' }
  if (!result.verified) return { ok: false, reason: 'wrong' }
  return { ok: true, nonce: parameters.nonce, expiresAt: parameters.expiresAt * 1000 }
}

/** A solved challenge as recorded when used, beside the answered captchas (captcha_uses): its nonce prefixed. */
export const proofOfWorkUse = (check: { nonce: string; expiresAt: number }): ChallengeUse => ({ nonce: `pow:${check.nonce}`, expiresAt: check.expiresAt })
