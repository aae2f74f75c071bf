import { type SqlBool, sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { ContactMessage } from '#db/schema.ts'
import { romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { MESSAGES_PAGE_SIZE, type MessageFilters } from '#shared/schemas/contact-messages.ts'
import { normalizeEmail } from '#shared/text.ts'
import type { LeadInput } from './leads.ts'
import { type ListSearch, listPage, searchedList, textSearch } from './search.ts'

/** A message of /contattaci as the form stores it: who, what, and where the visit came from. */
export type ContactMessageInput = Pick<
  LeadInput,
  'fullName' | 'email' | 'phone' | 'ipAddress' | 'userAgent' | 'fromPage' | 'utm' | 'marketingConsentAt' | 'marketingConsentText'
> & {
  subject: string
  message: string
  landingPage?: string | null
  trafficSource?: string | null
  device?: 'mobile' | 'tablet' | 'desktop' | null
}

/** Stores a message; call inside the transaction that also queues its e-mails. Returns its id. */
export async function insertContactMessage(db: DB, input: ContactMessageInput, now = new Date().toISOString()): Promise<number> {
  const { id } = await db
    .insertInto('contact_messages')
    .values({
      created_at: now,
      updated_at: now,
      full_name: input.fullName,
      email: input.email,
      email_normalized: normalizeEmail(input.email),
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      ip_address: input.ipAddress,
      user_agent: input.userAgent,
      from_page: input.fromPage,
      utm_source: input.utm?.source || null,
      utm_medium: input.utm?.medium || null,
      utm_campaign: input.utm?.campaign || null,
      utm_term: input.utm?.term || null,
      utm_content: input.utm?.content || null,
      landing_page: input.landingPage ?? null,
      traffic_source: input.trafficSource ?? null,
      device: input.device ?? null,
      notes: null,
      read_at: null,
      answered_at: null,
      marketing_consent_at: input.marketingConsentAt ?? null,
      marketing_consent_text: input.marketingConsentText ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export type MessageListRow = Pick<ContactMessage, 'id' | 'created_at' | 'full_name' | 'email' | 'phone' | 'subject' | 'read_at' | 'answered_at'> & {
  /** The message's first characters, for the row. */
  excerpt: string
}

const SEARCH_COLUMNS = { name: 'full_name', email: 'email', phone: 'phone', subject: 'subject' } as const
const EXCERPT = 140

/** Every filter as a condition on contact_messages: substrings through the trigram index, as the leads' list. */
function messageSearch(db: DB, filters: MessageFilters): ListSearch {
  const { conditions, match } = textSearch(db, 'contact_messages', SEARCH_COLUMNS, filters)
  if (filters.state === 'nuovo') conditions.push(sql<SqlBool>`contact_messages.read_at IS NULL`)
  if (filters.state === 'letto') conditions.push(sql<SqlBool>`contact_messages.read_at IS NOT NULL AND contact_messages.answered_at IS NULL`)
  if (filters.state === 'risposto') conditions.push(sql<SqlBool>`contact_messages.answered_at IS NOT NULL`)
  if (filters.from) conditions.push(sql<SqlBool>`contact_messages.created_at >= ${romeDayStart(filters.from)}`)
  if (filters.to) conditions.push(sql<SqlBool>`contact_messages.created_at < ${romeDayEnd(filters.to)}`)
  return { conditions, match }
}

/** One page of messages, newest first, with the number of matching ones and of those still to read. */
export async function listContactMessages(db: DB, filters: MessageFilters, page: number, pageSize = MESSAGES_PAGE_SIZE) {
  const { where, total, totalCapped } = await searchedList(db, 'contact_messages', messageSearch(db, filters), {
    date: 'created_at',
    byDate: 'contact_messages_created_at',
  })
  const rows = total
    ? (
        await sql<MessageListRow>`SELECT id, created_at, full_name, email, phone, subject, read_at, answered_at, substr(message, 1, ${sql.lit(EXCERPT)}) AS excerpt
          FROM contact_messages ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db)
      ).rows
    : []
  return { ...listPage(rows, total, page, pageSize, totalCapped), unread: await countUnreadMessages(db) }
}

/** Messages the office has not opened yet (the back office's "Messaggi" badge). */
export async function countUnreadMessages(db: DB): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function findContactMessage(db: DB, id: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Opening a message reads it: the first time only, so the moment it was first read stays. False for an unknown message. */
export async function markMessageRead(db: DB, id: number, now = new Date().toISOString()): Promise<boolean> {
  const result = await db
    .updateTable('contact_messages')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<string>`${now}`) }))
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Marks a message answered (and read), or takes the mark back; false for an unknown message. */
export async function setMessageAnswered(db: DB, id: number, answered: boolean, now = new Date().toISOString()): Promise<boolean> {
  const result = await db
    .updateTable('contact_messages')
    .set((eb) => ({
      answered_at: answered ? eb.fn.coalesce('answered_at', sql<string>`${now}`) : null,
      read_at: eb.fn.coalesce('read_at', sql<string>`${now}`),
      updated_at: now,
    }))
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Deletes a message with its e-mails; false when there was no such message. */
export function deleteContactMessage(db: DB, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('email_outbox').where('contact_message_id', '=', id).execute()
    const result = await trx.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

/** Every message of one address, oldest first (a person's data export). */
export function listMessagesOf(db: DB, email: string) {
  return db.selectFrom('contact_messages').selectAll().where('email_normalized', '=', normalizeEmail(email)).orderBy('created_at').orderBy('id').execute()
}
