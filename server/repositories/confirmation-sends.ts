import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { sha256Hex } from '../security/hash.ts'
import { serializeOn } from './dialect/claims.ts'

/** Confirmations one address may receive in 24 hours, whatever the form: beyond it our mail would be a relay. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The mailbox an address reaches: case and spaces ignored, the `+tag` of the local part dropped, and Gmail's dots,
 * so `Mario.Rossi+1@Gmail.com` and `mariorossi@gmail.com` count as one.
 */
export function normalizeMailbox(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}

/**
 * Counts a confirmation for `email` unless the address already had its share today: check and count in one
 * statement, in the request's write transaction, the transactions of one address one after the other, so parallel
 * submissions cannot pass the cap together.
 */
export async function takeConfirmationSlot(db: DB, email: string, now = Date.now()): Promise<boolean> {
  const key = sha256Hex(normalizeMailbox(email))
  const since = now - DAY_MS
  await serializeOn(db, `confirmation_sends:${key}`)
  const result = await sql`
    insert into confirmation_sends (address_key, sent_at)
    select ${key}, ${now}
    where (select count(*) from confirmation_sends where address_key = ${key} and sent_at > ${since}) < ${CONFIRMATIONS_PER_ADDRESS_PER_DAY}
  `.execute(db)
  return Number(result.numAffectedRows ?? 0) === 1
}

/** Counts older than a day are of no use to anyone (run every few minutes, not in the requests' transactions). */
export async function pruneConfirmationSends(db: DB, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('confirmation_sends')
    .where('sent_at', '<=', now - DAY_MS)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
