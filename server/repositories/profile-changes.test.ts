import { describe, expect, it } from 'vitest'
import { type artisan, storedArtisan } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { findPhotoContent, insertPhoto, listPhotos, saveProfile } from './artisan-profiles.ts'
import {
  changesQueue,
  countPendingChanges,
  countPendingPhotos,
  findChange,
  findOwnChange,
  findPendingPhoto,
  hasPendingChange,
  ownProfileChanges,
  proposeDescription,
  proposePhoto,
  proposeReply,
  replyChangesOf,
  settleChange,
} from './profile-changes.ts'

const database = serveTestDatabase()

const CREATED = '2026-11-20T09:00:00.000Z'
const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`

const _serial = 0
const newArtisan = (values: Parameters<typeof artisan>[0] = {}) => storedArtisan(database(), values, CREATED)

const photo = (n: number) => ({ contentType: 'image/webp' as const, width: 1600, height: 1200, digest: `digest-${n}`, content: Buffer.from([0x57, 0x45, n]) })

async function review(artisanId: number, comment: string) {
  const row = await database()
    .insertInto('reviews')
    .values({
      artisan_id: artisanId,
      stars: 4,
      comment,
      author_label: 'Giulia B.',
      comune: 'Monza',
      service_name: 'Serramentista',
      job_month: '2026-03',
      status: 'published',
      created_at: CREATED,
      published_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const changeRows = (artisanId: number) =>
  database()
    .selectFrom('artisan_profile_changes')
    .select(['id', 'kind', 'text', 'status', 'created_at'])
    .where('artisan_id', '=', artisanId)
    .orderBy('id')
    .execute()

describe('a description proposed from the area', () => {
  it('replaces the one still waiting, one per craftsman; once that is decided, the next is a new change', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    expect(await hasPendingChange(database(), id)).toBe(false)
    const first = await proposeDescription(database(), id, 'Serramenti in legno.', at(0))
    expect(await hasPendingChange(database(), id)).toBe(true)
    expect(await proposeDescription(database(), id, 'Serramenti in legno e PVC.', at(5))).toBe(first)
    const theirs = await proposeDescription(database(), other, 'Altro testo.', at(6))
    expect(theirs).not.toBe(first)
    expect(await changeRows(id)).toEqual([{ id: first, kind: 'description', text: 'Serramenti in legno e PVC.', status: 'pending', created_at: at(5) }])

    expect(await settleChange(database(), first, { status: 'approved' }, 'admin-1', at(10))).toBe(true)
    expect(await hasPendingChange(database(), id)).toBe(false)
    const next = await proposeDescription(database(), id, 'Preventivi gratuiti.', at(15))
    expect(next).not.toBe(first)
    expect((await changeRows(id)).map((row) => [row.id, row.status])).toEqual([
      [first, 'approved'],
      [next, 'pending'],
    ])
    expect(await changeRows(other)).toEqual([{ id: theirs, kind: 'description', text: 'Altro testo.', status: 'pending', created_at: at(6) }])
  })
})

describe('a photo proposed from the area', () => {
  it('waits with its bytes, counted against the portfolio, until decided: then its bytes are dropped and it counts no more', async () => {
    const id = await newArtisan()
    const first = await proposePhoto(database(), id, photo(1), 'Finestre a Monza', at(0))
    const second = await proposePhoto(database(), id, photo(2), null, at(1))
    await proposeDescription(database(), id, 'Testo.', at(2))
    expect(await countPendingPhotos(database(), id)).toBe(2)
    const waiting = await findPendingPhoto(database(), first)
    expect(waiting).toMatchObject({
      artisan_id: id,
      photo_content_type: 'image/webp',
      photo_width: 1600,
      photo_height: 1200,
      photo_digest: 'digest-1',
      photo_caption: 'Finestre a Monza',
    })
    expect(Buffer.from(waiting!.photo_content!).equals(photo(1).content)).toBe(true)
    expect(await findChange(database(), first)).toMatchObject({
      id: first,
      artisan_id: id,
      kind: 'photo',
      photo_width: 1600,
      photo_caption: 'Finestre a Monza',
      status: 'pending',
    })

    expect(await settleChange(database(), first, { status: 'refused', reason: 'Si vede una targa.' }, 'admin-1', at(10))).toBe(true)
    expect(await settleChange(database(), second, { status: 'withdrawn' }, null, at(11))).toBe(true)
    expect(await countPendingPhotos(database(), id)).toBe(0)
    expect(await findPendingPhoto(database(), first)).toBeUndefined()
    expect(
      await database()
        .selectFrom('artisan_profile_changes')
        .select(['id', 'status', 'refusal_reason', 'decided_at', 'decided_by', 'photo_content'])
        .where('kind', '=', 'photo')
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: first, status: 'refused', refusal_reason: 'Si vede una targa.', decided_at: at(10), decided_by: 'admin-1', photo_content: null },
      { id: second, status: 'withdrawn', refusal_reason: null, decided_at: at(11), decided_by: null, photo_content: null },
    ])
    // A decision on a change already decided changes nothing.
    expect(await settleChange(database(), first, { status: 'approved' }, 'admin-2', at(20))).toBe(false)
    expect(await findChange(database(), first)).toMatchObject({ status: 'refused', decided_at: at(10) })
  })

  it('approved, moves its bytes and caption unchanged into the portfolio, after the photos already there', async () => {
    const id = await newArtisan()
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x80])
    const published = await insertPhoto(
      database(),
      id,
      { contentType: 'image/webp', width: 8, height: 6, digest: 'digest-0', caption: null, content: Buffer.from([1]) },
      at(0),
    )
    const change = await proposePhoto(database(), id, { ...photo(1), content: bytes }, 'Finestre a Monza', at(1))
    await database()
      .transaction()
      .execute(async (trx) => {
        const waiting = (await findPendingPhoto(trx, change))!
        await insertPhoto(
          trx,
          id,
          {
            contentType: waiting.photo_content_type!,
            width: waiting.photo_width!,
            height: waiting.photo_height!,
            digest: waiting.photo_digest!,
            caption: waiting.photo_caption,
            content: waiting.photo_content!,
          },
          at(5),
        )
        expect(await settleChange(trx, change, { status: 'approved' }, 'admin-1', at(5))).toBe(true)
      })
    const portfolio = await listPhotos(database(), id)
    expect(portfolio.map((row) => [row.id === published.id, row.position, row.caption, row.size])).toEqual([
      [true, 1, null, 1],
      [false, 2, 'Finestre a Monza', bytes.length],
    ])
    expect(Buffer.from((await findPhotoContent(database(), portfolio[1]!.id))!.content).equals(bytes)).toBe(true)
    expect(await countPendingPhotos(database(), id)).toBe(0)
    expect(await findPendingPhoto(database(), change)).toBeUndefined()
  })

  it('is decided once when two decisions come at the same moment', async () => {
    const id = await newArtisan()
    const change = await proposePhoto(database(), id, photo(1), null, at(0))
    const decide = (status: 'approved' | 'withdrawn', by: string | null) =>
      database()
        .transaction()
        .execute((trx) => settleChange(trx, change, { status }, by, at(5)))
    const outcomes = await Promise.all([decide('approved', 'admin-1'), decide('withdrawn', null)])
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    const settled = await findChange(database(), change)
    expect(settled?.status).toBe(outcomes[0] ? 'approved' : 'withdrawn')
  })
})

describe('a reply to a review proposed from the area', () => {
  it('waits alone for its review (a second is refused by the database); after a refusal another may be written', async () => {
    const id = await newArtisan()
    const reviewId = await review(id, 'Ottimo lavoro sulle finestre.')
    const otherReview = await review(id, 'Puntuale.')
    const first = await proposeReply(database(), id, reviewId, 'Grazie Giulia!', at(0))
    expect(first).toEqual(expect.any(Number))
    expect(await proposeReply(database(), id, reviewId, 'Seconda risposta', at(1))).toBeUndefined()
    expect(await database().selectFrom('artisan_profile_changes').select(['review_id', 'text']).where('kind', '=', 'reply').execute()).toEqual([
      { review_id: reviewId, text: 'Grazie Giulia!' },
    ])
    const onOther = await proposeReply(database(), id, otherReview, 'Grazie!', at(2))
    expect(onOther).toEqual(expect.any(Number))

    await settleChange(database(), first!, { status: 'refused', reason: 'Niente numeri di telefono.' }, 'admin-1', at(10))
    const again = await proposeReply(database(), id, reviewId, 'Mi dispiace per il ritardo.', at(11))
    expect(again).toEqual(expect.any(Number))
    expect(again).not.toBe(first)
  })

  it('is read back per review: the one waiting and the latest refused, of that craftsman only', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    const [answered, refusedOnly, untouched] = [await review(id, 'Uno'), await review(id, 'Due'), await review(id, 'Tre')]
    const old = await proposeReply(database(), id, answered, 'Prima risposta', at(0))
    await settleChange(database(), old!, { status: 'refused', reason: 'Troppo lunga.' }, 'admin-1', at(1))
    const waiting = await proposeReply(database(), id, answered, 'Seconda risposta', at(2))
    const older = await proposeReply(database(), id, refusedOnly, 'Risposta A', at(3))
    await settleChange(database(), older!, { status: 'refused', reason: 'Motivo A' }, 'admin-1', at(4))
    const newer = await proposeReply(database(), id, refusedOnly, 'Risposta B', at(5))
    await settleChange(database(), newer!, { status: 'refused', reason: 'Motivo B' }, 'admin-1', at(6))
    const approved = await proposeReply(database(), id, untouched, 'Approvata', at(7))
    await settleChange(database(), approved!, { status: 'approved' }, 'admin-1', at(8))

    const replies = await replyChangesOf(database(), id, [answered, refusedOnly, untouched])
    expect([...replies.keys()].sort((a, b) => a - b)).toEqual([answered, refusedOnly])
    expect(replies.get(answered)).toEqual({
      pending: { id: waiting, review_id: answered, text: 'Seconda risposta', status: 'pending', refusal_reason: null, created_at: at(2), decided_at: null },
      refused: {
        id: old,
        review_id: answered,
        text: 'Prima risposta',
        status: 'refused',
        refusal_reason: 'Troppo lunga.',
        created_at: at(0),
        decided_at: at(1),
      },
    })
    expect(replies.get(refusedOnly)).toEqual({
      refused: { id: newer, review_id: refusedOnly, text: 'Risposta B', status: 'refused', refusal_reason: 'Motivo B', created_at: at(5), decided_at: at(6) },
    })
    expect((await replyChangesOf(database(), other, [answered, refusedOnly])).size).toBe(0)
    expect((await replyChangesOf(database(), id, [])).size).toBe(0)
  })
})

describe('the craftsman’s own changes', () => {
  it('list the description and photos waiting oldest first, and the ten latest refused newest first, replies left out', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    const reviewId = await review(id, 'Bene.')
    const refused: number[] = []
    for (let i = 0; i < 12; i++) {
      const change = await proposePhoto(database(), id, photo(i), null, at(i))
      await settleChange(database(), change, { status: 'refused', reason: `Motivo ${i}` }, 'admin-1', at(30 + i))
      refused.push(change)
    }
    const laterPhoto = await proposePhoto(database(), id, photo(20), null, at(45))
    const description = await proposeDescription(database(), id, 'Testo.', at(44))
    await proposeReply(database(), id, reviewId, 'Risposta', at(43))
    await proposeDescription(database(), other, 'Di un altro.', at(40))

    const { pending, refused: latest } = await ownProfileChanges(database(), id)
    expect(pending.map((change) => [change.id, change.kind])).toEqual([
      [description, 'description'],
      [laterPhoto, 'photo'],
    ])
    expect(latest.map((change) => change.id)).toEqual(refused.slice(2).reverse())
    expect(latest[0]).toMatchObject({ kind: 'photo', status: 'refused', refusal_reason: 'Motivo 11', decided_at: at(41) })
    expect(pending[0]).not.toHaveProperty('photo_content')

    expect(await findOwnChange(database(), id, description)).toMatchObject({ id: description, kind: 'description', text: 'Testo.', status: 'pending' })
    expect(await findOwnChange(database(), other, description)).toBeUndefined()
    expect(await findChange(database(), description + 100)).toBeUndefined()
  })
})

describe('the office’s queue of changes', () => {
  it('lists what waits oldest first with its craftsman, the description it would replace and the review a reply answers', async () => {
    const withProfile = await newArtisan({ companyName: 'Serramenti Rossi' })
    const without = await newArtisan({ companyName: null, contactName: 'Paolo Verdi' })
    await saveProfile(database(), withProfile, 'serramenti-rossi', { description: 'Serramenti in legno dal 1990.', published_at: CREATED }, CREATED)
    const reviewId = await review(withProfile, 'Ottimo lavoro sulle finestre.')
    const reply = await proposeReply(database(), withProfile, reviewId, 'Grazie!', at(3))
    const description = await proposeDescription(database(), without, 'Idraulico a Sesto.', at(1))
    const photoChange = await proposePhoto(database(), withProfile, photo(1), 'Finestre', at(1))
    const decided = await proposeDescription(database(), withProfile, 'Già decisa.', at(0))
    await settleChange(database(), decided, { status: 'approved' }, 'admin-1', at(2))

    expect(await countPendingChanges(database())).toBe(3)
    const { rows, total } = await changesQueue(database())
    expect(total).toBe(3)
    // Two proposed in the same minute come in the order they were made.
    expect(rows.map((row) => row.id)).toEqual([description, photoChange, reply])
    expect(rows[0]).toMatchObject({
      kind: 'description',
      text: 'Idraulico a Sesto.',
      company_name: null,
      contact_name: 'Paolo Verdi',
      current_description: null,
      published_at: null,
      review_comment: null,
    })
    expect(rows[1]).toMatchObject({
      kind: 'photo',
      photo_caption: 'Finestre',
      company_name: 'Serramenti Rossi',
      current_description: 'Serramenti in legno dal 1990.',
    })
    expect(rows[1]).not.toHaveProperty('photo_content')
    expect(rows[2]).toMatchObject({
      kind: 'reply',
      review_id: reviewId,
      text: 'Grazie!',
      published_at: CREATED,
      review_stars: 4,
      review_comment: 'Ottimo lavoro sulle finestre.',
      review_author: 'Giulia B.',
      review_month: '2026-03',
      review_status: 'published',
    })
  })
})
