import { describe, expect, it } from 'vitest'
import { REVIEWS_PER_PAGE } from '#shared/reviews.ts'
import { artisan, quoteLead } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { insertPhoto, saveProfile } from './artisan-profiles.ts'
import { insertArtisan } from './artisans.ts'
import { insertLead } from './leads.ts'
import {
  findProfileBySlug,
  findPublicPhoto,
  findPublishedArtisanBySlug,
  profilePhotos,
  profileTrades,
  publishedReviews,
  reviewSummary,
  usualResponseMs,
} from './profile-page.ts'

const database = serveTestDatabase()

const CREATED = '2024-09-01T09:00:00.000Z'
const PUBLISHED = '2026-11-01T10:00:00.000Z'
const HOUR = 3_600_000
const MINUTE = 60_000

let serial = 0
/** A craftsman of the register with a profile: published, withdrawn (published once) or never published. */
async function newArtisan(slug: string, state: 'published' | 'withdrawn' | 'draft' = 'published', values: Parameters<typeof artisan>[0] = {}) {
  const { id } = await insertArtisan(database(), artisan({ email: `artigiano${++serial}@example.com`, ...values }), CREATED)
  await saveProfile(
    database(),
    id,
    slug,
    {
      description: 'Impianti elettrici civili dal 1998.',
      published_at: state === 'published' ? PUBLISHED : null,
      unpublished_at: state === 'withdrawn' ? PUBLISHED : null,
      vat_checked_at: '2026-03-02T10:00:00.000Z',
      insurance_note: 'RC professionale',
    },
    CREATED,
  )
  return id
}

type Review = { stars: number; daysAgo: number; status?: 'published' | 'pending' | 'hidden'; author?: string }
async function addReviews(artisanId: number, reviews: Review[]) {
  const iso = (days: number) => new Date(Date.parse('2026-11-25T12:00:00.000Z') - days * 86_400_000).toISOString()
  await database()
    .insertInto('reviews')
    .values(
      reviews.map((review) => ({
        artisan_id: artisanId,
        stars: review.stars,
        comment: `Recensione di ${review.author ?? 'Marco R.'}`,
        author_label: review.author ?? 'Marco R.',
        comune: 'Sesto San Giovanni',
        service_name: 'Elettricista',
        job_month: '2026-03',
        status: review.status ?? 'published',
        created_at: iso(review.daysAgo),
        published_at: (review.status ?? 'published') === 'published' ? iso(review.daysAgo) : null,
      })),
    )
    .execute()
}

/** Offers to the craftsman answered after these many milliseconds (null: not answered). */
async function addAnswers(artisanId: number, delays: (number | null)[]) {
  const offered = Date.parse('2026-11-10T08:00:00.123Z')
  for (const [i, delay] of delays.entries()) {
    const leadId = await insertLead(database(), quoteLead({ email: `richiedente${artisanId}-${i}@example.com` }), [], new Date(offered).toISOString())
    await database()
      .insertInto('lead_assignments')
      .values({
        lead_id: leadId,
        artisan_id: artisanId,
        assigned_at: new Date(offered).toISOString(),
        assigned_by: null,
        email_outbox_id: null,
        response: delay === null ? null : 'accepted',
        responded_at: delay === null ? null : new Date(offered + delay).toISOString(),
      })
      .execute()
  }
}

describe('the profile behind a slug', () => {
  it('is found published or withdrawn with the craftsman’s name, and not at all for a draft’s or a malformed slug', async () => {
    const published = await newArtisan('impianti-rossi', 'published', { companyName: 'Impianti Rossi Srl' })
    await newArtisan('profilo-ritirato', 'withdrawn')
    await newArtisan('mai-pubblicato', 'draft', { companyName: null, contactName: 'Giuseppe Rossi' })

    expect(await findProfileBySlug(database(), 'impianti-rossi')).toEqual({
      artisan_id: published,
      slug: 'impianti-rossi',
      description: 'Impianti elettrici civili dal 1998.',
      published_at: PUBLISHED,
      unpublished_at: null,
      vat_checked_at: '2026-03-02T10:00:00.000Z',
      identity_checked_at: null,
      insurance_checked_at: null,
      insurance_note: 'RC professionale',
      company_name: 'Impianti Rossi Srl',
      contact_name: 'Luca Bianchi',
      created_at: CREATED,
    })
    expect(await findProfileBySlug(database(), 'profilo-ritirato')).toMatchObject({ published_at: null, unpublished_at: PUBLISHED })
    expect(await findProfileBySlug(database(), 'mai-pubblicato')).toMatchObject({ published_at: null, unpublished_at: null })
    expect(await findProfileBySlug(database(), 'nessuno')).toBeUndefined()
    for (const slug of ['IMPIANTI-ROSSI', 'a--b', 'impianti-rossi/../x', 'a'.repeat(101)]) expect(await findProfileBySlug(database(), slug), slug).toBeNull()
  })

  it('names its craftsman as preferred for a request only while published, by company or else contact name', async () => {
    const company = await newArtisan('elettro-bianchi', 'published', { companyName: 'Elettro Bianchi' })
    const person = await newArtisan('giuseppe-rossi', 'published', { companyName: null, contactName: 'Giuseppe Rossi' })
    await newArtisan('ritirato-dopo', 'withdrawn')
    await newArtisan('in-preparazione', 'draft')
    expect(await findPublishedArtisanBySlug(database(), 'elettro-bianchi')).toEqual({ id: company, name: 'Elettro Bianchi' })
    expect(await findPublishedArtisanBySlug(database(), 'giuseppe-rossi')).toEqual({ id: person, name: 'Giuseppe Rossi' })
    for (const slug of ['ritirato-dopo', 'in-preparazione', 'nessuno-con-questo-nome', 'ELETTRO-BIANCHI', 'elettro-bianchi/../x', 'x'.repeat(5000)]) {
      expect(await findPublishedArtisanBySlug(database(), slug), slug.slice(0, 30)).toBeUndefined()
    }
  })
})

describe('a profile’s reviews', () => {
  const stars = [5, 5, 4, 5, 3, 5, 4, 5, 5, 1, 5, 4, 5, 2, 5, 4, 5, 5, 3, 5, 4, 5, 5]

  it('are summed up from the published ones only: stars five to one, their count and average to one decimal', async () => {
    const id = await newArtisan('impianti-rossi')
    const other = await newArtisan('altro')
    await addReviews(id, [
      ...stars.map((value, i) => ({ stars: value, daysAgo: i + 1 })),
      { stars: 1, daysAgo: 0.5, status: 'pending' },
      { stars: 1, daysAgo: 0.5, status: 'hidden' },
    ])
    await addReviews(other, [{ stars: 1, daysAgo: 1 }])
    expect(await reviewSummary(database(), id)).toEqual({
      count: 23,
      average: 4.3,
      distribution: [
        { stars: 5, count: 14 },
        { stars: 4, count: 5 },
        { stars: 3, count: 2 },
        { stars: 2, count: 1 },
        { stars: 1, count: 1 },
      ],
    })
    const none = await newArtisan('nuovo-arrivato')
    await addReviews(none, [{ stars: 2, daysAgo: 1, status: 'pending' }])
    expect(await reviewSummary(database(), none)).toEqual({
      count: 0,
      average: null,
      distribution: [5, 4, 3, 2, 1].map((value) => ({ stars: value, count: 0 })),
    })
  })

  it('are paged ten at a time, newest first, the same instant by the latest written first; waiting and hidden ones never', async () => {
    const id = await newArtisan('impianti-rossi')
    await addReviews(id, [
      ...stars.map((value, i) => ({ stars: value, daysAgo: i + 1, author: `Cliente${i + 1} R.` })),
      { stars: 1, daysAgo: 0.5, status: 'pending', author: 'In attesa' },
      { stars: 1, daysAgo: 0.5, status: 'hidden', author: 'Nascosta' },
    ])
    const authors = async (page: number) => (await publishedReviews(database(), id, page)).map((review) => review.author_label)
    expect(await authors(1)).toEqual(Array.from({ length: REVIEWS_PER_PAGE }, (_, i) => `Cliente${i + 1} R.`))
    expect(await authors(2)).toEqual(Array.from({ length: REVIEWS_PER_PAGE }, (_, i) => `Cliente${i + 11} R.`))
    expect(await authors(3)).toEqual(['Cliente21 R.', 'Cliente22 R.', 'Cliente23 R.'])
    expect(await authors(4)).toEqual([])
    expect((await publishedReviews(database(), id, 1))[0]).toEqual({
      id: expect.any(Number),
      stars: 5,
      comment: 'Recensione di Cliente1 R.',
      author_label: 'Cliente1 R.',
      comune: 'Sesto San Giovanni',
      service_name: 'Elettricista',
      job_month: '2026-03',
      published_at: '2026-11-24T12:00:00.000Z',
      reply: null,
    })

    const same = await newArtisan('stesso-istante')
    await addReviews(same, [
      { stars: 5, daysAgo: 2, author: 'Primo' },
      { stars: 4, daysAgo: 2, author: 'Secondo' },
    ])
    expect((await publishedReviews(database(), same, 1)).map((review) => review.author_label)).toEqual(['Secondo', 'Primo'])
  })
})

describe('a craftsman’s usual response time', () => {
  it('is the median time from offer to answer, to the millisecond, once they have answered three offers', async () => {
    const id = await newArtisan('impianti-rossi')
    const other = await newArtisan('altro')
    await addAnswers(other, [5 * MINUTE, 5 * MINUTE, 5 * MINUTE])
    await addAnswers(id, [2 * HOUR, 2 * HOUR - MINUTE, null])
    expect(await usualResponseMs(database(), id)).toBeNull()
    await addAnswers(id, [2 * HOUR - 2 * MINUTE + 7])
    expect(await usualResponseMs(database(), id)).toBe(2 * HOUR - MINUTE)
    // An even count: the mean of the middle two.
    await addAnswers(id, [30 * HOUR])
    expect(await usualResponseMs(database(), id)).toBe(2 * HOUR - MINUTE / 2)
    expect(await usualResponseMs(database(), other)).toBe(5 * MINUTE)
  })
})

describe('what a profile page shows of the craftsman’s work', () => {
  it('lists their trades and zones in order, and their photos in the office’s order without the bytes', async () => {
    const id = await newArtisan('impianti-rossi', 'published', {
      specializationSectors: ['Idraulico', 'Elettricista'],
      operativeZones: ['Sesto San Giovanni', 'Milano'],
    })
    expect(await profileTrades(database(), id)).toEqual({ trades: ['Elettricista', 'Idraulico'], zones: ['Milano', 'Sesto San Giovanni'] })
    const photo = (n: number) => ({
      contentType: 'image/webp',
      width: 8,
      height: 6,
      digest: `digest-${n}`,
      caption: n === 1 ? 'Quadro elettrico' : null,
      content: Buffer.from([n]),
    })
    const first = await insertPhoto(database(), id, photo(1), CREATED)
    const second = await insertPhoto(database(), id, photo(2), CREATED)
    await database().updateTable('artisan_photos').set({ position: 0 }).where('id', '=', second.id).execute()
    expect(await profilePhotos(database(), id)).toEqual([
      { id: second.id, digest: 'digest-2', content_type: 'image/webp', width: 8, height: 6, caption: null },
      { id: first.id, digest: 'digest-1', content_type: 'image/webp', width: 8, height: 6, caption: 'Quadro elettrico' },
    ])
  })

  it('serves a photo’s bytes only by its id and digest, and only while the profile is published', async () => {
    const published = await newArtisan('impianti-rossi')
    const withdrawn = await newArtisan('profilo-ritirato', 'withdrawn')
    const photo = (n: number) => ({ contentType: 'image/webp', width: 8, height: 6, digest: `digest-${n}`, caption: null, content: Buffer.from([0x52, n]) })
    const shown = await insertPhoto(database(), published, photo(1), CREATED)
    const other = await insertPhoto(database(), published, photo(2), CREATED)
    const hidden = await insertPhoto(database(), withdrawn, photo(3), CREATED)
    const found = await findPublicPhoto(database(), shown.id, 'digest-1')
    expect(found?.content_type).toBe('image/webp')
    expect(Buffer.from(found!.content).equals(Buffer.from([0x52, 1]))).toBe(true)
    expect(await findPublicPhoto(database(), shown.id, 'digest-2')).toBeUndefined()
    expect(await findPublicPhoto(database(), other.id, 'digest-1')).toBeUndefined()
    expect(await findPublicPhoto(database(), shown.id, 'DIGEST-1')).toBeUndefined()
    expect(await findPublicPhoto(database(), hidden.id, 'digest-3')).toBeUndefined()
  })
})
