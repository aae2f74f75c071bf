import { hash, verify } from '@node-rs/argon2'

/** argon2id with the OWASP minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verified against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches')
  await verifyPassword(await dummyHash, password)
  return false
}
