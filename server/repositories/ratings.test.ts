import { describe, expect, it } from 'vitest'
import { publicVersion } from '#server/profiles/public-version.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { insertArtisan } from './artisans.ts'
import { leadTimeline } from './lead-timeline.ts'
import { insertLead } from './leads.ts'
import { acceptOffer, declineOffer, type OfferRef, recordOffer, revokeOffers, withdrawAcceptance } from './offers.ts'
import { dueRatingRequests, leadRatings, markRatingRequested, saveRating } from './ratings.ts'
import { artisanResponseStats } from './response-metrics.ts'

const database = serveTestDatabase()

const WEEK = 7 * 24 * 3_600_000
const OFFICE = 'ufficio@artigianimilano.it'
/** Minutes after 08:00 UTC of 2 November 2026, as an instant. */
const at = (minutes: number) => new Date(Date.parse('2026-11-02T08:00:00.000Z') + minutes * 60_000)

let serial = 0
/** A lead from Giorgio Sala <n> offered at 08:30 to one craftsman for each name, in that order. */
async function offeredLead(names: string[], createdAt = at(0).toISOString()) {
  const db = database()
  const n = ++serial
  const leadId = await insertLead(db, quoteLead({ fullName: `Giorgio Sala ${n}`, email: `valuta${n}@example.com`, dispatch: false }), [], createdAt)
  const offers: OfferRef[] = []
  for (const [i, name] of names.entries()) {
    const { id } = await insertArtisan(db, artisan({ email: `artigiano${n}-${i}@artigiani.example`, contactName: name, companyName: null }))
    const { assignmentId } = await recordOffer(db, { leadId, artisanId: id, artisanName: name, assignedBy: 'admin', actor: OFFICE }, at(30).toISOString())
    offers.push({ assignmentId, leadId, artisanId: id })
  }
  return { leadId, offers }
}

const rating = (ref: OfferRef, stars: number, comment: string | null = null) =>
  ({ leadId: ref.leadId, artisanId: ref.artisanId, stars, outcome: 'fatto', comment }) as const

/** Everything a rating writes: the rating, its review, the lead's 'rated' steps, the craftsman's totals. */
async function ratingRows(leadId: number) {
  const db = database()
  const [ratings, reviews, events, totals] = await Promise.all([
    db
      .selectFrom('lead_ratings')
      .select(['artisan_id', 'stars', 'outcome', 'comment', 'created_at', 'updated_at'])
      .where('lead_id', '=', leadId)
      .orderBy('artisan_id')
      .execute(),
    db
      .selectFrom('reviews')
      .select(['artisan_id', 'stars', 'comment', 'author_label', 'comune', 'service_name', 'job_month', 'status', 'published_at'])
      .where('lead_id', '=', leadId)
      .orderBy('artisan_id')
      .execute(),
    db
      .selectFrom('lead_events')
      .select(['artisan_id', 'actor', 'details', 'created_at'])
      .where('lead_id', '=', leadId)
      .where('kind', '=', 'rated')
      .orderBy('id')
      .execute(),
    db.selectFrom('artisan_response_totals').select(['artisan_id', 'ratings', 'stars']).orderBy('artisan_id').execute(),
  ])
  return { ratings, reviews, events, totals }
}

describe("Com'è andata?", () => {
  it('falls due a delay after the first acceptance of a lead, is listed oldest first up to the limit, and a second acceptance does not move it', async () => {
    const db = database()
    const later = await offeredLead(['Marco Riva', 'Sergio Galli'])
    const earlier = await offeredLead(['Paolo Neri'])
    // A lead offered but never accepted.
    await offeredLead(['Bruno Conti'])
    expect(await acceptOffer(db, later.offers[0]!, WEEK, at(60))).toEqual({ outcome: 'done', first: true })
    expect(await acceptOffer(db, earlier.offers[0]!, WEEK, at(45))).toEqual({ outcome: 'done', first: true })
    // The second craftsman of the same lead accepts a day later: the request stays due a week after the first.
    expect(await acceptOffer(db, later.offers[1]!, WEEK, at(60 * 24))).toEqual({ outcome: 'done', first: false })

    const dueLater = new Date(at(60).getTime() + WEEK).toISOString()
    const dueEarlier = new Date(at(45).getTime() + WEEK).toISOString()
    const ids = async (now: string, limit = 50) => (await dueRatingRequests(db, now, limit)).map((lead) => lead.id)
    expect(await ids(new Date(at(45).getTime() + WEEK - 1).toISOString())).toEqual([])
    expect(await ids(dueEarlier)).toEqual([earlier.leadId])
    expect(await ids(dueLater)).toEqual([earlier.leadId, later.leadId])
    expect(await ids('2027-01-01T00:00:00.000Z', 1)).toEqual([earlier.leadId])
    // The lead nobody accepted never falls due.
    expect(await ids('2027-01-01T00:00:00.000Z')).toEqual([earlier.leadId, later.leadId])
    const [first] = await dueRatingRequests(db, dueLater, 1)
    expect(first).toEqual({
      id: earlier.leadId,
      full_name: `Giorgio Sala ${serial - 1}`,
      email: `valuta${serial - 1}@example.com`,
      email_normalized: `valuta${serial - 1}@example.com`,
      service_name: 'Elettricista',
      created_at: at(0).toISOString(),
    })
  })

  it('is handled once: of two sweeps at once one gets it; one skipped keeps no time of asking; a later acceptance does not make it due again', async () => {
    const db = database()
    const asked = await offeredLead(['Marco Riva', 'Sergio Galli'])
    const skipped = await offeredLead(['Paolo Neri'])
    await acceptOffer(db, asked.offers[0]!, 0, at(60))
    await acceptOffer(db, skipped.offers[0]!, 0, at(60))
    const now = at(61).toISOString()

    const results = await Promise.all([markRatingRequested(db, asked.leadId, true, now), markRatingRequested(db, asked.leadId, true, now)])
    expect(results.sort()).toEqual([false, true])
    expect(await markRatingRequested(db, skipped.leadId, false, now)).toBe(true)
    expect(await markRatingRequested(db, skipped.leadId, false, now)).toBe(false)
    const leads = await db
      .selectFrom('leads')
      .select(['id', 'rating_request_due_at', 'rating_requested_at'])
      .where('id', 'in', [asked.leadId, skipped.leadId])
      .orderBy('id')
      .execute()
    expect(leads).toEqual([
      { id: asked.leadId, rating_request_due_at: null, rating_requested_at: now },
      { id: skipped.leadId, rating_request_due_at: null, rating_requested_at: null },
    ])
    // The second craftsman accepts after the mail went: nothing new is due.
    await acceptOffer(db, asked.offers[1]!, 0, at(90))
    expect(await dueRatingRequests(db, '2027-01-01T00:00:00.000Z', 50)).toEqual([])
  })
})

describe('a rating', () => {
  it('is stored with its review and its step in the timeline once per job: a second rating of the same craftsman is refused and changes nothing', async () => {
    const db = database()
    // Accepted at 00:30 on 1 December in Rome, still 30 November in UTC: the review's month is the Italian one.
    const { leadId, offers } = await offeredLead(['Marco Riva', 'Paolo Neri'], '2026-11-30T20:00:00.000Z')
    const [accepting, declining] = offers as [OfferRef, OfferRef]
    await acceptOffer(db, accepting, WEEK, new Date('2026-11-30T23:30:00.000Z'))
    await declineOffer(db, declining, 'troppo_impegnato', new Date('2026-11-30T23:40:00.000Z'))
    const now = '2026-12-09T10:00:00.000Z'

    expect(await saveRating(db, rating(accepting, 5, 'Puntuale e pulito.'), now)).toBe('created')
    const stored = await ratingRows(leadId)
    expect(stored.ratings).toEqual([
      { artisan_id: accepting.artisanId, stars: 5, outcome: 'fatto', comment: 'Puntuale e pulito.', created_at: now, updated_at: now },
    ])
    expect(stored.reviews).toEqual([
      {
        artisan_id: accepting.artisanId,
        stars: 5,
        comment: 'Puntuale e pulito.',
        author_label: `Giorgio ${serial}.`,
        comune: 'Sesto San Giovanni',
        service_name: 'Elettricista',
        job_month: '2026-12',
        status: 'pending',
        published_at: null,
      },
    ])
    expect(stored.events.map((event) => ({ ...event, details: JSON.parse(event.details!) }))).toEqual([
      {
        artisan_id: accepting.artisanId,
        actor: 'cliente',
        created_at: now,
        details: { artisanName: 'Marco Riva', stars: 5, outcome: 'fatto', review: 'pending' },
      },
    ])
    expect(stored.totals).toEqual([
      { artisan_id: accepting.artisanId, ratings: 1, stars: 5 },
      { artisan_id: declining.artisanId, ratings: 0, stars: 0 },
    ])
    // With a comment it waits for the office: no public page changed.
    expect(await publicVersion(db)).toBe('0')
    expect([...(await leadRatings(db, leadId))]).toEqual([
      [accepting.artisanId, { artisan_id: accepting.artisanId, stars: 5, outcome: 'fatto', comment: 'Puntuale e pulito.', updated_at: now }],
    ])
    expect((await leadTimeline(db, leadId)).filter((entry) => entry.kind === 'rated').map((entry) => entry.details)).toEqual([
      { artisanName: 'Marco Riva', stars: 5, outcome: 'fatto', review: 'pending' },
    ])
    expect(await artisanResponseStats(db, accepting.artisanId)).toMatchObject({ ratings: 1, averageRating: 5 })

    expect(await saveRating(db, { ...rating(accepting, 1, 'Cambio idea'), outcome: 'non_ancora' }, '2026-12-10T10:00:00.000Z')).toBe('already_rated')
    expect(await ratingRows(leadId)).toEqual(stored)
    expect(await publicVersion(db)).toBe('0')
  })

  it('without a comment is published at once and moves the public version with it', async () => {
    const db = database()
    const { leadId, offers } = await offeredLead(['Marco Riva', 'Sergio Galli'])
    for (const offer of offers) await acceptOffer(db, offer, WEEK, at(60))
    const now = at(60 * 24 * 8).toISOString()
    expect(await saveRating(db, rating(offers[0]!, 4), now)).toBe('created')
    expect(await publicVersion(db)).toBe('1')
    expect(await saveRating(db, rating(offers[1]!, 3), now)).toBe('created')
    expect(await publicVersion(db)).toBe('2')
    expect((await ratingRows(leadId)).reviews.map((review) => [review.artisan_id, review.stars, review.comment, review.status, review.published_at])).toEqual([
      [offers[0]!.artisanId, 4, null, 'published', now],
      [offers[1]!.artisanId, 3, null, 'published', now],
    ])
  })

  it('of a craftsman who declined, gave the job back, had the offer taken back or was never offered the lead is refused, storing nothing', async () => {
    const db = database()
    const { leadId, offers } = await offeredLead(['Sergio Galli', 'Paolo Neri', 'Bruno Conti', 'Luca Verdi'])
    const [staying, declining, leaving, revoked] = offers as [OfferRef, OfferRef, OfferRef, OfferRef]
    await acceptOffer(db, staying, WEEK, at(60))
    await declineOffer(db, declining, 'troppo_lontano', at(61))
    await acceptOffer(db, leaving, WEEK, at(62))
    expect(await withdrawAcceptance(db, leaving, at(90))).toBe('done')
    expect(await revokeOffers(db, { leadId, artisanIds: [revoked.artisanId], actor: OFFICE }, at(120).toISOString())).toEqual([revoked.artisanId])
    const other = await offeredLead(['Anna Colombo'])
    await acceptOffer(db, other.offers[0]!, WEEK, at(60))
    const before = await ratingRows(leadId)

    const now = at(60 * 24 * 8).toISOString()
    for (const artisanId of [declining.artisanId, leaving.artisanId, revoked.artisanId, other.offers[0]!.artisanId, 999_999]) {
      expect(await saveRating(db, { leadId, artisanId, stars: 1, outcome: 'non_contattato', comment: null }, now), String(artisanId)).toBe('not_rateable')
    }
    expect(await saveRating(db, { ...rating(staying, 4), leadId: 999_999 }, now)).toBe('not_rateable')
    expect(await ratingRows(leadId)).toEqual(before)
    expect(before.ratings).toEqual([])
    expect((await leadRatings(db, leadId)).size).toBe(0)
    expect(await publicVersion(db)).toBe('0')
    // The one who still stands by the job can be rated.
    expect(await saveRating(db, rating(staying, 4), now)).toBe('created')
    expect((await ratingRows(leadId)).ratings.map((row) => row.artisan_id)).toEqual([staying.artisanId])
  })

  it('keeps a comment of 5,000 characters as typed: HTML, addresses, phone numbers and accents', async () => {
    const db = database()
    const { leadId, offers } = await offeredLead(['Marco Riva'])
    await acceptOffer(db, offers[0]!, WEEK, at(60))
    const hostile =
      '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&<a href="https://truffa.example">sito</a> www.truffa.example tel:+390212345678 +39 333 123 4567 '
    const comment = `${hostile}${'è'.repeat(5000 - hostile.length)}`
    expect(await saveRating(db, { ...rating(offers[0]!, 2, comment), outcome: 'non_contattato' }, at(600).toISOString())).toBe('created')
    expect((await leadRatings(db, leadId)).get(offers[0]!.artisanId)).toMatchObject({ stars: 2, outcome: 'non_contattato', comment })
    expect((await ratingRows(leadId)).reviews).toEqual([expect.objectContaining({ comment, status: 'pending' })])
  })

  it('sent twice at once is stored once: one is created, the other already rated', async () => {
    const db = database()
    const { leadId, offers } = await offeredLead(['Marco Riva'])
    await acceptOffer(db, offers[0]!, WEEK, at(60))
    const now = at(600).toISOString()
    const results = await Promise.all([saveRating(db, rating(offers[0]!, 5), now), saveRating(db, rating(offers[0]!, 2), now)])
    expect(results.sort()).toEqual(['already_rated', 'created'])
    const stored = await ratingRows(leadId)
    expect(stored.ratings).toHaveLength(1)
    expect(stored.reviews).toEqual([expect.objectContaining({ stars: stored.ratings[0]!.stars, status: 'published' })])
    expect(stored.events).toHaveLength(1)
    expect(stored.totals).toEqual([{ artisan_id: offers[0]!.artisanId, ratings: 1, stars: stored.ratings[0]!.stars }])
    expect(await publicVersion(db)).toBe('1')
  })
})
