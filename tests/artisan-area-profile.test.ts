import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MAX_PORTFOLIO_PHOTOS, PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { errorOf, serveSignedInWithMail, trpcClient } from './helpers/admin.ts'
import { addArtisan, artisan } from './helpers/admin-leads.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient } from './helpers/artisan-area.ts'
import { readRows } from './helpers/database.ts'
import { hasGpsDirectory, type PhotoForm, photoWithGps, postPhoto, sendHugeUpload, smallPng } from './helpers/photo-uploads.ts'
import { publishChanges } from './helpers/profiles.ts'

const ADMIN = { email: 'profili@artigianimilano.it', password: 'password sicura profili 2026' }

// No poll within a test: a public page that follows a change shows that the change refreshed this process's pages itself.
const site = serveSignedInWithMail(ADMIN, { PUBLIC_PAGES_POLL_SECONDS: '600' }, (env) => startApp(env))

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(site.server.databasePath, query, ...params)
const publicVersion = () => rows<{ value: string }>("select value from app_settings where key = 'public_profiles_version'")[0]?.value ?? '0'

let serial = 0
/** A craftsman of the register with a published profile, and a client and cookie signed in to their area. */
async function craftsman({ published = true }: { published?: boolean } = {}) {
  serial += 1
  const email = `profilo${serial}@artigiani.example`
  const id = await addArtisan(site.server.databasePath, artisan({ email, companyName: `Serramenti Rossi ${serial}`, contactName: `Marco Rossi ${serial}` }))
  const slug = `serramenti-rossi-${serial}`
  const now = new Date().toISOString()
  await site.server.db
    .insertInto('artisan_profiles')
    .values({
      artisan_id: id,
      slug,
      description: 'Serramenti in legno dal 1990.',
      consent_at: now,
      consent_text: PROFILE_CONSENT_TEXT,
      published_at: published ? now : null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await publishChanges(site.server.db)
  const { cookie, trpc } = artisanClient(site.server.url, site.server.databasePath, id)
  return { id, email, slug, cookie, area: trpc.area }
}

let month = 0
async function review(artisanId: number, patch: { status?: 'published' | 'pending' | 'hidden'; comment?: string; hidden_reason?: string } = {}) {
  const status = patch.status ?? 'published'
  const now = new Date().toISOString()
  const row = await site.server.db
    .insertInto('reviews')
    .values({
      artisan_id: artisanId,
      stars: 4,
      comment: patch.comment ?? 'Lavoro ben fatto, puntuale.',
      author_label: 'Giulia B.',
      comune: 'Monza',
      service_name: 'Serramentista',
      job_month: `2026-${String((month++ % 9) + 1).padStart(2, '0')}`,
      status,
      hidden_reason: patch.hidden_reason ?? null,
      created_at: now,
      published_at: status === 'published' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await publishChanges(site.server.db)
  return row.id
}

/** Everything a craftsman's change may write: their proposals, profile, photos, reviews' replies and reports, audit, the office's mails. */
const stateOf = (id: number) => ({
  changes: rows('select id, kind, review_id, text, photo_caption, status, refusal_reason from artisan_profile_changes where artisan_id = ? order by id', id),
  profile: rows('select description, published_at from artisan_profiles where artisan_id = ?', id),
  photos: rows('select id, position, caption from artisan_photos where artisan_id = ? order by position', id),
  replies: rows('select id, reply from reviews where artisan_id = ? order by id', id),
  reports: rows('select r.review_id, r.reason from review_reports r join reviews v on v.id = r.review_id where v.artisan_id = ? order by r.id', id),
  audit: rows<{ n: number }>("select count(*) as n from audit_log where entity_type = 'artisan' and entity_id = ?", String(id))[0]!.n,
  mails: rows<{ n: number }>("select count(*) as n from email_outbox where category = 'profile-change'")[0]!.n,
  version: publicVersion(),
})

const publicPage = async (slug: string) => {
  const response = await fetch(`${site.server.url}/artigiani/${slug}`)
  expect(response.status).toBe(200)
  return response.text()
}

const auditOf = (id: number) =>
  rows<{ action: string; actor_kind: string; actor_id: string }>(
    "select action, actor_kind, actor_id from audit_log where entity_type = 'artisan' and entity_id = ? order by id",
    String(id),
  )

describe('Profilo: the public description', () => {
  it('shows what the public page shows with its link, and a new description waits for the office, which is mailed once', async () => {
    const { id, slug, area } = await craftsman()
    expect(await area.profile.get.query()).toMatchObject({
      published: true,
      publicPath: `/artigiani/${slug}`,
      description: 'Serramenti in legno dal 1990.',
      photos: [],
      pending: [],
      refused: [],
      photoCount: 0,
      maxPhotos: MAX_PORTFOLIO_PHOTOS,
    })
    const mails = stateOf(id).mails
    const typed = '<b>Serramenti</b> <script>alert(1)</script> in legno e PVC: https://esempio.example'
    await area.profile.proposeDescription.mutate({ description: `  ${typed}\r\n ` })
    const profile = await area.profile.get.query()
    expect(profile.description).toBe('Serramenti in legno dal 1990.')
    expect(profile.pending).toMatchObject([{ kind: 'description', text: typed, status: 'pending' }])
    expect(await publicPage(slug)).not.toContain('PVC')
    // A second proposal replaces the one waiting; the office is mailed for the first of a batch only.
    await area.profile.proposeDescription.mutate({ description: `${typed} Preventivi gratuiti.` })
    expect((await area.profile.get.query()).pending).toHaveLength(1)
    expect(stateOf(id).mails).toBe(mails + 1)
    await expect
      .poll(async () => (await site.ses.emails()).filter((mail) => mail.subject === `Modifica del profilo da approvare: Serramenti Rossi ${serial}`).length)
      .toBe(1)
    const [mail] = (await site.ses.emails()).filter((m) => m.subject === `Modifica del profilo da approvare: Serramenti Rossi ${serial}`)
    expect(mail!.destination.to).toEqual(['richieste@artigianimilano.it'])
    expect(mail!.body.text).toContain('/admin/reviews/profile-changes')

    // The office: the count in its menu, the queue, Approva.
    expect((await site.trpc.admin.profileChanges.waiting.query()).waiting).toBeGreaterThanOrEqual(1)
    const queued = (await site.trpc.admin.profileChanges.queue.query()).rows.find((row) => row.artisan_id === id)!
    expect(queued).toMatchObject({ kind: 'description', text: `${typed} Preventivi gratuiti.`, current_description: 'Serramenti in legno dal 1990.' })
    const version = Number(publicVersion())
    await site.trpc.admin.profileChanges.approve.mutate({ changeId: queued.id })
    expect(Number(publicVersion())).toBe(version + 1)
    expect((await area.profile.get.query()).description).toBe(`${typed} Preventivi gratuiti.`)
    // Shown as text on the public page: escaped, no tag of it, no link made of the address.
    const html = await publicPage(slug)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('href="https://esempio.example')
    expect(await errorOf(site.trpc.admin.profileChanges.approve.mutate({ changeId: queued.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Questa modifica è già stata decisa: aggiorna la pagina.',
    })
    expect(auditOf(id).map((entry) => [entry.action, entry.actor_kind])).toEqual([
      ['profile_change_proposed', 'artisan'],
      ['profile_change_proposed', 'artisan'],
      ['profile_change_approved', 'administrator'],
    ])
    expect(auditOf(id)[0]!.actor_id).toBe(String(id))
    // The office's craftsman page shows the craftsman's changes in its history.
    const history = (await site.trpc.admin.artisans.byId.query({ id })).history
    expect(history.filter((entry) => entry.action === 'profile_change_proposed')).toHaveLength(2)
  })

  it('a refusal keeps the public text and tells the craftsman why; the reason is required', async () => {
    const { id, area } = await craftsman()
    await area.profile.proposeDescription.mutate({ description: 'Il migliore di Milano, chiamate il 333 1234567!' })
    const { changeId } = (await area.profile.get.query()).pending.map((change) => ({ changeId: change.id }))[0]!
    const before = stateOf(id)
    expect(await errorOf(site.trpc.admin.profileChanges.refuse.mutate({ changeId, reason: '   ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: "Scrivi il motivo del rifiuto: l'artigiano lo leggerà.",
    })
    expect(stateOf(id)).toEqual(before)
    await site.trpc.admin.profileChanges.refuse.mutate({ changeId, reason: 'Niente numeri di telefono nella descrizione pubblica.' })
    const profile = await area.profile.get.query()
    expect(profile.description).toBe('Serramenti in legno dal 1990.')
    expect(profile.pending).toEqual([])
    expect(profile.refused).toMatchObject([{ kind: 'description', refusal_reason: 'Niente numeri di telefono nella descrizione pubblica.' }])
  })

  it('a craftsman without a public profile prepares one: the approved description starts it, unpublished, with its proposed address', async () => {
    serial += 1
    const id = await addArtisan(
      site.server.databasePath,
      artisan({ email: `senza.profilo${serial}@artigiani.example`, companyName: `Idraulica Verdi ${serial}` }),
    )
    const { area } = artisanClient(site.server.url, site.server.databasePath, id).trpc
    expect(await area.profile.get.query()).toMatchObject({ published: false, publicPath: null, consent: false, description: null })
    await area.profile.proposeDescription.mutate({ description: 'Idraulico a Sesto San Giovanni: perdite, caldaie, bagni.' })
    const change = (await site.trpc.admin.profileChanges.queue.query()).rows.find((row) => row.artisan_id === id)!
    expect(change).toMatchObject({ current_description: null, published_at: null })
    await site.trpc.admin.profileChanges.approve.mutate({ changeId: change.id })
    expect(rows('select slug, description, published_at from artisan_profiles where artisan_id = ?', id)).toEqual([
      { slug: `idraulica-verdi-${serial}`, description: 'Idraulico a Sesto San Giovanni: perdite, caldaie, bagni.', published_at: null },
    ])
    expect(await area.profile.get.query()).toMatchObject({
      published: false,
      publicPath: null,
      description: 'Idraulico a Sesto San Giovanni: perdite, caldaie, bagni.',
    })
  })

  const badDescriptions: Array<[string, string, string]> = [
    [
      'of 5,000 characters with HTML',
      `<p>${'Serramenti <a href="https://x.example">qui</a> '.repeat(120)}</p>`,
      'La descrizione pubblica può contenere al massimo 2000 caratteri.',
    ],
    ['empty', '  \n ', 'Scrivi la descrizione del tuo lavoro.'],
  ]
  for (const [what, description, message] of badDescriptions) {
    it(`refuses a description ${what} with the Italian message and stores nothing`, async () => {
      const { id, area } = await craftsman()
      const before = stateOf(id)
      expect(await errorOf(area.profile.proposeDescription.mutate({ description }))).toMatchObject({ code: 'BAD_REQUEST', message })
      expect(stateOf(id)).toEqual(before)
    })
  }
})

const photosUrl = () => `${site.server.url}/artigiano/uploads/photos`
const upload = (cookie: string, file: Blob, form: PhotoForm = {}) => postPhoto(photosUrl(), cookie, file, form)
const sendHuge = (cookie: string, { declareLength }: { declareLength: boolean }) => sendHugeUpload(photosUrl(), cookie, { megabytes: 40, declareLength })

describe('Profilo: portfolio photos', () => {
  it('a phone photo waits for the office resized and without GPS or EXIF, never on the public page until approved', async () => {
    const owner = await craftsman()
    const other = await craftsman()
    const original = await photoWithGps()
    expect(hasGpsDirectory((await sharp(original).metadata()).exif)).toBe(true)
    const version = publicVersion()

    const response = await upload(owner.cookie, new Blob([original], { type: 'image/jpeg' }), { caption: '  Finestre   a Monza ' })
    expect(response.status).toBe(201)
    const { changeId } = (await response.json()) as { changeId: number }
    const [stored] = rows<{ photo_content: Buffer; photo_content_type: string; photo_width: number; photo_caption: string; status: string }>(
      'select photo_content, photo_content_type, photo_width, photo_caption, status from artisan_profile_changes where id = ?',
      changeId,
    )
    expect(stored).toMatchObject({ photo_content_type: 'image/webp', photo_width: 1600, photo_caption: 'Finestre a Monza', status: 'pending' })
    const metadata = await sharp(stored!.photo_content).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1200 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(stored!.photo_content.includes(Buffer.from('FotoTelefono'))).toBe(false)
    expect(rows('select id from artisan_photos where artisan_id = ?', owner.id)).toEqual([])
    expect(publicVersion()).toBe(version)

    // Its owner and the office see it; another craftsman, a visitor and an administrator's cookie in the area do not.
    const own = await fetch(`${site.server.url}/artigiano/pending-photos/${changeId}`, { headers: { cookie: owner.cookie } })
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(Buffer.from(await own.arrayBuffer()).equals(stored!.photo_content)).toBe(true)
    expect((await fetch(`${site.server.url}/artigiano/pending-photos/${changeId}`, { headers: { cookie: other.cookie } })).status).toBe(404)
    expect((await fetch(`${site.server.url}/artigiano/pending-photos/${changeId}`)).status).toBe(401)
    expect((await fetch(`${site.server.url}/artigiano/pending-photos/${changeId}`, { headers: { cookie: site.cookie } })).status).toBe(401)
    expect((await fetch(`${site.server.url}/admin/profile-changes/${changeId}/photo`, { headers: { cookie: site.cookie } })).status).toBe(200)
    expect((await fetch(`${site.server.url}/admin/profile-changes/${changeId}/photo`, { headers: { cookie: owner.cookie } })).status).toBe(401)
    expect((await owner.area.profile.get.query()).pending).toMatchObject([{ id: changeId, kind: 'photo', photoPath: `/artigiano/pending-photos/${changeId}` }])

    await site.trpc.admin.profileChanges.approve.mutate({ changeId })
    const [photo] = rows<{ id: number; content: Buffer; caption: string }>('select id, content, caption from artisan_photos where artisan_id = ?', owner.id)
    expect(photo!.content.equals(stored!.photo_content)).toBe(true)
    expect(photo!.caption).toBe('Finestre a Monza')
    expect(rows('select photo_content from artisan_profile_changes where id = ?', changeId)).toEqual([{ photo_content: null }])
    expect(Number(publicVersion())).toBe(Number(version) + 1)
    expect(await publicPage(owner.slug)).toContain(`/artigiani/foto/${photo!.id}-`)
    const ownPhoto = await fetch(`${site.server.url}/artigiano/photos/${photo!.id}`, { headers: { cookie: owner.cookie } })
    expect(ownPhoto.status).toBe(200)
    expect((await fetch(`${site.server.url}/artigiano/photos/${photo!.id}`, { headers: { cookie: other.cookie } })).status).toBe(404)
  })

  const notImages: Array<[string, Blob, string, string]> = [
    [
      'a PDF named .jpg',
      new Blob(['%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'], { type: 'image/jpeg' }),
      'lavoro.jpg',
      'Il file non è una foto: puoi caricare immagini JPEG, PNG, WebP o AVIF.',
    ],
    ['an empty file', new Blob([]), 'vuota.jpg', 'Scegli una foto da caricare.'],
  ]
  for (const [what, blob, name, message] of notImages) {
    it(`refuses ${what} with the Italian message and stores nothing`, async () => {
      const { id, cookie } = await craftsman()
      const before = stateOf(id)
      const response = await upload(cookie, blob, { name })
      expect(response.status).toBe(400)
      expect(await response.text()).toBe(message)
      expect(stateOf(id)).toEqual(before)
    })
  }

  it('refuses a 40 MB photo by its Content-Length before reading it, and one sent without a length as it passes the limit', async () => {
    const { id, cookie } = await craftsman()
    const before = stateOf(id)
    expect(await sendHuge(cookie, { declareLength: true })).toEqual({
      status: 413,
      text: 'La foto supera la dimensione massima di 10 MB.',
      written: 0,
      reset: false,
    })
    const refusals = () => site.server.logs.filter((line) => line.includes('"status":413') && line.includes('/artigiano/uploads/photos')).length
    const logged = refusals()
    const streamed = await sendHuge(cookie, { declareLength: false })
    if (!streamed.reset) expect(streamed).toMatchObject({ status: 413, text: 'La foto supera la dimensione massima di 10 MB.' })
    expect(streamed.written).toBeLessThan(30 * 1024 * 1024)
    await expect.poll(refusals).toBe(logged + 1)
    expect(stateOf(id)).toEqual(before)
  })

  it('refuses a photo from another site and one signed out, before reading the body', async () => {
    const { id, cookie } = await craftsman()
    const before = stateOf(id)
    const crossSite = await upload(cookie, new Blob([await smallPng(1)]), { source: null, name: 'a.png' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.text()).toBe('Richiesta non consentita.')
    const fromAnotherSite = await fetch(`${site.server.url}/artigiano/uploads/photos`, {
      method: 'POST',
      body: new FormData(),
      headers: { cookie, 'x-trpc-source': 'web', 'sec-fetch-site': 'cross-site' },
    })
    expect(fromAnotherSite.status).toBe(403)
    const signedOut = await upload('', new Blob([await smallPng(1)]), { name: 'a.png' })
    expect(signedOut.status).toBe(401)
    expect(await signedOut.text()).toBe("Accedi all'area artigiani per continuare.")
    // The office's session is not an area session.
    expect((await upload(site.cookie, new Blob([await smallPng(1)]), { name: 'a.png' })).status).toBe(401)
    const streamed = await sendHuge('artisan-session=contraffatta', { declareLength: false })
    if (!streamed.reset) expect(streamed).toMatchObject({ status: 401, text: "Accedi all'area artigiani per continuare." })
    expect(streamed.written).toBeLessThan(8 * 1024 * 1024)
    expect(stateOf(id)).toEqual(before)
  })

  it('takes as many photos as the office may, waiting ones counted; orders and removes published ones at once', async () => {
    const owner = await craftsman()
    const other = await craftsman()
    for (let i = 0; i < MAX_PORTFOLIO_PHOTOS; i++) expect((await upload(owner.cookie, new Blob([await smallPng(i)]), { name: `${i}.png` })).status).toBe(201)
    const before = stateOf(owner.id)
    const thirteenth = await upload(owner.cookie, new Blob([await smallPng(13)]), { name: '13.png' })
    expect(thirteenth.status).toBe(400)
    expect(await thirteenth.text()).toBe("Puoi caricare al massimo 12 foto: rimuovine una per aggiungerne un'altra.")
    expect(stateOf(owner.id)).toEqual(before)
    expect((await owner.area.profile.get.query()).photoCount).toBe(MAX_PORTFOLIO_PHOTOS)

    const pending = (await owner.area.profile.get.query()).pending
    await site.trpc.admin.profileChanges.approve.mutate({ changeId: pending[0]!.id })
    await site.trpc.admin.profileChanges.approve.mutate({ changeId: pending[1]!.id })
    await site.trpc.admin.profileChanges.refuse.mutate({ changeId: pending[2]!.id, reason: 'Si vede la targa di un’auto.' })
    // A waiting photo withdrawn by its owner leaves the office's queue and frees its place.
    await owner.area.profile.withdraw.mutate({ changeId: pending[3]!.id })
    expect(rows('select status, photo_content from artisan_profile_changes where id = ?', pending[3]!.id)).toEqual([
      { status: 'withdrawn', photo_content: null },
    ])
    expect((await owner.area.profile.get.query()).photoCount).toBe(MAX_PORTFOLIO_PHOTOS - 2)

    const order = () => rows<{ id: number }>('select id from artisan_photos where artisan_id = ? order by position', owner.id).map((photo) => photo.id)
    const [first, second] = order()
    let version = Number(publicVersion())
    await owner.area.profile.movePhoto.mutate({ photoId: second!, direction: 'up' })
    expect(order()).toEqual([second, first])
    expect(Number(publicVersion())).toBe(++version)
    await owner.area.profile.removePhoto.mutate({ photoId: second! })
    expect(order()).toEqual([first])
    expect(Number(publicVersion())).toBe(++version)
    expect(auditOf(owner.id).slice(-2)).toMatchObject([
      { action: 'photo_move', actor_kind: 'artisan' },
      { action: 'photo_remove', actor_kind: 'artisan' },
    ])

    // Another craftsman's ids: refused as unknown, nothing changed for either.
    const ownerBefore = stateOf(owner.id)
    const otherBefore = stateOf(other.id)
    const waiting = (await owner.area.profile.get.query()).pending[0]!.id
    expect(await errorOf(other.area.profile.movePhoto.mutate({ photoId: first!, direction: 'down' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Foto non trovata.',
    })
    expect(await errorOf(other.area.profile.removePhoto.mutate({ photoId: first! }))).toMatchObject({ code: 'NOT_FOUND', message: 'Foto non trovata.' })
    expect(await errorOf(other.area.profile.withdraw.mutate({ changeId: waiting }))).toMatchObject({ code: 'NOT_FOUND', message: 'Modifica non trovata.' })
    expect(stateOf(owner.id)).toEqual(ownerBefore)
    expect(stateOf(other.id)).toEqual(otherBefore)
  })
})

describe('Recensioni', () => {
  it('lists every review of the craftsman with its state, and only theirs; the words only of those the public reads', async () => {
    const { id, area } = await craftsman()
    const other = await craftsman()
    const published = await review(id)
    const hidden = await review(id, { status: 'hidden', hidden_reason: 'insulti', comment: 'Parole offensive' })
    const waiting = await review(id, { status: 'pending', comment: 'In attesa di verifica' })
    await review(other.id, { comment: 'Di un altro artigiano' })
    const list = await area.reviews.list.query({ page: 1 })
    expect(list.total).toBe(3)
    expect(list.rows.map((row) => [row.id, row.status, row.hidden_reason, row.comment, row.textWithheld])).toEqual([
      [waiting, 'pending', null, null, true],
      [hidden, 'hidden', 'insulti', null, true],
      [published, 'published', null, 'Lavoro ben fatto, puntuale.', false],
    ])
    for (const words of ['Di un altro artigiano', 'Parole offensive', 'In attesa di verifica']) expect(JSON.stringify(list)).not.toContain(words)
  })

  it('a reply waits for the office, is stored as typed and shown escaped, never as a link; one per review', async () => {
    const { id, slug, area } = await craftsman()
    const reviewId = await review(id, { comment: 'Ottimo lavoro sulle finestre.' })
    const before = stateOf(id)
    const html = '<a href="https://truffa.example">Clicca</a> <img src=x onerror=alert(1)> www.esempio.example '
    const long = html.repeat(Math.ceil(5000 / html.length)).slice(0, 5000)
    expect(await errorOf(area.reviews.reply.mutate({ reviewId, reply: long }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'La risposta può contenere al massimo 2000 caratteri.',
    })
    expect(await errorOf(area.reviews.reply.mutate({ reviewId, reply: ' \n ' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Scrivi la tua risposta.' })
    expect(stateOf(id)).toEqual(before)

    const reply = `Grazie Giulia! ${html}https://serramenti.example`
    await area.reviews.reply.mutate({ reviewId, reply })
    expect(rows('select text, status from artisan_profile_changes where review_id = ?', reviewId)).toEqual([{ text: reply, status: 'pending' }])
    expect(rows('select reply from reviews where id = ?', reviewId)).toEqual([{ reply: null }])
    expect((await area.reviews.list.query({ page: 1 })).rows[0]).toMatchObject({ reply: null, pendingReply: { text: reply } })

    const waiting = stateOf(id)
    expect(await errorOf(area.reviews.reply.mutate({ reviewId, reply: 'Seconda risposta' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Hai già risposto a questa recensione: si può rispondere una sola volta.',
    })
    expect(stateOf(id)).toEqual(waiting)

    const change = (await site.trpc.admin.profileChanges.queue.query()).rows.find((row) => row.review_id === reviewId)!
    expect(change).toMatchObject({ kind: 'reply', text: reply, review_comment: 'Ottimo lavoro sulle finestre.' })
    await site.trpc.admin.profileChanges.approve.mutate({ changeId: change.id })
    expect(rows('select reply from reviews where id = ?', reviewId)).toEqual([{ reply }])
    const page = await publicPage(slug)
    expect(page).toContain('Grazie Giulia! &lt;a href=&quot;https://truffa.example&quot;&gt;Clicca&lt;/a&gt;')
    expect(page).not.toContain('href="https://truffa.example"')
    expect(page).not.toContain('href="https://serramenti.example"')
    expect(page).not.toContain('<img src=x')

    const answered = stateOf(id)
    expect(await errorOf(area.reviews.reply.mutate({ reviewId, reply: 'Un’altra risposta' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Hai già risposto a questa recensione: si può rispondere una sola volta.',
    })
    expect(stateOf(id)).toEqual(answered)
    // The office's own way of typing a reply stays, and refuses a second one too.
    expect(await errorOf(site.trpc.admin.reviews.reply.mutate({ id: reviewId, reply: 'Dall’ufficio' }))).toMatchObject({ code: 'CONFLICT' })
  })

  it('a refused reply shows why, and the craftsman may write another; only a published review takes one', async () => {
    const { id, area } = await craftsman()
    const reviewId = await review(id)
    await area.reviews.reply.mutate({ reviewId, reply: 'Il cliente mente, chiamatemi al 333 1234567.' })
    const change = (await site.trpc.admin.profileChanges.queue.query()).rows.find((row) => row.review_id === reviewId)!
    await site.trpc.admin.profileChanges.refuse.mutate({ changeId: change.id, reason: 'Niente numeri di telefono nelle risposte.' })
    expect((await area.reviews.list.query({ page: 1 })).rows[0]).toMatchObject({
      pendingReply: null,
      refusedReply: { text: 'Il cliente mente, chiamatemi al 333 1234567.', refusal_reason: 'Niente numeri di telefono nelle risposte.' },
    })
    await area.reviews.reply.mutate({ reviewId, reply: 'Mi dispiace per il ritardo, grazie del giudizio.' })
    expect((await area.reviews.list.query({ page: 1 })).rows[0]).toMatchObject({
      refusedReply: null,
      pendingReply: { text: 'Mi dispiace per il ritardo, grazie del giudizio.' },
    })

    const pendingReview = await review(id, { status: 'pending' })
    const before = stateOf(id)
    expect(await errorOf(area.reviews.reply.mutate({ reviewId: pendingReview, reply: 'Grazie' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Puoi rispondere solo a una recensione pubblicata.',
    })
    expect(stateOf(id)).toEqual(before)
  })

  it('reports a review that breaks the policy once, with a reason of the policy; the office sees it in its queue', async () => {
    const { id, area } = await craftsman()
    const reviewId = await review(id, { comment: 'Ladro e incompetente!' })
    const before = stateOf(id)
    expect(await errorOf(area.reviews.report.mutate({ reviewId, reason: 'spam' as 'insulti' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Scegli il motivo della segnalazione.',
    })
    expect(await errorOf(area.reviews.report.mutate({ reviewId, reason: 'altro', note: 'x'.repeat(1001) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'La nota può contenere al massimo 1000 caratteri.',
    })
    expect(stateOf(id)).toEqual(before)
    await area.reviews.report.mutate({ reviewId, reason: 'insulti', note: 'Mi dà del ladro.' })
    expect(rows('select reason, note, reporter from review_reports where review_id = ?', reviewId)).toEqual([
      { reason: 'insulti', note: 'Mi dà del ladro.', reporter: `artisan:${id}` },
    ])
    expect((await area.reviews.list.query({ page: 1 })).rows[0]).toMatchObject({ id: reviewId, reported: true })
    const queue = await site.trpc.admin.reviews.queue.query()
    expect(queue.reported.find((entry) => entry.id === reviewId)?.reports).toMatchObject([{ reason: 'insulti', note: 'Mi dà del ladro.', byArtisan: true }])
    expect(auditOf(id).at(-1)).toMatchObject({ action: 'review_report', actor_kind: 'artisan' })

    const hidden = await review(id, { status: 'hidden', hidden_reason: 'insulti' })
    const reported = stateOf(id)
    expect(await errorOf(area.reviews.report.mutate({ reviewId, reason: 'fuori_tema' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Hai già segnalato questa recensione: la stiamo esaminando. Non serve segnalarla di nuovo.',
    })
    expect(await errorOf(area.reviews.report.mutate({ reviewId: hidden, reason: 'insulti' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Puoi segnalare solo una recensione pubblicata.',
    })
    expect(stateOf(id)).toEqual(reported)
  })

  it("refuses another craftsman's review ids as unknown and changes nothing", async () => {
    const owner = await craftsman()
    const other = await craftsman()
    const reviewId = await review(owner.id)
    const ownerBefore = stateOf(owner.id)
    const otherBefore = stateOf(other.id)
    const unknown = { code: 'NOT_FOUND', message: 'Recensione non trovata.' }
    expect(await errorOf(other.area.reviews.reply.mutate({ reviewId, reply: 'Grazie!' }))).toMatchObject(unknown)
    expect(await errorOf(other.area.reviews.report.mutate({ reviewId, reason: 'insulti' }))).toMatchObject(unknown)
    expect(stateOf(owner.id)).toEqual(ownerBefore)
    expect(stateOf(other.id)).toEqual(otherBefore)
  })
})

describe('the area signed out and the office', () => {
  it('answers every procedure signed out with UNAUTHORIZED and the office’s procedures to a craftsman with UNAUTHORIZED', async () => {
    const anonymous = trpcClient(site.server.url).area
    const expected = { code: 'UNAUTHORIZED', message: "Accedi all'area artigiani per continuare." }
    expect(await errorOf(anonymous.profile.get.query())).toMatchObject(expected)
    expect(await errorOf(anonymous.profile.proposeDescription.mutate({ description: 'Ciao' }))).toMatchObject(expected)
    expect(await errorOf(anonymous.profile.movePhoto.mutate({ photoId: 1, direction: 'up' }))).toMatchObject(expected)
    expect(await errorOf(anonymous.profile.removePhoto.mutate({ photoId: 1 }))).toMatchObject(expected)
    expect(await errorOf(anonymous.profile.withdraw.mutate({ changeId: 1 }))).toMatchObject(expected)
    expect(await errorOf(anonymous.reviews.list.query({ page: 1 }))).toMatchObject(expected)
    expect(await errorOf(anonymous.reviews.reply.mutate({ reviewId: 1, reply: 'Ciao' }))).toMatchObject(expected)
    expect(await errorOf(anonymous.reviews.report.mutate({ reviewId: 1, reason: 'insulti' }))).toMatchObject(expected)
    const { cookie } = await craftsman()
    const asCraftsman = trpcClient(site.server.url, cookie).admin.profileChanges
    expect(await errorOf(asCraftsman.queue.query())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await errorOf(asCraftsman.approve.mutate({ changeId: 1 }))).toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('writes no e-mail, description, reply or caption into the logs', () => {
    const logs = site.server.logs.join('\n')
    expect(logs).toContain('artisan proposed a reply')
    expect(logs).toContain('profile change approved')
    expect(logs).not.toMatch(/artigiani\.example|Grazie Giulia|Finestre a Monza|Preventivi gratuiti|Mi dà del ladro/)
  })
})
