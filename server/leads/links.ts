import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import { settingOrCreate } from '../repositories/settings.ts'

const SETTING_KEY = 'lead_link_secret'
const DAY_MS = 86_400_000
/** How long a craftsman's answer links and a requester's rating link work. */
export const OFFER_LINK_DAYS = 7
export const RATING_LINK_DAYS = 60

/** LEAD_LINK_SECRET when set, else a random secret generated once and kept in app_settings. */
export async function leadLinkSecret(db: DB, configured: string | undefined): Promise<string> {
  if (configured) return configured
  return settingOrCreate(db, SETTING_KEY, () => randomBytes(32).toString('base64url'))
}

/**
 * What a link may do, and for whom: 'accept' and 'decline' answer one offer (the assignment of one lead to one
 * craftsman, and which time it was offered: `offerNumber`, 1 for the first); 'rate' lets the requester of one lead rate
 * the craftsmen who took it.
 */
export type LeadLink =
  | { purpose: 'accept' | 'decline'; leadId: number; artisanId: number; assignmentId: number; offerNumber: number; expiresAt: number }
  | { purpose: 'rate'; leadId: number; expiresAt: number }

const PURPOSES = { a: 'accept', d: 'decline', r: 'rate' } as const
const CODES = { accept: 'a', decline: 'd', rate: 'r' } as const
/**
 * `a.<lead>.<artisan>.<assignment>[.<offer number>].<expiry, unix s>.<HMAC-SHA256, base64url>`: numbers in decimal,
 * no leading zeros. The offer number is written from the second offer on: a first offer's links, and those mailed
 * before offers were numbered, have none, and a number 1 written out is not another spelling of them.
 */
const TOKEN = /^([adr])\.([1-9]\d{0,14})\.(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})(?:\.([2-9]|[1-9]\d{1,8}))?\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`lead-link\n${payload}`).digest()
}

function payloadOf(link: LeadLink): string {
  const [artisanId, assignmentId] = link.purpose === 'rate' ? [0, 0] : [link.artisanId, link.assignmentId]
  const offer = link.purpose !== 'rate' && link.offerNumber > 1 ? `.${link.offerNumber}` : ''
  return `${CODES[link.purpose]}.${link.leadId}.${artisanId}.${assignmentId}${offer}.${Math.floor(link.expiresAt / 1000)}`
}

/** A signed link token: it works for that one purpose, lead and craftsman until it expires, and cannot be altered. */
export function createLeadLinkToken(secret: string, link: LeadLink): string {
  const payload = payloadOf(link)
  return `${payload}.${signature(secret, payload).toString('base64url')}`
}

export function offerLinkExpiry(now = Date.now()): number {
  return now + OFFER_LINK_DAYS * DAY_MS
}

export function ratingLinkExpiry(now = Date.now()): number {
  return now + RATING_LINK_DAYS * DAY_MS
}

export type LinkCheck = { ok: true; link: LeadLink } | { ok: false; reason: 'invalid' | 'expired' }

/**
 * Checks a token for the purpose the page expects: forged, altered, malformed and other-purpose tokens are 'invalid';
 * a genuine token past its date is 'expired' (the signature is checked first, so nobody learns anything from a forgery).
 */
export function verifyLeadLinkToken(secret: string, token: string | undefined, purpose: LeadLink['purpose'], now = Date.now()): LinkCheck {
  if (!token || token.length > 200) return { ok: false, reason: 'invalid' }
  const match = TOKEN.exec(token)
  if (!match) return { ok: false, reason: 'invalid' }
  const [, code, lead, artisan, assignment, offer, expiry, given] = match as unknown as [
    string,
    keyof typeof PURPOSES,
    string,
    string,
    string,
    string | undefined,
    string,
    string,
  ]
  const payload = token.slice(0, token.length - given.length - 1)
  // Compared as text: base64url's last character has spare bits, so comparing decoded bytes would accept 4 spellings.
  const expected = Buffer.from(signature(secret, payload).toString('base64url'))
  if (!timingSafeEqual(Buffer.from(given), expected)) return { ok: false, reason: 'invalid' }
  if (PURPOSES[code] !== purpose) return { ok: false, reason: 'invalid' }
  const expiresAt = Number(expiry) * 1000
  const leadId = Number(lead)
  const link: LeadLink =
    purpose === 'rate'
      ? { purpose, leadId, expiresAt }
      : { purpose, leadId, artisanId: Number(artisan), assignmentId: Number(assignment), offerNumber: offer ? Number(offer) : 1, expiresAt }
  if (link.purpose === 'rate' ? offer !== undefined : link.artisanId === 0 || link.assignmentId === 0) return { ok: false, reason: 'invalid' }
  if (now >= expiresAt) return { ok: false, reason: 'expired' }
  return { ok: true, link }
}

/** What the flows of a lead's answers need: the database, the settings, and the secret of their links. */
export type LeadLinks = { db: DB; env: Env; secret: () => Promise<string> }

const secrets = new WeakMap<DB, Promise<string>>()

/**
 * The database, the settings and the links' secret, read once per database. Resolve the secret before opening a
 * transaction: its first read goes through the database, which a transaction holds until it ends.
 */
export function leadLinks(db: DB, env: Env): LeadLinks {
  const secret = () => {
    let read = secrets.get(db)
    if (!read) {
      read = leadLinkSecret(db, env.LEAD_LINK_SECRET)
      read.catch(() => secrets.delete(db))
      secrets.set(db, read)
    }
    return read
  }
  return { db, env, secret }
}

export const answerUrl = (env: Env, purpose: 'accept' | 'decline', token: string) =>
  `${env.PUBLIC_URL}/lavori/${purpose === 'accept' ? 'accetta' : 'rifiuta'}?t=${token}`
export const ratingUrl = (env: Env, token: string) => `${env.PUBLIC_URL}/valutazione?t=${token}`
