import { type SqlBool, sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { LeadStatus } from '#shared/enums.ts'
import { lastDays, romeDayStart } from '#shared/italian-time.ts'
import { indexedBy } from './dialect/index-hints.ts'
import { elapsedMs, romeDayOf } from './dialect/time.ts'
import { CLOSED_STATUSES, OFFER_STATE } from './offers.ts'

/** The middle of `count` values in order (the mean of the two middle ones for an even count): LIMIT and OFFSET of that slice. */
export const medianSlice = (count: number) => ({ limit: 2 - (count % 2), offset: Math.floor((count - 1) / 2) })

export const WAITING_LIST_SIZE = 20

/**
 * Open leads offered at least `cutoff` ago that nobody accepted, longest waiting first, with how many there are. With
 * automatic dispatch on (`dispatching`), not those still in one of its rounds (a due time on the lead): the dispatcher
 * counts their wait in office time and offers them on by itself; they come back here once it gives them to the office.
 */
export async function waitingLeads(db: DB, cutoff: string, limit = WAITING_LIST_SIZE, dispatching = false) {
  // The partial indexes' own conditions, in their own words (literals), so that SQLite can use them.
  const open = sql<SqlBool>`l.awaiting_answer_since <= ${cutoff} AND l.status NOT IN (${sql.join(CLOSED_STATUSES.map((status) => sql.lit(status)))})
    ${dispatching ? sql`AND l.dispatch_due_at IS NULL` : sql``}`
  const index = indexedBy(db, dispatching ? 'leads_awaiting_office' : 'leads_awaiting_answer')
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
      FROM leads l ${index}
      WHERE ${open}
      ORDER BY l.awaiting_answer_since, l.id
      LIMIT ${limit}`.execute(db),
    sql<{ n: number }>`SELECT count(*) AS n FROM leads l ${index} WHERE ${open}`.execute(db),
  ])
  return { leads: rows.rows, total: Number(total.rows[0]?.n ?? 0) }
}

/**
 * How craftsmen answered the offers of the last `days` days (Italian days, today included, as the dashboard's other
 * figures: lastDays): share answered, share accepted, median time to a lead's first acceptance.
 */
export async function responseMetrics(db: DB, now = new Date(), days = 30) {
  const period = lastDays(days, now.getTime())
  const since = romeDayStart(period.from)
  // The period's days of offer_days, which triggers on lead_assignments keep (migration 2026_11_28_0101).
  const offers = await db
    .selectFrom('offer_days')
    .select([
      sql<number>`coalesce(sum(offers), 0)`.as('offers'),
      sql<number>`coalesce(sum(answered), 0)`.as('answered'),
      sql<number>`coalesce(sum(accepted), 0)`.as('accepted'),
    ])
    .where('day', '>=', period.from)
    .executeTakeFirstOrThrow()
  // From the lead's first offer to its first acceptance, for leads first accepted in the window: the wait is kept on
  // the lead in milliseconds (migration 2026_11_28_0108) and read with the day from the index on first_accepted_at.
  const waits = db.selectFrom('leads').where('first_accepted_at', '>=', since)
  const { n } = await waits.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const median = Number(n)
    ? await sql<{ ms: number }>`SELECT avg(ms) AS ms FROM (SELECT first_acceptance_ms AS ms
          FROM leads ${indexedBy(db, 'leads_first_accepted_at')} WHERE first_accepted_at >= ${since}
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

/**
 * Recomputes offer_days and every lead's first_offered_at (and with it the wait to its first acceptance) from the offers,
 * as their triggers keep them row by row: for a bulk load that sets the triggers aside (scripts/seed-demo.ts).
 */
export async function rebuildOfferDays(db: DB): Promise<void> {
  await sql`DELETE FROM offer_days`.execute(db)
  await sql`INSERT INTO offer_days (day, offers, answered, accepted)
    SELECT day, sum(offers), sum(answered), sum(accepted) FROM (SELECT ${romeDayOf(db, 'assigned_at')} AS day,
        CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END AS offers,
        CASE WHEN revoked_at IS NULL AND response IS NOT NULL THEN 1 ELSE 0 END AS answered,
        CASE WHEN revoked_at IS NULL AND response = 'accepted' THEN 1 ELSE 0 END AS accepted
      FROM lead_assignments) by_day GROUP BY day`.execute(db)
  await sql`UPDATE leads SET first_offered_at = NULL WHERE first_offered_at IS NOT NULL`.execute(db)
  await sql`UPDATE leads SET first_offered_at = firsts.at
    FROM (SELECT lead_id, min(assigned_at) AS at FROM lead_assignments GROUP BY lead_id) firsts WHERE leads.id = firsts.lead_id`.execute(db)
  await sql`UPDATE leads SET first_acceptance_ms = round(${elapsedMs(db, 'first_offered_at', 'first_accepted_at')}) WHERE first_accepted_at IS NOT NULL`.execute(
    db,
  )
}

export const ARTISAN_OFFERS_PAGE_SIZE = 10

type ResponseTotals = { offers: number; accepted: number; revoked: number; ratings: number; stars: number }

/**
 * Offers accepted (and kept) of those the craftsman could answer: the office's taking an offer back before an answer
 * does not count against them. Null before any such offer. The office's page and the craftsman's area both read it here.
 */
export const acceptanceRate = (totals: Pick<ResponseTotals, 'offers' | 'accepted' | 'revoked'>): number | null =>
  totals.offers > totals.revoked ? totals.accepted / (totals.offers - totals.revoked) : null

/** The requesters' average stars to one decimal, null without ratings. */
export const averageRating = (totals: Pick<ResponseTotals, 'ratings' | 'stars'>): number | null =>
  totals.ratings ? Math.round((totals.stars / totals.ratings) * 10) / 10 : null

/** Every craftsman's totals among `artisanIds` (those with none are left out): for comparing a craftsman with their peers. */
export function responseTotalsOf(db: DB, artisanIds: number[]) {
  if (!artisanIds.length) return Promise.resolve([])
  return db
    .selectFrom('artisan_response_totals')
    .select(['artisan_id', 'offers', 'accepted', 'revoked', 'ratings', 'stars'])
    .where('artisan_id', 'in', artisanIds)
    .execute()
}

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
      // The most given first, then by reason, no reason last: the same line on both engines.
      .orderBy('n', 'desc')
      .orderBy(sql`decline_reason IS NULL`)
      .orderBy('decline_reason')
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
    averageRating: totals ? averageRating(totals) : null,
    acceptanceRate: totals ? acceptanceRate(totals) : null,
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
      .select(['la.lead_id', ...OFFER_STATE, 'l.service_name', 'l.location_label', 'l.status', 'r.stars', 'r.outcome', 'r.comment'])
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
