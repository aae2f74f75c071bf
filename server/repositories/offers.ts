import { sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { DeclineReason, LeadStatus } from '#shared/enums.ts'
import { WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { recordLeadEvent } from './lead-timeline.ts'
import { serializeOn } from './dialect/claims.ts'

const HOUR_MS = 3_600_000
/** A closed lead takes no more answers. */
/** `lead_assignments.assigned_by` of the dispatcher's offers (server/dispatch); the office's carry the administrator's id. */
export const DISPATCHER = 'dispatcher'

export const CLOSED_STATUSES: LeadStatus[] = ['acquisito', 'perso']

/**
 * Which offer a link names: its row, that lead's and that craftsman's, or nothing; and which time the lead was offered
 * on that row (`offerNumber`, 1 when not given): an earlier offer's links no longer answer.
 */
export type OfferRef = { assignmentId: number; leadId: number; artisanId: number; offerNumber?: number }

/** Where an offer stands, as every screen of offers reads it from `lead_assignments as la`. */
export const OFFER_STATE = ['la.assigned_at', 'la.response', 'la.responded_at', 'la.decline_reason', 'la.withdrawn_at', 'la.revoked_at'] as const

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
      ...OFFER_STATE,
      'la.offer_number',
      'l.created_at',
      'l.status',
      'l.service_name',
      'l.comune_slug',
      'l.location_label',
      'l.street',
      'l.description',
      'l.service_id',
      'l.answers',
      'l.timing',
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
  const [attachments, standing] = await Promise.all([
    db.selectFrom('lead_attachments').select(['file_name', 'size']).where('lead_id', '=', offer.lead_id).orderBy('id').execute(),
    // The offers that stand (waiting or accepted), as the office's limit counts them (openOfferArtisanIds).
    db
      .selectFrom('lead_assignments')
      .select((eb) => [
        eb.fn.countAll<number>().as('offered'),
        eb.fn.sum<number>(eb.case().when('response', '=', 'accepted').then(1).else(0).end()).as('accepted'),
      ])
      .where('lead_id', '=', offer.lead_id)
      .where('revoked_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .where((eb) => eb.or([eb('response', 'is', null), eb('response', '=', 'accepted')]))
      .executeTakeFirstOrThrow(),
  ])
  return { ...offer, attachments, offeredTo: Number(standing.offered), acceptedSoFar: Number(standing.accepted ?? 0) }
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
    await awaitAnswerAgain(trx, offer.leadId, now)
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

/** The lead waits for a craftsman's answer again from `at`, unless one still stands by it (accepted, not withdrawn or revoked). */
async function awaitAnswerAgain(trx: DB, leadId: number, at: string) {
  await trx
    .updateTable('leads')
    .set({ awaiting_answer_since: at })
    .where('id', '=', leadId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lead_assignments')
            .select('lead_assignments.id')
            .where('lead_assignments.lead_id', '=', leadId)
            .where('lead_assignments.response', '=', 'accepted')
            .where('lead_assignments.withdrawn_at', 'is', null)
            .where('lead_assignments.revoked_at', 'is', null),
        ),
      ),
    )
    .execute()
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
    // Two craftsmen accepting at once: the second reads the lead after the first's commit, so one is the first and its time is kept.
    await serializeOn(trx, `lead-acceptance:${ref.leadId}`)
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
    await awaitAnswerAgain(trx, ref.leadId, at)
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
