import { describe, expect, it } from 'vitest'
import { publicVersion } from '#server/profiles/public-version.ts'
import { type artisan, storedArtisan } from '#tests/helpers/admin-leads.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import {
  countPhotos,
  deletePhoto,
  everPublished,
  findPhoto,
  findPhotoContent,
  findProfile,
  followArtisanEdit,
  followArtisanRemoval,
  insertPhoto,
  listPhotos,
  movePhoto,
  publishedAmong,
  saveProfile,
  slugTaken,
  uniqueProposedSlug,
  updatePhotoCaption,
} from './artisan-profiles.ts'

const database = serveTestDatabase()

const CREATED = '2026-11-20T09:00:00.000Z'
const LATER = '2026-11-21T11:00:00.000Z'

const _serial = 0
const newArtisan = (values: Parameters<typeof artisan>[0] = {}) => storedArtisan(database(), values, CREATED)

const photo = (n: number, caption: string | null = null) => ({
  contentType: 'image/webp',
  width: 1600,
  height: 1200,
  digest: `digest-${n}`,
  caption,
  content: Buffer.from([0x52, 0x49, 0x46, 0x46, n, 0, 255]),
})

describe('the slug of a profile', () => {
  it('is proposed from the company name, unique among the other profiles with -2, -3, else from the contact’s name', async () => {
    const first = await newArtisan({ companyName: "Fabbro D'Angelo & Figli" })
    expect(await uniqueProposedSlug(database(), "Fabbro D'Angelo & Figli", 'Giulia Bianchi', first)).toBe('fabbro-d-angelo-figli')
    await saveProfile(database(), first, 'fabbro-d-angelo-figli', {}, CREATED)
    // Its own slug is free for the craftsman who holds it.
    expect(await uniqueProposedSlug(database(), "Fabbro D'Angelo & Figli", 'Giulia Bianchi', first)).toBe('fabbro-d-angelo-figli')

    const second = await newArtisan()
    expect(await uniqueProposedSlug(database(), 'Fabbro D’Angelo & Figli', 'Giulia Bianchi', second)).toBe('fabbro-d-angelo-figli-2')
    await saveProfile(database(), second, 'fabbro-d-angelo-figli-2', {}, CREATED)
    const third = await newArtisan()
    // A longer slug that merely starts the same way takes nothing.
    await saveProfile(database(), third, 'fabbro-d-angelo-figli-e-nipoti', {}, CREATED)
    expect(await uniqueProposedSlug(database(), 'FABBRO D’ANGELO & FIGLI', 'x', third)).toBe('fabbro-d-angelo-figli-3')
    expect(await uniqueProposedSlug(database(), '', 'Lù', third)).toBe('artigiano-lu')
  })

  it('is taken when another craftsman’s profile holds it, not one’s own', async () => {
    const owner = await newArtisan()
    const other = await newArtisan()
    await saveProfile(database(), owner, 'idraulico', {}, CREATED)
    expect(await slugTaken(database(), 'idraulico', other)).toBe(true)
    expect(await slugTaken(database(), 'idraulico', owner)).toBe(false)
    expect(await slugTaken(database(), 'IDRAULICO', other)).toBe(false)
    expect(await slugTaken(database(), 'milano', other)).toBe(false)
  })
})

describe('a profile', () => {
  it('is created with its slug the first time, then updated in place with the changes only', async () => {
    const id = await newArtisan()
    expect(await findProfile(database(), id)).toBeUndefined()
    const created = await saveProfile(database(), id, 'impianti-bianchi', { description: 'Impianti civili.' }, CREATED)
    expect(created).toMatchObject({ artisan_id: id, slug: 'impianti-bianchi', description: 'Impianti civili.', created_at: CREATED, updated_at: CREATED })
    expect(everPublished(created)).toBe(false)

    const updated = await saveProfile(database(), id, 'ignorato', { consent_at: LATER, consent_text: 'consenso', published_at: LATER }, LATER)
    expect(updated).toMatchObject({
      slug: 'impianti-bianchi',
      description: 'Impianti civili.',
      consent_at: LATER,
      published_at: LATER,
      created_at: CREATED,
      updated_at: LATER,
    })
    expect(await findProfile(database(), id)).toEqual(updated)
    expect(everPublished(updated)).toBe(true)
    const unpublished = await saveProfile(database(), id, 'ignorato', { published_at: null, unpublished_at: LATER }, LATER)
    expect(everPublished(unpublished)).toBe(true)
    expect(await database().selectFrom('artisan_profiles').select('slug').execute()).toEqual([{ slug: 'impianti-bianchi' }])
  })

  it('is marked public in the list only for the craftsmen asked whose profile is published', async () => {
    const published = await newArtisan()
    const draft = await newArtisan()
    const withdrawn = await newArtisan()
    const none = await newArtisan()
    const notAsked = await newArtisan()
    await saveProfile(database(), published, 'pubblicato', { published_at: CREATED }, CREATED)
    await saveProfile(database(), draft, 'bozza', {}, CREATED)
    await saveProfile(database(), withdrawn, 'ritirato', { unpublished_at: CREATED }, CREATED)
    await saveProfile(database(), notAsked, 'non-chiesto', { published_at: CREATED }, CREATED)
    expect(await publishedAmong(database(), [published, draft, withdrawn, none])).toEqual(new Set([published]))
    expect(await publishedAmong(database(), [])).toEqual(new Set())
  })
})

describe('portfolio photos', () => {
  it('are added after the last, listed and counted in their order, read back with their bytes', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    const first = await insertPhoto(database(), id, photo(1, 'Cucina su misura'), CREATED)
    const second = await insertPhoto(database(), id, photo(2), CREATED)
    await insertPhoto(database(), other, photo(9), CREATED)
    expect([first.position, second.position]).toEqual([1, 2])
    expect(await countPhotos(database(), id)).toBe(2)
    expect(await listPhotos(database(), id)).toEqual([
      {
        id: first.id,
        position: 1,
        content_type: 'image/webp',
        width: 1600,
        height: 1200,
        size: 7,
        digest: 'digest-1',
        caption: 'Cucina su misura',
        created_at: CREATED,
      },
      { id: second.id, position: 2, content_type: 'image/webp', width: 1600, height: 1200, size: 7, digest: 'digest-2', caption: null, created_at: CREATED },
    ])
    const content = await findPhotoContent(database(), first.id)
    expect(content?.artisan_id).toBe(id)
    expect(content?.content_type).toBe('image/webp')
    expect(Buffer.from(content!.content).equals(photo(1).content)).toBe(true)
    expect(await findPhoto(database(), second.id)).toEqual({ id: second.id, artisan_id: id, position: 2, caption: null })
    expect(await findPhotoContent(database(), second.id + 100)).toBeUndefined()

    // Removing one leaves a gap; the next goes after the last still there.
    await deletePhoto(database(), first.id)
    expect(await findPhoto(database(), first.id)).toBeUndefined()
    const third = await insertPhoto(database(), id, photo(3), CREATED)
    expect(third.position).toBe(3)
    expect((await listPhotos(database(), id)).map((row) => row.id)).toEqual([second.id, third.id])
    expect(await countPhotos(database(), id)).toBe(2)
    expect(await countPhotos(database(), other)).toBe(1)
  })

  it('move past their neighbour up or down, not beyond the ends, and keep their captions as set', async () => {
    const id = await newArtisan()
    const other = await newArtisan()
    const ids = []
    for (let n = 1; n <= 3; n++) ids.push((await insertPhoto(database(), id, photo(n), CREATED)).id)
    const theirs = await insertPhoto(database(), other, photo(9), CREATED)
    const order = async () => (await listPhotos(database(), id)).map((row) => row.id)
    const [a, b, c] = ids as [number, number, number]

    expect(await movePhoto(database(), (await findPhoto(database(), b))!, 'up')).toBe(true)
    expect(await order()).toEqual([b, a, c])
    expect(await movePhoto(database(), (await findPhoto(database(), b))!, 'up')).toBe(false)
    expect(await movePhoto(database(), (await findPhoto(database(), a))!, 'down')).toBe(true)
    expect(await order()).toEqual([b, c, a])
    expect(await movePhoto(database(), (await findPhoto(database(), a))!, 'down')).toBe(false)
    expect((await listPhotos(database(), id)).map((row) => row.position)).toEqual([1, 2, 3])
    expect(await findPhoto(database(), theirs.id)).toMatchObject({ position: 1 })

    await updatePhotoCaption(database(), c, 'Bagno rifatto a Monza')
    await updatePhotoCaption(database(), a, null)
    expect((await listPhotos(database(), id)).map((row) => row.caption)).toEqual([null, 'Bagno rifatto a Monza', null])
  })
})

describe('an edit of the craftsman’s record', () => {
  it('takes a published profile down when the craftsman stops being active, and forgets a VAT check when the number changes', async () => {
    const id = await newArtisan({ vatNumber: '00743110157' })
    await saveProfile(database(), id, 'impianti', { published_at: CREATED, vat_checked_at: CREATED, identity_checked_at: CREATED }, CREATED)
    expect(await followArtisanEdit(database(), { id, vat_number: '00743110157' }, { vat_number: '00743110157', status: 'active' }, LATER)).toEqual({
      unpublished: false,
    })
    expect(await findProfile(database(), id)).toMatchObject({ published_at: CREATED, vat_checked_at: CREATED, updated_at: CREATED })
    expect(await publicVersion(database())).toBe('1')

    expect(await followArtisanEdit(database(), { id, vat_number: '00743110157' }, { vat_number: '12345678903', status: 'inactive' }, LATER)).toEqual({
      unpublished: true,
    })
    expect(await findProfile(database(), id)).toMatchObject({
      published_at: null,
      unpublished_at: LATER,
      vat_checked_at: null,
      identity_checked_at: CREATED,
      updated_at: LATER,
    })
    expect(await publicVersion(database())).toBe('2')
  })

  it('of a craftsman whose profile is private forgets only a changed VAT check, and the public pages are not told', async () => {
    const id = await newArtisan()
    const none = await newArtisan()
    await saveProfile(database(), id, 'privato', { vat_checked_at: CREATED }, CREATED)
    expect(await followArtisanEdit(database(), { id, vat_number: null }, { vat_number: null, status: 'inactive' }, LATER)).toEqual({ unpublished: false })
    expect(await findProfile(database(), id)).toMatchObject({ vat_checked_at: CREATED, unpublished_at: null, updated_at: CREATED })
    await followArtisanEdit(database(), { id, vat_number: null }, { vat_number: '00743110157', status: 'active' }, LATER)
    expect(await findProfile(database(), id)).toMatchObject({ vat_checked_at: null, updated_at: LATER })
    expect(await followArtisanEdit(database(), { id: none, vat_number: null }, { vat_number: 'x', status: 'inactive' }, LATER)).toEqual({ unpublished: false })
    expect(await findProfile(database(), none)).toBeUndefined()
    expect(await publicVersion(database())).toBe('0')
  })

  it('that deletes a craftsman tells the public pages only when their profile was published', async () => {
    const published = await newArtisan()
    const draft = await newArtisan()
    await saveProfile(database(), published, 'pubblico', { published_at: CREATED }, CREATED)
    await saveProfile(database(), draft, 'bozza', {}, CREATED)
    await followArtisanRemoval(database(), draft, LATER)
    await followArtisanRemoval(database(), draft + 100, LATER)
    expect(await publicVersion(database())).toBe('0')
    await followArtisanRemoval(database(), published, LATER)
    expect(await publicVersion(database())).toBe('1')
  })
})
