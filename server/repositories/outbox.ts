import { sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { EmailOutboxRow } from '#db/schema.ts'
import type { QueuedTemplate } from '../mail/templates/index.ts'
import { skipLocked } from './dialect/claims.ts'

/** The office's own inbox (NOTIFY_EMAIL): stored as an empty address and resolved when the mail is sent, so a changed setting reaches mails already queued. */
export const OFFICE_INBOX = Symbol('the office inbox')

export type OutboxEmail = {
  to: string | typeof OFFICE_INBOX
  subject: string
  category: string
  replyTo?: string
  headers?: Record<string, string>
  leadId?: number | null
  /** The contact message the mail is about. */
  contactMessageId?: number | null
  attachLeadFiles?: boolean
} & (
  | { html: string; text: string; template?: undefined }
  /** Rendered by the worker when it sends: keeps React rendering off the request that stores the mail. */
  | { template: QueuedTemplate; html?: undefined; text?: undefined }
)

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/
const HAS_LINE_BREAK = /[\r\n]/

/** Refuses anything that could add headers of its own to the message. */
function assertHeaderSafe(email: OutboxEmail) {
  for (const value of [storedAddress(email.to), email.subject, email.replyTo ?? '', email.category]) {
    if (HAS_LINE_BREAK.test(value)) throw new Error('e-mail header value contains a line break')
  }
  for (const [name, value] of Object.entries(email.headers ?? {})) {
    if (!HEADER_NAME.test(name) || HAS_LINE_BREAK.test(value)) throw new Error(`e-mail header ${JSON.stringify(name)} is not safe`)
  }
}

const storedAddress = (to: OutboxEmail['to']) => (to === OFFICE_INBOX ? '' : to)

/** An e-mail as its outbox row, checked first for anything that could add headers. */
function outboxRow(email: OutboxEmail, now: string) {
  assertHeaderSafe(email)
  return {
    created_at: now,
    updated_at: now,
    category: email.category,
    to_address: storedAddress(email.to),
    reply_to: email.replyTo ?? null,
    subject: email.subject,
    html: email.html ?? '',
    text: email.text ?? '',
    template: email.template?.name ?? null,
    template_props: email.template ? JSON.stringify(email.template.props) : null,
    headers: email.headers && Object.keys(email.headers).length ? JSON.stringify(email.headers) : null,
    lead_id: email.leadId ?? null,
    contact_message_id: email.contactMessageId ?? null,
    attach_lead_files: email.attachLeadFiles ? 1 : 0,
    next_attempt_at: now,
  }
}

/** Queues an e-mail; pass the transaction that writes what the e-mail is about, so both or neither are stored. */
export async function enqueueEmail(db: DB, email: OutboxEmail, now = new Date().toISOString()): Promise<number> {
  const { id } = await db.insertInto('email_outbox').values(outboxRow(email, now)).returning('id').executeTakeFirstOrThrow()
  return id
}

/** Queues several e-mails in one statement, in their order, in the transaction of what they are about. */
export async function enqueueEmails(db: DB, emails: OutboxEmail[], now = new Date().toISOString()): Promise<void> {
  const rows = emails.map((email) => outboxRow(email, now))
  await db.insertInto('email_outbox').values(rows).execute()
}

/**
 * Claims up to `limit` pending e-mails whose time has come, oldest first: their next attempt moves to `leaseUntil`, so
 * no other process (nor this one) takes them again meanwhile. Sending one settles it (sent, failed, or a new attempt
 * time); if the process dies first, the mail is due again when the lease ends and is sent then (at least once).
 * The claim carries `claimant`, the worker's id, until it is settled (`releaseClaimsOf`).
 */
export async function claimDueEmails(db: DB, now: string, limit: number, leaseUntil: string, claimant: string): Promise<EmailOutboxRow[]> {
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM email_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at, id LIMIT ${limit}
      ${skipLocked(trx)}`.execute(trx)
    if (!rows.length) return []
    const ids = rows.map((row) => row.id)
    const claimed = await trx
      .updateTable('email_outbox')
      .set({ next_attempt_at: leaseUntil, claimed_by: claimant })
      .where('id', 'in', ids)
      .returningAll()
      .execute()
    const order = new Map(ids.map((id, index) => [id, index]))
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  })
}

/**
 * Gives back the e-mails `claimant` holds unsent (due again now), for a worker with none in flight: it is stopping, or
 * the database failed, maybe after committing a claim whose answer never came. How many there were.
 */
export async function releaseClaimsOf(db: DB, claimant: string, now = new Date().toISOString()): Promise<number> {
  const result = await db
    .updateTable('email_outbox')
    .set({ next_attempt_at: now, claimed_by: null })
    .where('claimed_by', '=', claimant)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Categories whose body grants something (a password-reset link, a craftsman's sign-in link and code, a craftsman's answer link, a rating link): once sent, or failed for good, only what the admin
 * needs is kept (recipient, subject, category, status, times), so the outbox holds no live link.
 */
export const SCRUBBED_CATEGORIES = ['password-reset', 'artisan-sign-in', 'lead-offer', 'offer-accepted', 'rating-request'] as const
/** What stays in `text` of a scrubbed mail, for the admin and for data-access exports. */
export const SCRUBBED_TEXT = 'Contenuto non conservato: conteneva un link personale di accesso.'

const isScrubbed = sql<boolean>`category in (${sql.join(SCRUBBED_CATEGORIES.map((category) => sql.lit(category)))})`
const scrubbedBody = {
  html: sql<string>`case when ${isScrubbed} then '' else html end`,
  text: sql<string>`case when ${isScrubbed} then ${SCRUBBED_TEXT} else text end`,
  template_props: sql<string | null>`case when ${isScrubbed} then null else template_props end`,
}

export async function markEmailSent(db: DB, id: number, messageId: string, now = new Date().toISOString()) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: 'sent',
      claimed_by: null,
      sent_at: now,
      updated_at: now,
      message_id: messageId,
      attempts: eb('attempts', '+', 1),
      last_error: null,
      ...scrubbedBody,
    }))
    .where('id', '=', id)
    // Recorded once: the worker records again when a commit's answer was lost in a database outage.
    .where('status', '!=', 'sent')
    .execute()
}

/** Records a failed attempt: retried at nextAttemptAt, or failed for good when it is null. */
export async function markEmailAttemptFailed(db: DB, id: number, error: string, nextAttemptAt: string | null, now = new Date().toISOString()) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: nextAttemptAt ? 'pending' : 'failed',
      claimed_by: null,
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt ?? now,
      updated_at: now,
      ...(nextAttemptAt ? {} : scrubbedBody),
    }))
    .where('id', '=', id)
    .execute()
}

/** How many e-mails wait to be sent, for start-up logs and the benchmark. */
export async function countPendingEmails(db: DB): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Sets a queued mail aside because its address bounced for good or marked our mail as spam (SES reported it); returns
 * false otherwise. An unsubscribe or an erasure stops campaigns, not the answers to a request the person makes. The
 * office inbox is never checked: it is stored empty.
 */
export async function setAsideIfSuppressed(db: DB, row: { id: number; to_address: string }, now = new Date().toISOString()): Promise<boolean> {
  if (!row.to_address) return false
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'suppressed', claimed_by: null, updated_at: now, last_error: 'address on the suppression list', ...scrubbedBody })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('email_suppressions')
          .select('email_normalized')
          .where('email_normalized', '=', row.to_address.trim().toLowerCase())
          .where('reason', 'in', ['bounced', 'complaint']),
      ),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
