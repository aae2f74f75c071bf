import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { Env } from '#server/env.ts'
import { databaseFault } from '#server/faults.ts'
import { deleteArtisan } from '#server/repositories/artisans.ts'
import { recordAudit } from '#server/repositories/audit.ts'
import { skipLocked } from '#server/repositories/dialect/claims.ts'
import { deleteMailTraces } from '#server/repositories/requesters.ts'
import { anonymiseReviews } from '#server/repositories/reviews.ts'

/** What an anonymised request shows instead of a name: its rating of the craftsman stays, under this. */
export const ANONYMOUS_REQUESTER = 'Cliente verificato'

/** The periods of the privacy policy's §6, from the settings (RETENTION_*); the policy page shows the same values. */
export type RetentionPeriods = { requestMonths: number; applicationMonths: number; artisanMonths: number; technicalDays: number }

export const retentionPeriods = (env: Env): RetentionPeriods => ({
  requestMonths: env.RETENTION_REQUEST_MONTHS,
  applicationMonths: env.RETENTION_APPLICATION_MONTHS,
  artisanMonths: env.RETENTION_ARTISAN_MONTHS,
  technicalDays: env.RETENTION_TECHNICAL_DAYS,
})

/** How many rows of each kind a run removed or cleared (a dry run: would). Counts only, never whose. */
export type RetentionCounts = {
  /** People whose last request is older than the period: their requests anonymised. */
  requesters: number
  leads: number
  /** Messages of /contattaci older than the requests' period, deleted with their e-mails. */
  messages: number
  attachments: number
  /** E-mails of the outbox about those requests or to those people. */
  mails: number
  timelineEntries: number
  newsletterDeliveries: number
  mailEvents: number
  /** Comments of the ratings of those requests (the stars stay). */
  ratingComments: number
  /** Craftsmen's applications not accepted (rejected or never reviewed), deleted. */
  applications: number
  /** Craftsmen whose collaboration ended (inactive), deleted. */
  artisans: number
  /** Requests kept whose IP address and user agent were cleared. */
  leadTechnicalData: number
  /** Messages kept whose IP address and user agent were cleared. */
  messageTechnicalData: number
  /** Sign-in counters and known sign-in addresses (hashes of IP addresses) deleted. */
  signInRecords: number
}

export const RETENTION_KINDS: Array<keyof RetentionCounts> = [
  'requesters',
  'leads',
  'messages',
  'attachments',
  'mails',
  'timelineEntries',
  'newsletterDeliveries',
  'mailEvents',
  'ratingComments',
  'applications',
  'artisans',
  'leadTechnicalData',
  'messageTechnicalData',
  'signInRecords',
]

const noCounts = (): RetentionCounts => Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, 0])) as RetentionCounts

/** The moments before which each kind is due, from `now`. */
function cutoffs(periods: RetentionPeriods, now: Date) {
  const monthsBefore = (months: number) => {
    const at = new Date(now)
    at.setUTCMonth(at.getUTCMonth() - months)
    return at.toISOString()
  }
  const technical = now.getTime() - periods.technicalDays * 24 * 60 * 60_000
  return {
    request: monthsBefore(periods.requestMonths),
    application: monthsBefore(periods.applicationMonths),
    artisan: monthsBefore(periods.artisanMonths),
    technical: new Date(technical).toISOString(),
    technicalSeconds: Math.floor(technical / 1000),
    nowSeconds: Math.floor(now.getTime() / 1000),
  }
}
type Cutoffs = ReturnType<typeof cutoffs>

const UNACCEPTED = ['rejected', 'pending_review'] as const

// The people due: their last request is older than the period ('' is the address of requests already anonymised).
const dueRequesters = (cut: Cutoffs) => sql`SELECT email_normalized FROM requesters WHERE last_created_at < ${cut.request} AND email_normalized <> ''`
// Leads that still hold technical data and whose requester is not due (anonymising those clears it too).
const technicalLeads = (cut: Cutoffs) =>
  sql`(ip_address IS NOT NULL OR user_agent IS NOT NULL) AND created_at < ${cut.technical}
    AND NOT EXISTS (SELECT 1 FROM requesters r WHERE r.email_normalized = leads.email_normalized AND r.last_created_at < ${cut.request})`

/**
 * Runs a batch again when SQLite says the database is locked: another process (the server's job beside an operator's
 * command) wrote between this transaction's first read and its first write, which SQLite refuses at once rather than
 * waiting (busy_timeout does not apply). Each batch selects what is still due, so running it again is safe.
 */
async function retryWhenLocked<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= 20 || databaseFault(error)?.kind !== 'locked') throw error
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50))
    }
  }
}

/**
 * Lets requests waiting on the event loop through between two batches: SQLite runs a batch without returning to the
 * loop, so a run over a large backlog would otherwise hold the server for all of its batches in a row.
 */
const betweenBatches = () => new Promise<void>((resolve) => setImmediate(resolve))

export type RetentionOptions = {
  now?: Date
  /** Most rows changed per transaction (people: a fifth of it, each with their requests). */
  batchSize?: number
  /** Who ran it, for the audit record: the periodic job or the operator's command. */
  trigger: 'job' | 'command'
  /** Checked between batches: a stopping process ends its run there (what is done is recorded). */
  stopping?: () => boolean
}

/**
 * Applies the privacy policy's periods once, in short transactions of at most `batchSize` rows, and records the
 * counts in the audit log. Requests are anonymised rather than deleted, so the lists' totals, the requests per day
 * and each craftsman's offers and stars stay as they were (docs/decisions/044-retention.md).
 */
export async function runRetention(db: DB, periods: RetentionPeriods, options: RetentionOptions): Promise<RetentionCounts> {
  const { now = new Date(), batchSize = 500, stopping = () => false } = options
  const cut = cutoffs(periods, now)
  const counts = noCounts()
  const add = (part: Partial<RetentionCounts>) => {
    for (const [kind, n] of Object.entries(part)) counts[kind as keyof RetentionCounts] += n
  }
  const at = now.toISOString()
  const people = Math.max(1, Math.floor(batchSize / 5))

  // Each batch is one transaction whose counts are added once it committed (a batch SQLite refused is run again whole).
  while (!stopping()) {
    const batch = await retryWhenLocked(() =>
      db.transaction().execute(async (trx) => {
        const addresses = (
          await sql<{ email_normalized: string }>`${dueRequesters(cut)} ORDER BY last_created_at, id LIMIT ${people} ${skipLocked(trx)}`.execute(trx)
        ).rows.map((row) => row.email_normalized)
        return { done: addresses.length < people, counts: addresses.length ? await anonymiseRequesters(trx, addresses, cut, at) : {} }
      }),
    )
    add(batch.counts)
    if (batch.done) break
    await betweenBatches()
  }

  // Messages are not requests: nothing counts them later, so a message past the period goes whole, with its mails.
  while (!stopping()) {
    const batch = await retryWhenLocked(() =>
      db.transaction().execute(async (trx) => {
        const ids = (
          await sql<{ id: number }>`SELECT id FROM contact_messages WHERE created_at < ${cut.request}
            ORDER BY created_at, id LIMIT ${batchSize} ${skipLocked(trx)}`.execute(trx)
        ).rows.map((row) => row.id)
        if (!ids.length) return { done: true, counts: {} }
        const { mails } = await deleteMailTraces(trx, [], [], ids)
        const deleted = await trx.deleteFrom('contact_messages').where('id', 'in', ids).executeTakeFirst()
        return { done: ids.length < batchSize, counts: { messages: Number(deleted.numDeletedRows), mails } }
      }),
    )
    add(batch.counts)
    if (batch.done) break
    await betweenBatches()
  }

  while (!stopping()) {
    const cleared = await retryWhenLocked(() =>
      db
        .updateTable('contact_messages')
        .set({ ip_address: null, user_agent: null })
        .where(
          'id',
          'in',
          sql<number>`(SELECT id FROM contact_messages WHERE (ip_address IS NOT NULL OR user_agent IS NOT NULL) AND created_at < ${cut.technical}
            ORDER BY created_at, id LIMIT ${batchSize} ${skipLocked(db)})`,
        )
        .executeTakeFirst(),
    )
    const n = Number(cleared.numUpdatedRows)
    add({ messageTechnicalData: n })
    if (n < batchSize) break
    await betweenBatches()
  }

  while (!stopping()) {
    const cleared = await retryWhenLocked(() =>
      db
        .updateTable('leads')
        .set({ ip_address: null, user_agent: null })
        .where('id', 'in', sql<number>`(SELECT id FROM leads WHERE ${technicalLeads(cut)} ORDER BY created_at, id LIMIT ${batchSize} ${skipLocked(db)})`)
        .executeTakeFirst(),
    )
    const n = Number(cleared.numUpdatedRows)
    add({ leadTechnicalData: n })
    if (n < batchSize) break
    await betweenBatches()
  }

  for (const [statuses, cutoff, kind] of [
    [UNACCEPTED, cut.application, 'applications'],
    [['inactive'], cut.artisan, 'artisans'],
  ] as const) {
    while (!stopping()) {
      const batch = await retryWhenLocked(() =>
        db.transaction().execute(async (trx) => {
          const due = (
            await sql<{ id: number; email: string }>`SELECT id, email FROM artisans WHERE status IN (${sql.join(statuses)}) AND updated_at < ${cutoff}
              ORDER BY updated_at, id LIMIT ${people} ${skipLocked(trx)}`.execute(trx)
          ).rows
          const counts: Partial<RetentionCounts>[] = []
          for (const artisan of due) counts.push(await deleteArtisanData(trx, artisan, kind))
          return { done: due.length < people, counts }
        }),
      )
      for (const part of batch.counts) add(part)
      if (batch.done) break
      await betweenBatches()
    }
  }

  if (!stopping()) {
    const counters = await retryWhenLocked(() =>
      db.deleteFrom('auth_throttle').where('expires_at', '<=', cut.nowSeconds).where('next_at', '<=', cut.nowSeconds).executeTakeFirst(),
    )
    const known = await retryWhenLocked(() => db.deleteFrom('login_known_addresses').where('last_success_at', '<=', cut.technicalSeconds).executeTakeFirst())
    add({ signInRecords: Number(counters.numDeletedRows) + Number(known.numDeletedRows) })
  }

  await retryWhenLocked(() =>
    recordAudit(
      db,
      {
        actorId: null,
        actorEmail: null,
        actorKind: 'system',
        action: 'retention',
        entityType: 'retention',
        entityId: options.trigger,
        details: { ...counts, periods },
      },
      at,
    ),
  )
  return counts
}

/**
 * Their requests lose every personal field; attachments, mail, timeline and deliveries go; ratings keep their stars, and
 * their public reviews their stars and text under "Cliente verificato", as after an erasure.
 */
async function anonymiseRequesters(trx: DB, addresses: string[], cut: Cutoffs, at: string): Promise<Partial<RetentionCounts>> {
  // Only requests older than the period: one arriving meanwhile makes the person recent again.
  const leadIds = (await trx.selectFrom('leads').select('id').where('email_normalized', 'in', addresses).where('created_at', '<', cut.request).execute()).map(
    (lead) => lead.id,
  )
  const attachments = leadIds.length ? await trx.deleteFrom('lead_attachments').where('lead_id', 'in', leadIds).executeTakeFirst() : null
  const timeline = leadIds.length ? await trx.deleteFrom('lead_events').where('lead_id', 'in', leadIds).executeTakeFirst() : null
  const comments = leadIds.length
    ? await trx.updateTable('lead_ratings').set({ comment: null }).where('lead_id', 'in', leadIds).where('comment', 'is not', null).executeTakeFirst()
    : null
  const mail = await deleteMailTraces(trx, addresses, leadIds)
  await anonymiseReviews(trx, leadIds, at)
  const leads = leadIds.length
    ? await trx
        .updateTable('leads')
        .set({
          full_name: ANONYMOUS_REQUESTER,
          email: '',
          email_normalized: '',
          phone: null,
          subject: null,
          location_label: null,
          place_id: null,
          street: null,
          // A consent is of an address, gone with it.
          marketing_consent_at: null,
          marketing_consent_text: null,
          description: '',
          ip_address: null,
          user_agent: null,
          notes: null,
          rating_request_due_at: null,
          updated_at: at,
        })
        .where('id', 'in', leadIds)
        .executeTakeFirst()
    : null
  return {
    requesters: addresses.length,
    leads: Number(leads?.numUpdatedRows ?? 0),
    attachments: Number(attachments?.numDeletedRows ?? 0),
    timelineEntries: Number(timeline?.numDeletedRows ?? 0),
    ratingComments: Number(comments?.numUpdatedRows ?? 0),
    ...mail,
  }
}

/** A craftsman and what names them: the timeline entries about them, the mail to them, their deliveries. */
async function deleteArtisanData(trx: DB, artisan: { id: number; email: string }, kind: 'applications' | 'artisans'): Promise<Partial<RetentionCounts>> {
  const timeline = await trx.deleteFrom('lead_events').where('artisan_id', '=', artisan.id).executeTakeFirst()
  const mail = await deleteMailTraces(trx, [artisan.email.trim().toLowerCase()], [])
  const deleted = await deleteArtisan(trx, artisan.id)
  return { [kind]: deleted ? 1 : 0, timelineEntries: Number(timeline.numDeletedRows), ...mail }
}

/** What a run would change now, kind by kind, changing nothing (npm run db:retention -- --dry-run). */
export async function countDue(db: DB, periods: RetentionPeriods, now = new Date()): Promise<RetentionCounts> {
  const cut = cutoffs(periods, now)
  const leadIds = sql`SELECT id FROM leads WHERE email_normalized IN (${dueRequesters(cut)}) AND created_at < ${cut.request}`
  const artisans = (statuses: readonly string[], cutoff: string) => sql`FROM artisans WHERE status IN (${sql.join(statuses)}) AND updated_at < ${cutoff}`
  const gone = sql`(${sql.join([sql`SELECT id ${artisans(UNACCEPTED, cut.application)}`, sql`SELECT id ${artisans(['inactive'], cut.artisan)}`], sql` UNION `)})`
  const goneEmails = sql`SELECT lower(trim(email)) ${artisans(UNACCEPTED, cut.application)} UNION SELECT lower(trim(email)) ${artisans(['inactive'], cut.artisan)}`
  const messageIds = sql`SELECT id FROM contact_messages WHERE created_at < ${cut.request}`
  const { rows } = await sql<Record<keyof RetentionCounts, number>>`SELECT
    (SELECT count(*) FROM (${dueRequesters(cut)}) r) AS requesters,
    (SELECT count(*) FROM (${leadIds}) l) AS leads,
    (SELECT count(*) FROM (${messageIds}) m) AS messages,
    (SELECT count(*) FROM lead_attachments WHERE lead_id IN (${leadIds})) AS attachments,
    (SELECT count(*) FROM email_outbox WHERE lead_id IN (${leadIds}) OR contact_message_id IN (${messageIds})
      OR lower(trim(to_address)) IN (${dueRequesters(cut)}) OR lower(trim(to_address)) IN (${goneEmails})) AS mails,
    (SELECT count(*) FROM lead_events WHERE lead_id IN (${leadIds}) OR artisan_id IN ${gone}) AS "timelineEntries",
    (SELECT count(*) FROM newsletter_deliveries WHERE (email_normalized IN (${dueRequesters(cut)}) OR email_normalized IN (${goneEmails}))
      AND status NOT IN ('pending', 'sending')) AS "newsletterDeliveries",
    (SELECT count(*) FROM email_events WHERE email_normalized IN (${dueRequesters(cut)}) OR email_normalized IN (${goneEmails})) AS "mailEvents",
    (SELECT count(*) FROM lead_ratings WHERE lead_id IN (${leadIds}) AND comment IS NOT NULL) AS "ratingComments",
    (SELECT count(*) ${artisans(UNACCEPTED, cut.application)}) AS applications,
    (SELECT count(*) ${artisans(['inactive'], cut.artisan)}) AS artisans,
    (SELECT count(*) FROM leads WHERE ${technicalLeads(cut)}) AS "leadTechnicalData",
    (SELECT count(*) FROM contact_messages WHERE (ip_address IS NOT NULL OR user_agent IS NOT NULL) AND created_at < ${cut.technical}
      AND created_at >= ${cut.request}) AS "messageTechnicalData",
    (SELECT count(*) FROM auth_throttle WHERE expires_at <= ${cut.nowSeconds} AND next_at <= ${cut.nowSeconds})
      + (SELECT count(*) FROM login_known_addresses WHERE last_success_at <= ${cut.technicalSeconds}) AS "signInRecords"`.execute(db)
  const row = rows[0]!
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, Number(row[kind])])) as RetentionCounts
}
