import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { parse } from 'hono/utils/cookie'
import type { DB } from '#db/client.ts'
import { safeAreaRedirect } from '#src/lib/area-paths.ts'
import {
  SIGN_IN_CODE_EXPIRED,
  SIGN_IN_CODE_LOCKED,
  SIGN_IN_LINK_ERRORS,
  SIGN_IN_MAX_WRONG_CODES,
  SIGN_IN_TOKEN_PATTERN,
  SIGN_IN_VALID_MINUTES,
  type SignInLinkError,
  signInCodeWrong,
} from '#shared/artisan-sign-in.ts'
import type { Logger } from '../logger.ts'
import { renderEmail } from '../mail/render.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { ArtisanSignIn } from '../mail/templates/artisan-sign-in.tsx'
import {
  countWrongCode,
  deleteStaleSignInTokens,
  findAreaArtisan,
  findSignInToken,
  findSignInTokenByBinding,
  insertSignInToken,
  markSignedIn,
  type SignInTokenRow,
  spendSignInToken,
} from '../repositories/artisan-sign-in.ts'
import { countAttempts, deleteCounter } from '../repositories/auth-throttle.ts'
import { byArtisan, recordAudit } from '../repositories/audit.ts'
import { enqueueEmail } from '../repositories/outbox.ts'
import { sha256Hex } from '../security/hash.ts'
import { createArtisanAuth } from './artisan-auth.ts'

/** The address of the mail's link: GET, so a mail app opens it; it signs in only the browser that asked (its cookie). */
export const SIGN_IN_LINK_PATH = '/artigiano/entra'
export const SIGN_IN_CODE_PATH = '/artigiano/codice'

const VALID_SECONDS = SIGN_IN_VALID_MINUTES * 60
const unixNow = () => Math.floor(Date.now() / 1000)
const newSecret = () => randomBytes(32).toString('base64url')
/** Salted with the token's hash, so one code's hash says nothing about another mail's. */
const codeHashOf = (tokenHash: string, code: string) => sha256Hex(`${tokenHash}:${code}`)
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

// The asking browser's cookie: its own name, __Host- on https like the session's (artisan-auth.ts), HttpOnly, and Lax so
// that the link opened from a webmail (a top-level GET from another site) still carries it.
const bindingCookieName = (publicUrl: string) => (publicUrl.startsWith('https://') ? '__Host-artisan-sign-in' : 'artisan-sign-in')

function bindingCookie(publicUrl: string, value: string, maxAge: number): string {
  const secure = publicUrl.startsWith('https://')
  return `${bindingCookieName(publicUrl)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * A fresh value for the browser that asks for a mail, set whether or not the address is a craftsman's (the answer must
 * not tell): the cookie to set, and the hash stored with the mail's token when there is one.
 */
export function newBinding(publicUrl: string): { cookie: string; hash: string } {
  const value = newSecret()
  return { cookie: bindingCookie(publicUrl, value, VALID_SECONDS), hash: sha256Hex(value) }
}

export const blankBindingCookie = (publicUrl: string) => bindingCookie(publicUrl, '', 0)

/** The hash of the value this browser holds, if it asked for a mail in the last 15 minutes. */
function bindingHashOf(publicUrl: string, cookieHeader: string | null | undefined): string | null {
  const value = parse(cookieHeader ?? '', bindingCookieName(publicUrl))[bindingCookieName(publicUrl)]
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? sha256Hex(value) : null
}

export type SignInMailTarget = { id: number; email: string; contact_name: string }

/**
 * Stores a single-use token and code (their hashes) for the craftsman and queues the mail with both, in one
 * transaction. `bindingHash`: the browser that asked, which the link signs in; none when the office sends it.
 */
export async function sendSignInMail(
  db: DB,
  publicUrl: string,
  artisan: SignInMailTarget,
  {
    bindingHash,
    redirect,
    alongside,
  }: {
    bindingHash: string | null
    redirect?: string /** Written in the same transaction (the office's audit entry). */
    alongside?: (trx: DB) => Promise<void>
  },
): Promise<void> {
  const token = newSecret()
  const tokenHash = sha256Hex(token)
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const signInUrl = `${publicUrl}${SIGN_IN_LINK_PATH}?t=${token}`
  const { html, text } = await renderEmail(ArtisanSignIn({ contactName: artisan.contact_name, signInUrl, code, validMinutes: SIGN_IN_VALID_MINUTES }))
  await deleteStaleSignInTokens(db)
  await db.transaction().execute(async (trx) => {
    await insertSignInToken(trx, {
      tokenHash,
      artisanId: artisan.id,
      codeHash: codeHashOf(tokenHash, code),
      bindingHash,
      redirectPath: safeAreaRedirect(redirect),
      expiresAt: unixNow() + VALID_SECONDS,
    })
    await enqueueEmail(trx, {
      to: artisan.email,
      subject: 'Il tuo link di accesso all’area artigiani - Artigiani Milano',
      html,
      text,
      category: 'artisan-sign-in',
    })
    await alongside?.(trx)
  })
  // The mail is awaited by someone at a sign-in page: the worker sends it now, not at its next poll.
  notifyOutbox()
}

/** Why a mail's token cannot sign in, if it cannot. */
function refusalOf(row: SignInTokenRow | undefined, failedCodes = row?.failed_codes ?? 0): SignInLinkError | null {
  if (!row) return 'non-valido'
  if (row.used_at) return 'usato'
  if (row.expires_at <= unixNow()) return 'scaduto'
  if (failedCodes >= SIGN_IN_MAX_WRONG_CODES) return 'bloccato'
  return null
}

export type SignedIn = { artisanId: number; sessionCookie: string; redirect: string }

/**
 * Spends the token and opens a session in one transaction: only one request ever gets it, and only while the craftsman
 * is still in the area (a status changed since the mail refuses, leaving nothing behind). The sign-in is recorded.
 */
async function openSession(db: DB, publicUrl: string, tokenHash: string, via: 'link' | 'code', withCodeTry = false): Promise<SignedIn | 'spent' | 'gone'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const spent = await spendSignInToken(trx, tokenHash, { withCodeTry })
      if (!spent) return 'spent'
      const artisan = await findAreaArtisan(trx, spent.artisan_id)
      if (!artisan) throw new LeftTheArea()
      const auth = createArtisanAuth(trx, publicUrl)
      const session = await auth.createSession(String(artisan.id), {})
      const now = new Date().toISOString()
      await markSignedIn(trx, artisan.id, now)
      await recordAudit(trx, { ...byArtisan(artisan), action: 'sign_in', entityType: 'artisan', entityId: artisan.id, details: { via } }, now)
      return { artisanId: artisan.id, sessionCookie: auth.createSessionCookie(session.id).serialize(), redirect: safeAreaRedirect(spent.redirect_path) }
    })
  } catch (error) {
    if (error instanceof LeftTheArea) return 'gone'
    throw error
  }
}

/** Rolls the spending back: a craftsman who left the area since the mail gets nothing, and nothing changes. */
class LeftTheArea extends Error {}

export type LinkOutcome = { kind: 'signed-in'; signedIn: SignedIn } | { kind: 'ask-code' } | { kind: 'refused'; reason: SignInLinkError }

/**
 * A link opened: in the browser that asked for it (its cookie matches the one stored with the token) it signs in; in any
 * other (a mail app's own browser, a link scanner) nothing is spent and the page asks for the mail's code instead.
 */
export async function signInWithLink(db: DB, publicUrl: string, token: string | undefined, cookieHeader: string | undefined): Promise<LinkOutcome> {
  if (!token || !SIGN_IN_TOKEN_PATTERN.test(token)) return { kind: 'refused', reason: 'non-valido' }
  const tokenHash = sha256Hex(token)
  const row = await findSignInToken(db, tokenHash)
  const refusal = refusalOf(row)
  if (refusal) return { kind: 'refused', reason: refusal }
  const binding = bindingHashOf(publicUrl, cookieHeader)
  if (!binding || !row!.binding_hash || !sameHash(binding, row!.binding_hash)) return { kind: 'ask-code' }
  const signedIn = await openSession(db, publicUrl, tokenHash, 'link')
  if (typeof signedIn === 'object') return { kind: 'signed-in', signedIn }
  return { kind: 'refused', reason: (signedIn === 'spent' && refusalOf(await findSignInToken(db, tokenHash))) || 'non-valido' }
}

export type CodeOutcome = { kind: 'signed-in'; signedIn: SignedIn } | { kind: 'refused'; message: string }

const refusedWith = (message: string): CodeOutcome => ({ kind: 'refused', message })
const wrongCode = (tries: number) => refusedWith(tries >= SIGN_IN_MAX_WRONG_CODES ? SIGN_IN_CODE_LOCKED : signInCodeWrong(SIGN_IN_MAX_WRONG_CODES - tries))
/** Wrong codes typed in the browser that asked, counted on its cookie's value: the same whether or not a mail went out. */
const bindingCounterKey = (bindingHash: string) => sha256Hex(`artisan-sign-in-code\0${bindingHash}`)

/**
 * A code typed: with the link's token (the page a link opened in another browser shows), or in the browser that asked,
 * whose cookie names the mail. Every try counts as wrong until the code proves right, so parallel guesses are all
 * counted; after 5 wrong codes the mail no longer signs anyone in.
 */
export async function signInWithCode(
  db: DB,
  publicUrl: string,
  { token, code }: { token?: string; code: string },
  cookieHeader: string | undefined,
): Promise<CodeOutcome> {
  if (token) {
    const tokenHash = sha256Hex(token)
    const row = await findSignInToken(db, tokenHash)
    const refusal = refusalOf(row)
    if (refusal) return refusedWith(SIGN_IN_LINK_ERRORS[refusal])
    const tries = await countWrongCode(db, tokenHash)
    if (tries > SIGN_IN_MAX_WRONG_CODES) return refusedWith(SIGN_IN_CODE_LOCKED)
    if (!sameHash(codeHashOf(tokenHash, code), row!.code_hash)) return wrongCode(tries)
    const signedIn = await openSession(db, publicUrl, tokenHash, 'code', true)
    if (typeof signedIn === 'object') return { kind: 'signed-in', signedIn }
    return refusedWith(SIGN_IN_LINK_ERRORS[(signedIn === 'spent' && refusalOf(await findSignInToken(db, tokenHash), 0)) || 'non-valido'])
  }

  // The browser that asked. An address outside the register has no mail behind the cookie: it is answered exactly as a
  // craftsman's wrong code, counted the same way, so the code step does not tell which addresses are in the register.
  const bindingHash = bindingHashOf(publicUrl, cookieHeader)
  if (!bindingHash) return refusedWith(SIGN_IN_CODE_EXPIRED)
  const key = bindingCounterKey(bindingHash)
  const [counter] = await countAttempts(db, [{ key, windowSeconds: VALID_SECONDS }], unixNow())
  // The cookie names one mail, so its counter is that mail's count here: no second write for a mail that exists, which
  // would make a craftsman's address answer slower than an unknown one. Wrong codes typed with the link elsewhere count too.
  const row = await findSignInTokenByBinding(db, bindingHash)
  const tries = Math.max(counter!.count, row?.failed_codes ?? 0)
  if (tries > SIGN_IN_MAX_WRONG_CODES) return refusedWith(SIGN_IN_CODE_LOCKED)
  if (!row || refusalOf(row, 0) || !sameHash(codeHashOf(row.token_hash, code), row.code_hash)) return wrongCode(tries)
  const signedIn = await openSession(db, publicUrl, row.token_hash, 'code', true)
  if (signedIn === 'gone') return refusedWith(SIGN_IN_LINK_ERRORS['non-valido'])
  if (signedIn === 'spent') return wrongCode(tries)
  await deleteCounter(db, key)
  return { kind: 'signed-in', signedIn }
}

/** Logs say what happened to whom by id, never the address, token or code. */
export function logSignIn(logger: Logger, outcome: LinkOutcome | CodeOutcome, via: 'link' | 'code') {
  if (outcome.kind === 'signed-in') logger.info({ artisanId: outcome.signedIn.artisanId, via }, 'artisan signed in')
  else if (outcome.kind === 'refused') logger.warn({ via, reason: 'reason' in outcome ? outcome.reason : undefined }, 'artisan sign-in refused')
}
