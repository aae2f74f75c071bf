import type { DB } from '../../db/client.ts'
import type { EmailOutboxRow } from '../../db/schema.ts'
import type { QueuedTemplate } from '../mail/templates/index.ts'

export type OutboxEmail = {
  /** Empty string: the office inbox (NOTIFY_EMAIL), resolved when the mail is sent. */
  to: string
  subject: string
  category: string
  replyTo?: string
  headers?: Record<string, string>
  leadId?: number | null
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
  for (const value of [email.to, email.subject, email.replyTo ?? '', email.category]) {
    if (HAS_LINE_BREAK.test(value)) throw new Error('e-mail header value contains a line break')
  }
  for (const [name, value] of Object.entries(email.headers ?? {})) {
    if (!HEADER_NAME.test(name) || HAS_LINE_BREAK.test(value)) throw new Error(`e-mail header ${JSON.stringify(name)} is not safe`)
  }
}

/** Queues an e-mail; pass the transaction that writes what the e-mail is about, so both or neither are stored. */
export async function enqueueEmail(db: DB, email: OutboxEmail, now = new Date().toISOString()): Promise<number> {
  assertHeaderSafe(email)
  const { id } = await db
    .insertInto('email_outbox')
    .values({
      created_at: now,
      updated_at: now,
      category: email.category,
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      html: email.html ?? '',
      text: email.text ?? '',
      template: email.template?.name ?? null,
      template_props: email.template ? JSON.stringify(email.template.props) : null,
      headers: email.headers && Object.keys(email.headers).length ? JSON.stringify(email.headers) : null,
      lead_id: email.leadId ?? null,
      attach_lead_files: email.attachLeadFiles ? 1 : 0,
      next_attempt_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Pending e-mails whose time has come, oldest first. */
export function findDueEmails(db: DB, now: string, limit: number, excludeIds: number[] = []): Promise<EmailOutboxRow[]> {
  let query = db.selectFrom('email_outbox').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now)
  if (excludeIds.length) query = query.where('id', 'not in', excludeIds)
  return query.orderBy('next_attempt_at').orderBy('id').limit(limit).execute()
}

export async function markEmailSent(db: DB, id: number, messageId: string, now = new Date().toISOString()) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sent', sent_at: now, updated_at: now, message_id: messageId, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute()
}

/** Records a failed attempt: retried at nextAttemptAt, or failed for good when it is null. */
export async function markEmailAttemptFailed(db: DB, id: number, error: string, nextAttemptAt: string | null, now = new Date().toISOString()) {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: nextAttemptAt ? 'pending' : 'failed',
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt ?? now,
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute()
}

/** How many e-mails wait to be sent, for start-up logs and the benchmark. */
export async function countPendingEmails(db: DB): Promise<number> {
  const row = await db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()
  return Number(row.n)
}
