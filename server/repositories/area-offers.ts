import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { type DB, inTransaction } from '#db/client.ts'
import type { Database, Lead } from '#db/schema.ts'
import { comuni, findComune } from '#shared/catalog/index.ts'
import { answerLines, timingLabel } from '#shared/catalog/questions.ts'
import { leadAddress } from '#shared/address.ts'
import { distanceKm } from '#shared/coverage.ts'
import type { OfferOutcome } from '#shared/offer-outcomes.ts'
import { HISTORY_PAGE_SIZE } from '#shared/area-offers.ts'
import { stripAccents } from '#shared/text.ts'
import { WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { OFFER_LINK_DAYS, offerLinkExpiry } from '../leads/links.ts'
import { byArtisan, recordAudit } from './audit.ts'
import { likeIgnoringCase } from './dialect/functions.ts'
import { leadComune, leadSector } from './matching.ts'
import { CLOSED_STATUSES, canWithdraw, DISPATCHER, OFFER_STATE } from './offers.ts'

/**
 * The offers of a craftsman's own area (/artigiano/offerte), every query scoped to that craftsman's rows. Answers go
 * through the same functions as the mail's links (server/leads/offers.ts); this module only reads, and keeps the
 * craftsman's "Com'è finita?".
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Accepted jobs stay in their own list while the lead is open, and this long after accepting once the office closed it. */
const ACCEPTED_DAYS = 30

type Row = ExpressionBuilder<Database & { la: Database['lead_assignments']; l: Database['leads'] }, 'la' | 'l'>

/** When an offer's links stop working (server/leads/offers.ts signs them for OFFER_LINK_DAYS from the offer): the area follows them. */
export const offerExpiry = (assignedAt: string) => new Date(offerLinkExpiry(Date.parse(assignedAt)))

/** What an offer's deadline is read from: the offer, and its lead's dispatch round. */
export type DeadlineRow = {
  assigned_at: string
  assigned_by: string | null
  dispatch_round: number
  dispatch_due_at: string | null
  dispatch_claimed_by: string | null
}

/**
 * Until when an open offer can be answered, and why then: the dispatcher's round ends at the lead's due time (not while
 * a process holds the lead: that is the claim's lease), when it comes before the links expire. The area and the morning
 * summary say the same.
 */
export function answerDeadline(row: DeadlineRow): { answerBy: Date; reason: 'round' | 'link' } {
  const expiry = offerExpiry(row.assigned_at)
  const roundEnd =
    row.assigned_by === DISPATCHER && row.dispatch_round > 0 && row.dispatch_due_at && !row.dispatch_claimed_by ? new Date(row.dispatch_due_at) : null
  return roundEnd && roundEnd < expiry ? { answerBy: roundEnd, reason: 'round' } : { answerBy: expiry, reason: 'link' }
}

/** An offer waiting for this craftsman's answer: not answered or taken back, its lead open, its links still valid. */
function isOpen(eb: Row, now: Date): Expression<SqlBool> {
  const cutoff = new Date(now.getTime() - OFFER_LINK_DAYS * DAY_MS).toISOString()
  return eb.and([eb('la.response', 'is', null), eb('la.revoked_at', 'is', null), eb('l.status', 'not in', CLOSED_STATUSES), eb('la.assigned_at', '>', cutoff)])
}

/** A job this craftsman accepted and still stands by, while its lead is open or lately accepted. */
function isCurrentJob(eb: Row, now: Date): Expression<SqlBool> {
  const since = new Date(now.getTime() - ACCEPTED_DAYS * DAY_MS).toISOString()
  // Never NULL (an offer not answered is false, not unknown): the history takes the rows where this is not true.
  return eb.and([
    eb('la.response', 'is not', null),
    eb('la.response', '=', 'accepted'),
    eb('la.withdrawn_at', 'is', null),
    eb('la.revoked_at', 'is', null),
    eb.or([eb('l.status', 'not in', CLOSED_STATUSES), eb.and([eb('la.responded_at', 'is not', null), eb('la.responded_at', '>', since)])]),
  ])
}

/** An acceptance that stands: the requester's contacts are this craftsman's to see. */
const isStandingAcceptance = (eb: Row) => eb.and([eb('la.response', '=', 'accepted'), eb('la.withdrawn_at', 'is', null), eb('la.revoked_at', 'is', null)])

const offers = (db: DB, artisanId: number) =>
  db.selectFrom('lead_assignments as la').innerJoin('leads as l', 'l.id', 'la.lead_id').where('la.artisan_id', '=', artisanId)

/** The job as every craftsman offered it reads it: never the requester or the street. */
const JOB = ['l.service_id', 'l.service_name', 'l.comune_slug', 'l.location_label', 'l.description', 'l.answers', 'l.timing', 'l.created_at'] as const
type JobRow = Pick<Lead, 'service_id' | 'service_name' | 'comune_slug' | 'location_label' | 'description' | 'answers' | 'timing' | 'created_at'>

/** The craftsman's base per trade and the km of the comuni their coverage reaches (artisan_coverage_comuni). */
async function distancesFor(db: DB, artisanId: number, slugs: string[]) {
  const [bases, reached] = await Promise.all([
    db.selectFrom('artisan_coverage').select(['sector', 'base_comune_slug']).where('artisan_id', '=', artisanId).execute(),
    slugs.length
      ? db
          .selectFrom('artisan_coverage_comuni')
          .select(['sector', 'comune_slug', 'distance_km'])
          .where('artisan_id', '=', artisanId)
          .where('comune_slug', 'in', slugs)
          .execute()
      : [],
  ])
  /** From the craftsman's base for the lead's trade to its comune, in whole km; null without a base for that trade. */
  return (lead: Pick<Lead, 'service_id' | 'comune_slug' | 'location_label'>): number | null => {
    const sector = leadSector(lead)
    const comune = leadComune(lead)
    if (!sector || !comune) return null
    const covered = reached.find((row) => row.sector === sector && row.comune_slug === comune.slug)
    if (covered) return covered.distance_km
    // Offered by hand outside the coverage: measured from the base all the same.
    const base = findComune(bases.find((row) => row.sector === sector)?.base_comune_slug ?? '')
    return base ? Math.round(distanceKm(base, comune)) : null
  }
}

/** What the area shows of a job to any craftsman offered it, as the offer mail and its page do. */
function jobView(lead: JobRow, distance: (lead: JobRow) => number | null) {
  return {
    serviceName: lead.service_name,
    comune: leadComune(lead)?.name ?? null,
    distanceKm: distance(lead),
    answers: answerLines(lead.service_id, lead.answers),
    timing: timingLabel(lead.timing),
    description: lead.description,
    requestedAt: lead.created_at,
  }
}

/**
 * The offers waiting for this craftsman's answer, the one to answer soonest first: the job, how many craftsmen the lead
 * stands offered to and how many accepted (as findOffer counts them for the mail's page), and until when an answer is
 * taken: the offer's links expire, and a round of the dispatcher that ends sooner takes unanswered offers back.
 */
export async function openOffers(db: DB, artisanId: number, now = new Date()) {
  const rows = await offers(db, artisanId)
    .select([
      'la.id',
      'la.lead_id',
      'la.offer_number',
      'la.assigned_at',
      'la.assigned_by',
      ...JOB,
      'l.dispatch_due_at',
      'l.dispatch_round',
      'l.dispatch_claimed_by',
    ])
    .where((eb) => isOpen(eb, now))
    .orderBy('la.assigned_at')
    .orderBy('la.id')
    .execute()
  if (!rows.length) return []
  const leadIds = rows.map((row) => row.lead_id)
  const [standing, attachments, distance] = await Promise.all([
    db
      .selectFrom('lead_assignments')
      .select((eb) => [
        'lead_id',
        eb.fn.countAll<number>().as('offered'),
        eb.fn.sum<number>(eb.case().when('response', '=', 'accepted').then(1).else(0).end()).as('accepted'),
      ])
      .where('lead_id', 'in', leadIds)
      .where('revoked_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .where((eb) => eb.or([eb('response', 'is', null), eb('response', '=', 'accepted')]))
      .groupBy('lead_id')
      .execute(),
    db.selectFrom('lead_attachments').select(['lead_id', 'file_name']).where('lead_id', 'in', leadIds).orderBy('id').execute(),
    distancesFor(
      db,
      artisanId,
      rows.map((row) => leadComune(row)?.slug).filter((slug) => slug !== undefined),
    ),
  ])
  return rows
    .map((row) => {
      const counts = standing.find((entry) => entry.lead_id === row.lead_id)
      const { answerBy, reason } = answerDeadline(row)
      return {
        assignmentId: row.id,
        offerNumber: row.offer_number,
        leadId: row.lead_id,
        ...jobView(row, distance),
        attachments: attachments.filter((file) => file.lead_id === row.lead_id).map((file) => file.file_name),
        offeredAt: row.assigned_at,
        offeredTo: Number(counts?.offered ?? 1),
        acceptedSoFar: Number(counts?.accepted ?? 0),
        answerBy: answerBy.toISOString(),
        /** 'round': the dispatcher takes the offer back then, to offer the job to others; 'link': the offer expires. */
        answerByReason: reason,
      }
    })
    .sort((a, b) => a.answerBy.localeCompare(b.answerBy) || a.assignmentId - b.assignmentId)
}
export type AreaOpenOffer = Awaited<ReturnType<typeof openOffers>>[number]

/**
 * The jobs this craftsman accepted and stands by, newest first, with the requester's contacts as the acceptance page
 * shows them, the craftsman's "Com'è finita?" and whether (until when) the job can still be given back.
 */
/**
 * The jobs this craftsman accepted and stands by, the latest first: the first `shown` of them (the page asks for more
 * with "Mostra altri"), and how many there are.
 */
export async function acceptedJobs(db: DB, artisanId: number, shown: number, now = new Date()) {
  const { total } = await offers(db, artisanId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => isCurrentJob(eb, now))
    .executeTakeFirstOrThrow()
  const rows = await offers(db, artisanId)
    .select([
      'la.id',
      'la.lead_id',
      'la.offer_number',
      ...OFFER_STATE,
      'la.outcome',
      'la.outcome_amount_cents',
      'la.outcome_at',
      ...JOB,
      'l.status',
      'l.full_name',
      'l.phone',
      'l.email',
      'l.street',
    ])
    .where((eb) => isCurrentJob(eb, now))
    .orderBy('la.responded_at', 'desc')
    .orderBy('la.id', 'desc')
    .limit(shown)
    .execute()
  const distance = await distancesFor(
    db,
    artisanId,
    rows.map((row) => leadComune(row)?.slug).filter((slug) => slug !== undefined),
  )
  const jobs = rows.map((row) => ({
    assignmentId: row.id,
    offerNumber: row.offer_number,
    leadId: row.lead_id,
    ...jobView(row, distance),
    acceptedAt: row.responded_at!,
    closed: CLOSED_STATUSES.includes(row.status),
    requester: { name: row.full_name, phone: row.phone, email: row.email, address: leadAddress(row) },
    outcome: row.outcome,
    outcomeAmountCents: row.outcome_amount_cents,
    outcomeAt: row.outcome_at,
    withdrawUntil: canWithdraw(row, now) ? new Date(Date.parse(row.responded_at!) + WITHDRAW_HOURS * HOUR_MS).toISOString() : null,
  }))
  return { jobs, total: Number(total) }
}
export type AreaAcceptedJob = Awaited<ReturnType<typeof acceptedJobs>>['jobs'][number]

/** How a past offer ended, as the history shows it. */
export type PastOfferState = 'accepted' | 'declined' | 'withdrawn' | 'revoked' | 'closed' | 'expired'

const comparable = (text: string) => stripAccents(text).toLowerCase()
const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`

/**
 * One page of this craftsman's past offers (neither waiting for an answer nor a current job), newest first, and how
 * many there are. A search matches the service, the comune, and the requester's name only where the craftsman accepted
 * the job and stands by it: the name of a requester whose job they never took is not theirs to look up.
 */
export async function offerHistory(db: DB, artisanId: number, search: { query: string; page: number }, now = new Date()) {
  const query = search.query.trim()
  const slugs = query ? comuni.filter((comune) => comparable(comune.name).includes(comparable(query))).map((comune) => comune.slug) : []
  const past = offers(db, artisanId)
    .where((eb) => eb.not(isOpen(eb, now)))
    .where((eb) => eb.not(isCurrentJob(eb, now)))
    .$if(query !== '', (q) =>
      q.where((eb) =>
        eb.or([
          likeIgnoringCase(db, sql.ref('l.service_name'), likePattern(query)),
          ...(slugs.length ? [eb('l.comune_slug', 'in', slugs)] : []),
          eb.and([isStandingAcceptance(eb), likeIgnoringCase(db, sql.ref('l.full_name'), likePattern(query))]),
        ]),
      ),
    )
  const [rows, total] = await Promise.all([
    past
      .select(['la.id', 'la.lead_id', ...OFFER_STATE, 'la.outcome', 'la.outcome_amount_cents', ...JOB, 'l.status', 'l.full_name'])
      .orderBy('la.assigned_at', 'desc')
      .orderBy('la.id', 'desc')
      .limit(HISTORY_PAGE_SIZE)
      .offset((search.page - 1) * HISTORY_PAGE_SIZE)
      .execute(),
    past.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const distance = await distancesFor(
    db,
    artisanId,
    rows.map((row) => leadComune(row)?.slug).filter((slug) => slug !== undefined),
  )
  return {
    rows: rows.map((row) => {
      const state = pastState(row)
      return {
        assignmentId: row.id,
        leadId: row.lead_id,
        ...jobView(row, distance),
        offeredAt: row.assigned_at,
        respondedAt: row.responded_at,
        state,
        declineReason: row.decline_reason,
        /** The requester's name and the outcome only for a job the craftsman accepted and stands by. */
        requesterName: state === 'accepted' ? row.full_name : null,
        outcome: state === 'accepted' ? row.outcome : null,
        outcomeAmountCents: state === 'accepted' ? row.outcome_amount_cents : null,
      }
    }),
    total: Number(total.n),
    page: search.page,
    pageSize: HISTORY_PAGE_SIZE,
  }
}

function pastState(row: { response: string | null; withdrawn_at: string | null; revoked_at: string | null; status: Lead['status'] }): PastOfferState {
  if (row.revoked_at) return 'revoked'
  if (row.withdrawn_at) return 'withdrawn'
  if (row.response === 'declined') return 'declined'
  if (row.response === 'accepted') return 'accepted'
  return CLOSED_STATUSES.includes(row.status) ? 'closed' : 'expired'
}

/** An offer of this craftsman's by its row, or undefined: another craftsman's row is not found, as a missing one. */
export function findAreaOffer(db: DB, artisanId: number, assignmentId: number) {
  return db
    .selectFrom('lead_assignments')
    .select(['id', 'lead_id', 'artisan_id', 'offer_number', 'assigned_at', 'response', 'withdrawn_at', 'revoked_at'])
    .where('id', '=', assignmentId)
    .where('artisan_id', '=', artisanId)
    .executeTakeFirst()
}

/**
 * Sets "Com'è finita?" on a job this craftsman accepted and stands by, with who set it in the audit log; 'missing' for
 * a row that is not theirs, 'not_accepted' for an offer they did not take or gave back.
 */
export function setOfferOutcome(
  db: DB,
  artisan: { id: number; email: string },
  change: { assignmentId: number; outcome: OfferOutcome; amountCents: number | null },
  now = new Date().toISOString(),
): Promise<'done' | 'missing' | 'not_accepted'> {
  return inTransaction(db, async (trx) => {
    const offer = await findAreaOffer(trx, artisan.id, change.assignmentId)
    if (!offer) return 'missing'
    if (offer.response !== 'accepted' || offer.withdrawn_at || offer.revoked_at) return 'not_accepted'
    await trx
      .updateTable('lead_assignments')
      .set({ outcome: change.outcome, outcome_amount_cents: change.amountCents, outcome_at: now })
      .where('id', '=', offer.id)
      .execute()
    await recordAudit(
      trx,
      {
        ...byArtisan(artisan),
        action: 'offer_outcome_set',
        entityType: 'artisan',
        entityId: artisan.id,
        details: { leadId: offer.lead_id, outcome: change.outcome, amountCents: change.amountCents },
      },
      now,
    )
    return 'done'
  })
}
