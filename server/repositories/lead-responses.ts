import { type SqlBool, sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { LeadEventsTable } from '#db/schema.ts'
import type { DeclineReason, LeadEventKind, LeadStatus, RatingOutcome } from '#shared/enums.ts'
import { WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { indexedBy } from './dialect/index-hints.ts'
import { elapsedMs } from './dialect/time.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** A closed lead takes no more answers. */
export const CLOSED_STATUSES: LeadStatus[] = ['acquisito', 'perso']

/** The middle of `count` values in order (the mean of the two middle ones for an even count): LIMIT and OFFSET of that slice. */
export const medianSlice = (count: number) => ({ limit: 2 - (count % 2), offset: Math.floor((count - 1) / 2) })

export type LeadEventInput = {
  leadId: number
  kind: LeadEventKind
  artisanId?: number | null
  /** The administrator's e-mail, 'artigiano', 'cliente' or 'sistema'. */
  actor: string
  details?: Record<string, unknown>
}

/** Appends a step to a lead's timeline; call inside the change's transaction. */
export async function recordLeadEvent(db: DB, event: LeadEventInput, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('lead_events')
    .values({
      lead_id: event.leadId,
      created_at: now,
      kind: event.kind,
      artisan_id: event.artisanId ?? null,
      actor: event.actor,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute()
}

/**
 * Which offer a link names: its row, that lead's and that craftsman's, or nothing; and which time the lead was offered
 * on that row (`offerNumber`, 1 when not given): an earlier offer's links no longer answer.
 */
export type OfferRef = { assignmentId: number; leadId: number; artisanId: number; offerNumber?: number }

/** An offer as the answer page shows it: the job without the requester, and the requester once accepted. */
export async function findOffer(db: DB, ref: OfferRef) {
  const offer = await db
    .selectFrom('lead_assignments as la')
    .innerJoin('leads as l', 'l.id', 'la.lead_id')
    .innerJoin('artisans as a', 'a.id', 'la.artisan_id')
    .select([
      'la.id',
      'la.lead_id',
      'la.artisan_id',
      'la.assigned_at',
      'la.response',
      'la.responded_at',
      'la.decline_reason',
      'la.withdrawn_at',
      'la.revoked_at',
      'la.offer_number',
      'l.created_at',
      'l.status',
      'l.service_name',
      'l.comune_slug',
      'l.location_label',
      'l.description',
      'l.full_name',
      'l.email',
      'l.phone',
      'a.contact_name',
      'a.company_name',
      'a.email as artisan_email',
    ])
    .where('la.id', '=', ref.assignmentId)
    .where('la.lead_id', '=', ref.leadId)
    .where('la.artisan_id', '=', ref.artisanId)
    .executeTakeFirst()
  if (!offer) return undefined
  const [attachments, offered] = await Promise.all([
    db.selectFrom('lead_attachments').select(['file_name', 'size']).where('lead_id', '=', offer.lead_id).orderBy('id').execute(),
    db
      .selectFrom('lead_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lead_id', '=', offer.lead_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  return { ...offer, attachments, offeredTo: Number(offered.n) }
}
export type Offer = NonNullable<Awaited<ReturnType<typeof findOffer>>>

/** Whether the lead of a link still exists (a missing offer then means it was handed to someone else). */
export async function leadExists(db: DB, leadId: number): Promise<boolean> {
  return !!(await db.selectFrom('leads').select('id').where('id', '=', leadId).executeTakeFirst())
}

export type AnswerOutcome = 'done' | 'answered' | 'revoked' | 'closed' | 'missing' | 'too_late' | 'superseded'

/** Whether the link names the offer as it stands, not one made before the lead was offered again on that row. */
export const isCurrentOffer = (offer: Pick<Offer, 'offer_number'>, ref: OfferRef) => offer.offer_number === (ref.offerNumber ?? 1)

/** Why an offer cannot take an answer now, or null when it can. */
function refusal(offer: Offer, ref: OfferRef): AnswerOutcome | null {
  if (!isCurrentOffer(offer, ref)) return 'superseded'
  if (offer.revoked_at) return 'revoked'
  if (offer.response) return 'answered'
  if (CLOSED_STATUSES.includes(offer.status)) return 'closed'
  return null
}

/**
 * Moves the status by itself (nuovo -> assegnato on an offer, -> contattato on an acceptance) unless the office chose a
 * status by hand after the lead was last offered.
 */
async function moveStatus(db: DB, leadId: number, from: LeadStatus[], to: LeadStatus, now: string): Promise<void> {
  const lead = await db
    .selectFrom('leads')
    .select(['status', 'status_set_by_hand_at'])
    .select((eb) =>
      eb
        .selectFrom('lead_assignments')
        .select((e) => e.fn.max('assigned_at').as('at'))
        .where('lead_id', '=', leadId)
        .as('last_offered_at'),
    )
    .where('id', '=', leadId)
    .executeTakeFirst()
  if (!lead || !from.includes(lead.status) || lead.status === to) return
  if (lead.status_set_by_hand_at && (!lead.last_offered_at || lead.status_set_by_hand_at > lead.last_offered_at)) return
  await db.updateTable('leads').set({ status: to, updated_at: now }).where('id', '=', leadId).execute()
  await recordLeadEvent(db, { leadId, kind: 'status_changed', actor: 'sistema', details: { from: lead.status, to } }, now)
}

/**
 * Records an offer of a lead to a craftsman; an offer declined, given back or taken back earlier is made again on its
 * row with the next offer number, which the new links carry. Unless a craftsman already accepted the lead, it waits for
 * an answer from now: a fresh offer restarts the clock of the dashboard's waiting leads.
 */
export function recordOffer(
  db: DB,
  offer: { leadId: number; artisanId: number; artisanName: string; assignedBy: string; actor: string },
  now = new Date().toISOString(),
): Promise<{ assignmentId: number; offerNumber: number }> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('lead_assignments')
      .values({ lead_id: offer.leadId, artisan_id: offer.artisanId, assigned_at: now, assigned_by: offer.assignedBy })
      .onConflict((oc) =>
        oc.columns(['lead_id', 'artisan_id']).doUpdateSet({
          assigned_at: now,
          assigned_by: offer.assignedBy,
          email_outbox_id: null,
          response: null,
          responded_at: null,
          decline_reason: null,
          withdrawn_at: null,
          revoked_at: null,
          offer_number: sql`lead_assignments.offer_number + 1`,
        }),
      )
      .returning(['id', 'offer_number'])
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('leads')
      .set({ awaiting_answer_since: now })
      .where('id', '=', offer.leadId)
      .where(({ not, exists, selectFrom }) => not(exists(standingAcceptance(selectFrom, offer.leadId))))
      .execute()
    await recordLeadEvent(
      trx,
      {
        leadId: offer.leadId,
        kind: 'assigned',
        artisanId: offer.artisanId,
        actor: offer.actor,
        details: { artisanName: offer.artisanName, offerNumber: row.offer_number },
      },
      now,
    )
    await moveStatus(trx, offer.leadId, ['nuovo'], 'assegnato', now)
    return { assignmentId: row.id, offerNumber: row.offer_number }
  })
}

/** Links an offer to the e-mail that carries it (queued after the offer, since its links name the offer). */
export async function setOfferEmail(db: DB, assignmentId: number, emailOutboxId: number): Promise<void> {
  await db.updateTable('lead_assignments').set({ email_outbox_id: emailOutboxId }).where('id', '=', assignmentId).execute()
}

// biome-ignore lint/suspicious/noExplicitAny: the expression builder's selectFrom, typed by the caller's query.
function standingAcceptance(selectFrom: any, leadId: number) {
  return selectFrom('lead_assignments')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('response', '=', 'accepted')
    .where('withdrawn_at', 'is', null)
    .where('revoked_at', 'is', null)
}

/**
 * The craftsman takes the job. Checked and written in one transaction, so a replayed click finds the answer given and
 * two craftsmen accepting at once are both recorded once. `first` says whether nobody had accepted the lead before.
 */
export function acceptOffer(db: DB, ref: OfferRef, ratingRequestDelayMs: number, now = new Date()): Promise<{ outcome: AnswerOutcome; first: boolean }> {
  return inTransaction(db, async (trx) => {
    const offer = await findOffer(trx, ref)
    if (!offer) return { outcome: 'missing', first: false }
    const refused = refusal(offer, ref)
    if (refused) return { outcome: refused, first: false }
    const at = now.toISOString()
    const updated = await trx
      .updateTable('lead_assignments')
      .set({ response: 'accepted', responded_at: at })
      .where('id', '=', offer.id)
      .where('offer_number', '=', offer.offer_number)
      .where('response', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return { outcome: 'answered', first: false }
    const lead = await trx.selectFrom('leads').select(['first_accepted_at', 'rating_requested_at']).where('id', '=', ref.leadId).executeTakeFirstOrThrow()
    await trx
      .updateTable('leads')
      .set({
        awaiting_answer_since: null,
        first_accepted_at: lead.first_accepted_at ?? at,
        ...(lead.first_accepted_at || lead.rating_requested_at ? {} : { rating_request_due_at: new Date(now.getTime() + ratingRequestDelayMs).toISOString() }),
      })
      .where('id', '=', ref.leadId)
      .execute()
    await recordLeadEvent(
      trx,
      { leadId: ref.leadId, kind: 'accepted', artisanId: ref.artisanId, actor: 'artigiano', details: { artisanName: offer.contact_name } },
      at,
    )
    await moveStatus(trx, ref.leadId, ['nuovo', 'assegnato'], 'contattato', at)
    return { outcome: 'done', first: !lead.first_accepted_at }
  })
}

/** The craftsman is not available, with an optional reason. */
export function declineOffer(db: DB, ref: OfferRef, reason: DeclineReason | null, now = new Date()): Promise<AnswerOutcome> {
  return inTransaction(db, async (trx) => {
    const offer = await findOffer(trx, ref)
    if (!offer) return 'missing'
    const refused = refusal(offer, ref)
    if (refused) return refused
    const at = now.toISOString()
    const updated = await trx
      .updateTable('lead_assignments')
      .set({ response: 'declined', responded_at: at, decline_reason: reason })
      .where('id', '=', offer.id)
      .where('offer_number', '=', offer.offer_number)
      .where('response', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return 'answered'
    await recordLeadEvent(
      trx,
      { leadId: ref.leadId, kind: 'declined', artisanId: ref.artisanId, actor: 'artigiano', details: { artisanName: offer.contact_name, reason } },
      at,
    )
    return 'done'
  })
}

/** Whether an accepted offer can still be given back at `now`: within 24 hours, and while the lead is open. */
export function canWithdraw(offer: Pick<Offer, 'response' | 'responded_at' | 'withdrawn_at' | 'revoked_at' | 'status'>, now = new Date()): boolean {
  return (
    offer.response === 'accepted' &&
    !CLOSED_STATUSES.includes(offer.status) &&
    !offer.withdrawn_at &&
    !offer.revoked_at &&
    !!offer.responded_at &&
    now.getTime() - Date.parse(offer.responded_at) <= WITHDRAW_HOURS * HOUR_MS
  )
}

/** The craftsman gives an accepted job back (within 24 hours); with nobody else on it, the lead waits again. */
export function withdrawAcceptance(db: DB, ref: OfferRef, now = new Date()): Promise<AnswerOutcome> {
  return inTransaction(db, async (trx) => {
    const offer = await findOffer(trx, ref)
    if (!offer) return 'missing'
    if (!isCurrentOffer(offer, ref)) return 'superseded'
    if (offer.withdrawn_at) return 'answered'
    if (CLOSED_STATUSES.includes(offer.status)) return 'closed'
    if (!canWithdraw(offer, now)) return 'too_late'
    const at = now.toISOString()
    const updated = await trx
      .updateTable('lead_assignments')
      .set({ withdrawn_at: at })
      .where('id', '=', offer.id)
      .where('offer_number', '=', offer.offer_number)
      .where('response', '=', 'accepted')
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return 'answered'
    await trx
      .updateTable('leads')
      .set({ awaiting_answer_since: at })
      .where('id', '=', ref.leadId)
      .where(({ not, exists, selectFrom }) => not(exists(standingAcceptance(selectFrom, ref.leadId))))
      .execute()
    await recordLeadEvent(
      trx,
      { leadId: ref.leadId, kind: 'withdrawn', artisanId: ref.artisanId, actor: 'artigiano', details: { artisanName: offer.contact_name } },
      at,
    )
    return 'done'
  })
}

/** The office takes back offers nobody answered; returns the craftsmen it took them from. */
export function revokeOffers(
  db: DB,
  revoke: { leadId: number; artisanIds?: number[]; olderThan?: string; actor: string },
  now = new Date().toISOString(),
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    let query = trx
      .updateTable('lead_assignments')
      .set({ revoked_at: now })
      .where('lead_id', '=', revoke.leadId)
      .where('response', 'is', null)
      .where('revoked_at', 'is', null)
    if (revoke.artisanIds) query = query.where('artisan_id', 'in', revoke.artisanIds.length ? revoke.artisanIds : [0])
    if (revoke.olderThan) query = query.where('assigned_at', '<', revoke.olderThan)
    const rows = await query.returning('artisan_id').execute()
    const names = rows.length
      ? await trx
          .selectFrom('artisans')
          .select(['id', 'contact_name'])
          .where(
            'id',
            'in',
            rows.map((row) => row.artisan_id),
          )
          .execute()
      : []
    for (const { artisan_id } of rows) {
      const artisanName = names.find((artisan) => artisan.id === artisan_id)?.contact_name
      await recordLeadEvent(trx, { leadId: revoke.leadId, kind: 'revoked', artisanId: artisan_id, actor: revoke.actor, details: { artisanName } }, now)
    }
    return rows.map((row) => row.artisan_id)
  })
}

/** Offers that still count towards the limit of craftsmen per lead: not declined, withdrawn or taken back. */
export async function openOfferArtisanIds(db: DB, leadId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lead_assignments')
    .select('artisan_id')
    .where('lead_id', '=', leadId)
    .where('revoked_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('response', 'is', null), eb('response', '=', 'accepted')]))
    .execute()
  return rows.map((row) => row.artisan_id)
}

/** Every craftsman the lead was ever offered to, whatever came of it: offering to "the next" skips them. */
export async function offeredArtisanIds(db: DB, leadId: number): Promise<number[]> {
  const rows = await db.selectFrom('lead_assignments').select('artisan_id').where('lead_id', '=', leadId).execute()
  return rows.map((row) => row.artisan_id)
}

/** The craftsmen who accepted a lead and still stand by it, as the requester's mails present them. */
export function acceptedArtisans(db: DB, leadId: number) {
  return db
    .selectFrom('lead_assignments as la')
    .innerJoin('artisans as a', 'a.id', 'la.artisan_id')
    .select(['a.id', 'a.company_name', 'a.contact_name', 'a.phone', 'a.email', 'a.specialization_sectors', 'a.created_at', 'la.responded_at'])
    .where('la.lead_id', '=', leadId)
    .where('la.response', '=', 'accepted')
    .where('la.withdrawn_at', 'is', null)
    .where('la.revoked_at', 'is', null)
    .orderBy('la.responded_at')
    .orderBy('la.id')
    .execute()
}

export type RatingInput = { leadId: number; artisanId: number; stars: number; outcome: RatingOutcome; comment: string | null }

/**
 * Stores or changes the requester's rating of a craftsman who accepted the lead and still stands by it (the list the
 * rating page shows); 'not_rateable' for anyone else, a craftsman who gave the job back among them.
 */
export function saveRating(db: DB, rating: RatingInput, now = new Date().toISOString()): Promise<'created' | 'changed' | 'not_rateable'> {
  return inTransaction(db, async (trx) => {
    const accepted = (await acceptedArtisans(trx, rating.leadId)).find((artisan) => artisan.id === rating.artisanId)
    if (!accepted) return 'not_rateable'
    const before = await trx
      .selectFrom('lead_ratings')
      .select('id')
      .where('lead_id', '=', rating.leadId)
      .where('artisan_id', '=', rating.artisanId)
      .executeTakeFirst()
    await trx
      .insertInto('lead_ratings')
      .values({
        lead_id: rating.leadId,
        artisan_id: rating.artisanId,
        stars: rating.stars,
        outcome: rating.outcome,
        comment: rating.comment,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['lead_id', 'artisan_id']).doUpdateSet({ stars: rating.stars, outcome: rating.outcome, comment: rating.comment, updated_at: now }),
      )
      .execute()
    await recordLeadEvent(
      trx,
      {
        leadId: rating.leadId,
        kind: 'rated',
        artisanId: rating.artisanId,
        actor: 'cliente',
        details: { artisanName: accepted.contact_name, stars: rating.stars, outcome: rating.outcome, changed: !!before },
      },
      now,
    )
    return before ? 'changed' : 'created'
  })
}

/** The requester's ratings of a lead's craftsmen, by craftsman. */
export async function leadRatings(db: DB, leadId: number) {
  const rows = await db.selectFrom('lead_ratings').select(['artisan_id', 'stars', 'outcome', 'comment', 'updated_at']).where('lead_id', '=', leadId).execute()
  return new Map(rows.map((row) => [row.artisan_id, row]))
}

/** Leads whose "Com'è andata?" is due, oldest first, with the requester's address. */
export function dueRatingRequests(db: DB, now: string, limit: number) {
  return db
    .selectFrom('leads')
    .select(['id', 'full_name', 'email', 'email_normalized', 'service_name', 'created_at'])
    .where('rating_request_due_at', '<=', now)
    .orderBy('rating_request_due_at')
    .limit(limit)
    .execute()
}

/** Marks a lead's rating request as handled (mailed, or skipped); true for the one caller that got there first. */
export async function markRatingRequested(db: DB, leadId: number, mailed: boolean, now = new Date().toISOString()): Promise<boolean> {
  const updated = await db
    .updateTable('leads')
    .set({ rating_request_due_at: null, rating_requested_at: mailed ? now : null })
    .where('id', '=', leadId)
    .where('rating_request_due_at', 'is not', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export type TimelineEntry = {
  at: string
  kind: LeadEventKind | 'received' | 'email_sent' | 'email_failed'
  artisanId: number | null
  actor: string | null
  details: Record<string, unknown>
}

/** A lead's story, oldest first: its arrival, every recorded step, and when each offer's e-mail left or failed. */
export async function leadTimeline(db: DB, leadId: number): Promise<TimelineEntry[]> {
  const [lead, events, mails] = await Promise.all([
    db.selectFrom('leads').select('created_at').where('id', '=', leadId).executeTakeFirst(),
    db.selectFrom('lead_events').selectAll().where('lead_id', '=', leadId).orderBy('id').execute(),
    db
      .selectFrom('lead_assignments as la')
      .innerJoin('email_outbox as o', 'o.id', 'la.email_outbox_id')
      .innerJoin('artisans as a', 'a.id', 'la.artisan_id')
      .select(['la.artisan_id', 'a.contact_name', 'o.status', 'o.sent_at', 'o.updated_at'])
      .where('la.lead_id', '=', leadId)
      .where('o.status', 'in', ['sent', 'failed'])
      .execute(),
  ])
  if (!lead) return []
  const entries: TimelineEntry[] = [{ at: lead.created_at, kind: 'received', artisanId: null, actor: 'cliente', details: {} }]
  for (const event of events) entries.push(eventEntry(event))
  for (const mail of mails) {
    entries.push({
      at: mail.status === 'sent' ? mail.sent_at! : mail.updated_at,
      kind: mail.status === 'sent' ? 'email_sent' : 'email_failed',
      artisanId: mail.artisan_id,
      actor: 'sistema',
      details: { artisanName: mail.contact_name },
    })
  }
  // Stable: steps recorded in the same millisecond keep their order.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry)
}

function eventEntry(event: Pick<LeadEventsTable, 'created_at' | 'kind' | 'artisan_id' | 'actor' | 'details'>): TimelineEntry {
  return {
    at: event.created_at,
    kind: event.kind,
    artisanId: event.artisan_id,
    actor: event.actor,
    details: event.details ? (JSON.parse(event.details) as Record<string, unknown>) : {},
  }
}

export const WAITING_LIST_SIZE = 20

/** Open leads offered at least `cutoff` ago that nobody accepted, longest waiting first, with how many there are. */
export async function waitingLeads(db: DB, cutoff: string, limit = WAITING_LIST_SIZE) {
  // The partial index's own condition, in its own words (literals), so that SQLite can use it.
  const open = sql<SqlBool>`l.awaiting_answer_since <= ${cutoff} AND l.status NOT IN (${sql.join(CLOSED_STATUSES.map((status) => sql.lit(status)))})`
  const [rows, total] = await Promise.all([
    sql<{
      id: number
      created_at: string
      service_name: string
      location_label: string | null
      status: LeadStatus
      awaiting_answer_since: string
      pending: number
      declined: number
    }>`SELECT l.id, l.created_at, l.service_name, l.location_label, l.status, l.awaiting_answer_since,
        (SELECT count(*) FROM lead_assignments a WHERE a.lead_id = l.id AND a.response IS NULL AND a.revoked_at IS NULL) AS pending,
        (SELECT count(*) FROM lead_assignments a WHERE a.lead_id = l.id AND a.response = 'declined') AS declined
      FROM leads l ${indexedBy(db, 'leads_awaiting_answer')}
      WHERE ${open}
      ORDER BY l.awaiting_answer_since, l.id
      LIMIT ${limit}`.execute(db),
    sql<{ n: number }>`SELECT count(*) AS n FROM leads l ${indexedBy(db, 'leads_awaiting_answer')} WHERE ${open}`.execute(db),
  ])
  return { leads: rows.rows, total: Number(total.rows[0]?.n ?? 0) }
}

/** How craftsmen answered the offers of the last `days` days: share answered, share accepted, median time to a lead's first acceptance. */
export async function responseMetrics(db: DB, now = new Date(), days = 30) {
  const since = new Date(now.getTime() - days * DAY_MS).toISOString()
  const offers = await db
    .selectFrom('lead_assignments')
    .select([
      (eb) => eb.fn.countAll<number>().as('offers'),
      sql<number>`coalesce(sum(CASE WHEN response IS NOT NULL THEN 1 ELSE 0 END), 0)`.as('answered'),
      sql<number>`coalesce(sum(CASE WHEN response = 'accepted' THEN 1 ELSE 0 END), 0)`.as('accepted'),
    ])
    .where('assigned_at', '>=', since)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
  // From the lead's first offer to its first acceptance, for leads first accepted in the window.
  const firstOffer = sql<string>`(SELECT min(assigned_at) FROM lead_assignments a WHERE a.lead_id = leads.id)`
  const waits = db.selectFrom('leads').where('first_accepted_at', '>=', since)
  const { n } = await waits.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const median = Number(n)
    ? await sql<{ ms: number }>`SELECT avg(ms) AS ms FROM (SELECT ms FROM (SELECT ${elapsedMs(db, firstOffer, 'first_accepted_at')} AS ms
          FROM leads ${indexedBy(db, 'leads_first_accepted_at')} WHERE first_accepted_at >= ${since}) waits
          ORDER BY ms LIMIT ${medianSlice(Number(n)).limit} OFFSET ${medianSlice(Number(n)).offset}) middle`.execute(db)
    : null
  return {
    days,
    offers: Number(offers.offers),
    answered: Number(offers.answered),
    accepted: Number(offers.accepted),
    acceptedLeads: Number(n),
    medianMsToFirstAcceptance: median?.rows[0] ? Math.round(median.rows[0].ms) : null,
  }
}

/**
 * Recomputes every craftsman's totals from the offers and ratings, as the triggers of artisan_response_totals keep them
 * row by row: for a bulk load that sets the triggers aside (scripts/seed-demo.ts).
 */
export async function rebuildArtisanResponseTotals(db: DB): Promise<void> {
  await sql`DELETE FROM artisan_response_totals`.execute(db)
  await sql`INSERT INTO artisan_response_totals (artisan_id, offers, accepted, declined, withdrawn, revoked, ratings, stars)
    SELECT a.id,
      coalesce(o.offers, 0), coalesce(o.accepted, 0), coalesce(o.declined, 0), coalesce(o.withdrawn, 0), coalesce(o.revoked, 0),
      coalesce(r.ratings, 0), coalesce(r.stars, 0)
    FROM artisans a
    LEFT JOIN (SELECT artisan_id, count(*) AS offers,
        sum(CASE WHEN response = 'accepted' AND withdrawn_at IS NULL AND revoked_at IS NULL THEN 1 ELSE 0 END) AS accepted,
        sum(CASE WHEN response = 'declined' THEN 1 ELSE 0 END) AS declined,
        sum(CASE WHEN withdrawn_at IS NOT NULL THEN 1 ELSE 0 END) AS withdrawn,
        sum(CASE WHEN revoked_at IS NOT NULL THEN 1 ELSE 0 END) AS revoked
      FROM lead_assignments GROUP BY artisan_id) o ON o.artisan_id = a.id
    LEFT JOIN (SELECT artisan_id, count(*) AS ratings, sum(stars) AS stars FROM lead_ratings GROUP BY artisan_id) r ON r.artisan_id = a.id
    WHERE o.artisan_id IS NOT NULL OR r.artisan_id IS NOT NULL`.execute(db)
}

export const ARTISAN_OFFERS_PAGE_SIZE = 10

/** A craftsman's record with the leads offered: totals, reasons given, median time to answer, average rating. */
export async function artisanResponseStats(db: DB, artisanId: number) {
  const [totals, reasons, answered] = await Promise.all([
    db.selectFrom('artisan_response_totals').selectAll().where('artisan_id', '=', artisanId).executeTakeFirst(),
    db
      .selectFrom('lead_assignments')
      .select(['decline_reason', (eb) => eb.fn.countAll<number>().as('n')])
      .where('artisan_id', '=', artisanId)
      .where('response', '=', 'declined')
      .groupBy('decline_reason')
      .execute(),
    db
      .selectFrom('lead_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('artisan_id', '=', artisanId)
      .where('responded_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  ])
  const answeredCount = Number(answered.n)
  const median = answeredCount
    ? await sql<{ ms: number }>`SELECT avg(ms) AS ms FROM (SELECT ${elapsedMs(db, 'assigned_at', 'responded_at')} AS ms FROM lead_assignments
        WHERE artisan_id = ${artisanId} AND responded_at IS NOT NULL ORDER BY ms
        LIMIT ${medianSlice(answeredCount).limit} OFFSET ${medianSlice(answeredCount).offset}) middle`.execute(db)
    : null
  return {
    offers: totals?.offers ?? 0,
    accepted: totals?.accepted ?? 0,
    declined: totals?.declined ?? 0,
    withdrawn: totals?.withdrawn ?? 0,
    revoked: totals?.revoked ?? 0,
    ratings: totals?.ratings ?? 0,
    averageRating: totals?.ratings ? Math.round((totals.stars / totals.ratings) * 10) / 10 : null,
    declineReasons: reasons.map((row) => ({ reason: row.decline_reason, count: Number(row.n) })),
    medianResponseMs: median?.rows[0] ? Math.round(median.rows[0].ms) : null,
  }
}

/** One page of the leads offered to a craftsman, newest first, with the answer and the requester's rating. */
export async function artisanOffers(db: DB, artisanId: number, page: number, pageSize = ARTISAN_OFFERS_PAGE_SIZE) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('lead_assignments as la')
      .innerJoin('leads as l', 'l.id', 'la.lead_id')
      .leftJoin('lead_ratings as r', (join) => join.onRef('r.lead_id', '=', 'la.lead_id').onRef('r.artisan_id', '=', 'la.artisan_id'))
      .select([
        'la.lead_id',
        'la.assigned_at',
        'la.response',
        'la.responded_at',
        'la.decline_reason',
        'la.withdrawn_at',
        'la.revoked_at',
        'l.service_name',
        'l.location_label',
        'l.status',
        'r.stars',
        'r.outcome',
        'r.comment',
      ])
      .where('la.artisan_id', '=', artisanId)
      .orderBy('la.assigned_at', 'desc')
      .orderBy('la.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('lead_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('artisan_id', '=', artisanId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n), page, pageSize }
}
