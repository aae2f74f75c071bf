import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_PORTFOLIO_PHOTOS, PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { startApp } from './helpers/app.ts'
import { errorOf, serveSignedIn } from './helpers/admin.ts'
import { readRows } from './helpers/database.ts'
import { hasGpsDirectory, type PhotoForm, photoWithGps, postPhoto, sendHugeUpload, smallPng } from './helpers/photo-uploads.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura profili' }
// No poll within a test: a public page that follows a change shows that the change refreshed this process's pages itself.
const signedIn = serveSignedIn(ADMIN, { PUBLIC_PAGES_POLL_SECONDS: '600' }, startApp)
const profileStatus = async (slug: string) => (await fetch(`${signedIn.server.url}/artigiani/${slug}`)).status

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(signedIn.server.databasePath, query, ...params)
const publicVersion = () => rows<{ value: string }>("select value from app_settings where key = 'public_profiles_version'")[0]?.value ?? '0'
const auditCount = (artisanId: number) =>
  rows<{ n: number }>("select count(*) as n from audit_log where entity_type = 'artisan' and entity_id = ?", String(artisanId))[0]!.n
const profileOf = (artisanId: number) => rows<Record<string, unknown>>('select * from artisan_profiles where artisan_id = ?', artisanId)[0]

/** A valid Partita IVA (its check digit holds) and one whose check digit does not. */
const VALID_VAT = '00743110157'
const WRONG_CHECK_DIGIT = '01234567890'

let serial = 0
async function createArtisan(patch: Record<string, unknown> = {}) {
  serial += 1
  const artisan = await signedIn.trpc.admin.artisans.create.mutate({
    contact_name: 'Giulia Bianchi',
    company_name: 'Bianchi Serramenti',
    vat_number: VALID_VAT,
    email: `giulia${serial}@bianchi-serramenti.it`,
    phone: `+39 333 55500${String(serial).padStart(2, '0')}`,
    specialization_sectors: ['Serramentista'],
    operative_zones: 'Milano, Monza',
    status: 'active',
    is_verified: true,
    profile_image_url: '',
    notes: '',
    ...patch,
  } as Parameters<typeof signedIn.trpc.admin.artisans.create.mutate>[0])
  return artisan.id
}

/** What must not move when a change is refused: the profile row, the public version and the artisan's audit entries. */
function snapshot(artisanId: number) {
  return { profile: profileOf(artisanId) ?? null, version: publicVersion(), audit: auditCount(artisanId), photos: photoCount(artisanId) }
}
const photoCount = (artisanId: number) => rows<{ n: number }>('select count(*) as n from artisan_photos where artisan_id = ?', artisanId)[0]!.n

describe("a craftsman's public profile in the back office", () => {
  it('proposes a slug from the company name, unique among profiles, and stores one the office types', async () => {
    const first = await createArtisan({ company_name: "Fabbro D'Angelo & Figli" })
    expect((await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId: first })).proposedSlug).toBe('fabbro-d-angelo-figli')
    await signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId: first, slug: 'fabbro-d-angelo-figli' })
    const second = await createArtisan({ company_name: 'Fabbro D’Angelo & Figli' })
    expect((await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId: second })).proposedSlug).toBe('fabbro-d-angelo-figli-2')
    const noCompany = await createArtisan({ company_name: '', contact_name: 'Lù' })
    expect((await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId: noCompany })).proposedSlug).toBe('artigiano-lu')
  })

  const badSlugs: Array<[string, string, string]> = [
    ['two characters', 'ab', "L'indirizzo del profilo deve avere da 3 a 60 caratteri."],
    ['61 characters', 'a'.repeat(61), "L'indirizzo del profilo deve avere da 3 a 60 caratteri."],
    ['10,000 characters', 'a-'.repeat(5000), "L'indirizzo del profilo deve avere da 3 a 60 caratteri."],
    [
      'capitals',
      'Rossi-Impianti',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'an accent',
      'città-impianti',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'a space',
      'rossi impianti',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'a slash',
      'rossi/../admin',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'a leading dash',
      '-rossi',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'a trailing dash',
      'rossi-',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'two dashes in a row',
      'rossi--impianti',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
    [
      'an underscore',
      'rossi_impianti',
      "L'indirizzo del profilo può contenere solo lettere minuscole senza accenti, cifre e trattini singoli, non all'inizio né alla fine.",
    ],
  ]
  for (const [what, slug, message] of badSlugs) {
    it(`refuses a slug with ${what} with the Italian message and stores nothing`, async () => {
      const artisanId = await createArtisan()
      const before = snapshot(artisanId)
      const error = await errorOf(signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId, slug }))
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message })
      expect(snapshot(artisanId)).toEqual(before)
    })
  }

  it("refuses another craftsman's slug and changes nothing; a service's or a town's slug is fine under /artigiani/", async () => {
    const owner = await createArtisan()
    await signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId: owner, slug: 'idraulico' })
    const other = await createArtisan()
    await signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId: other, slug: 'milano' })
    const before = snapshot(other)
    const error = await errorOf(signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId: other, slug: 'idraulico' }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Questo indirizzo è già usato dal profilo di un altro artigiano: scegline un altro.' })
    expect(snapshot(other)).toEqual(before)
    expect(profileOf(other)).toMatchObject({ slug: 'milano' })
  })

  it('refuses to publish without consent, stores nothing, and says so in Italian', async () => {
    const artisanId = await createArtisan()
    const before = snapshot(artisanId)
    const error = await errorOf(signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId }))
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: "Non puoi pubblicare il profilo: manca il consenso dell'artigiano. Registra prima il consenso.",
    })
    expect(snapshot(artisanId)).toEqual({ ...before, profile: null })
    // With a profile started but no consent, the same.
    await signedIn.trpc.admin.artisanProfiles.setDescription.mutate({ artisanId, description: 'Serramenti in legno e alluminio.' })
    const started = snapshot(artisanId)
    expect((await errorOf(signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId }))).message).toContain('manca il consenso')
    expect(snapshot(artisanId)).toEqual(started)
  })

  it('refuses to publish a craftsman who is not active, even with consent', async () => {
    const artisanId = await createArtisan({ status: 'pending_review' })
    await signedIn.trpc.admin.artisanProfiles.recordConsent.mutate({ artisanId })
    const before = snapshot(artisanId)
    const error = await errorOf(signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Puoi pubblicare solo il profilo di un artigiano con stato Attivo.' })
    expect(snapshot(artisanId)).toEqual(before)
  })

  it('records consent with its text, day and administrator; publishes; freezes the slug; unpublishes; withdrawing consent unpublishes', async () => {
    const artisanId = await createArtisan({ company_name: 'Vetreria Colombo' })
    const version = Number(publicVersion())
    await signedIn.trpc.admin.artisanProfiles.recordConsent.mutate({ artisanId, day: '2026-11-20' })
    const adminId = rows<{ id: string }>('select id from admin_users where email = ?', ADMIN.email)[0]!.id
    expect(profileOf(artisanId)).toMatchObject({
      slug: 'vetreria-colombo',
      consent_at: '2026-11-20T12:00:00.000Z',
      consent_text: PROFILE_CONSENT_TEXT,
      consent_recorded_by: adminId,
      published_at: null,
    })
    expect(Number(publicVersion())).toBe(version + 1)
    const view = await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId })
    expect(view).toMatchObject({ consentRecordedBy: ADMIN.email, slugEditable: true, consentText: PROFILE_CONSENT_TEXT })

    expect(await profileStatus('vetreria-colombo')).toBe(404)
    await signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId })
    expect(profileOf(artisanId)!.published_at).toEqual(expect.any(String))
    expect(await profileStatus('vetreria-colombo')).toBe(200)
    expect((await signedIn.trpc.admin.artisans.list.query({ contact: 'Giulia' })).rows.find((row) => row.id === artisanId)?.public_profile).toBe(true)
    const frozen = await errorOf(signedIn.trpc.admin.artisanProfiles.setSlug.mutate({ artisanId, slug: 'altro-indirizzo' }))
    expect(frozen.message).toBe("L'indirizzo non si può più cambiare: il profilo è già stato pubblicato e i link esistenti devono continuare a funzionare.")
    expect(profileOf(artisanId)!.slug).toBe('vetreria-colombo')

    await signedIn.trpc.admin.artisanProfiles.unpublish.mutate({ artisanId })
    expect(profileOf(artisanId)).toMatchObject({ published_at: null, unpublished_at: expect.any(String), slug: 'vetreria-colombo' })
    expect(await profileStatus('vetreria-colombo')).toBe(410)
    expect((await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId })).slugEditable).toBe(false)

    await signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId })
    expect(profileOf(artisanId)).toMatchObject({ published_at: expect.any(String), unpublished_at: null })
    expect(await signedIn.trpc.admin.artisanProfiles.withdrawConsent.mutate({ artisanId })).toEqual({ ok: true, unpublished: true })
    expect(profileOf(artisanId)).toMatchObject({
      consent_at: null,
      consent_text: null,
      consent_recorded_by: null,
      published_at: null,
      unpublished_at: expect.any(String),
    })
    expect(
      rows<{ action: string; actor_email: string }>(
        "select action, actor_email from audit_log where entity_type = 'artisan' and entity_id = ? and action like 'profile%' order by id",
        String(artisanId),
      ).map((row) => row.action),
    ).toEqual(['profile_consent', 'profile_publish', 'profile_unpublish', 'profile_publish', 'profile_consent_withdrawn'])
  })

  it('takes a published profile down when the craftsman stops being active, and forgets a VAT check when the number changes', async () => {
    const artisanId = await createArtisan()
    await signedIn.trpc.admin.artisanProfiles.recordConsent.mutate({ artisanId })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'vat', checked: true })
    await signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId })
    const { artisan } = await signedIn.trpc.admin.artisans.byId.query({ id: artisanId })
    const values = { ...artisan, operative_zones: artisan.operative_zones.join(', '), profile_image_url: '', notes: '' }
    await signedIn.trpc.admin.artisans.update.mutate({ id: artisanId, values: { ...values, status: 'inactive', vat_number: '12345678903' } as never })
    expect(profileOf(artisanId)).toMatchObject({ published_at: null, unpublished_at: expect.any(String), vat_checked_at: null })
  })

  it('refuses a description over the limit and stores one within it as plain text', async () => {
    const artisanId = await createArtisan()
    const before = snapshot(artisanId)
    const error = await errorOf(signedIn.trpc.admin.artisanProfiles.setDescription.mutate({ artisanId, description: 'x'.repeat(2001) }))
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'La descrizione pubblica può contenere al massimo 2000 caratteri.' })
    expect(snapshot(artisanId)).toEqual(before)
    const hostile = '<script>alert(1)</script>\r\nVisita https://example.com o chiama 333 1234567'
    await signedIn.trpc.admin.artisanProfiles.setDescription.mutate({ artisanId, description: hostile })
    expect(profileOf(artisanId)!.description).toBe('<script>alert(1)</script>\nVisita https://example.com o chiama 333 1234567')
  })

  it('records the VAT check only for a well-formed Partita IVA, and each verification with its day, settable and clearable', async () => {
    const wrong = await createArtisan({ vat_number: WRONG_CHECK_DIGIT })
    const noVat = await createArtisan({ vat_number: '' })
    for (const artisanId of [wrong, noVat]) {
      expect((await signedIn.trpc.admin.artisanProfiles.byArtisan.query({ artisanId })).vatValid).toBe(false)
      const before = snapshot(artisanId)
      const error = await errorOf(signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'vat', checked: true }))
      expect(error).toMatchObject({
        code: 'BAD_REQUEST',
        message:
          "La partita IVA dell'artigiano non è valida (servono 11 cifre con la cifra di controllo corretta): correggila da “Modifica” prima di segnarla come verificata.",
      })
      expect(snapshot(artisanId)).toEqual(before)
    }

    const artisanId = await createArtisan({ vat_number: `IT ${VALID_VAT}` })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'vat', checked: true, day: '2026-11-02' })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'identity', checked: true })
    const noNote = await errorOf(signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'insurance', checked: true, note: '  ' }))
    expect(noNote.message).toBe("Scrivi una breve nota sull'assicurazione (compagnia, massimale o scadenza).")
    const future = await errorOf(
      signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'insurance', checked: true, note: 'RC', day: '2999-01-01' }),
    )
    expect(future.message).toBe('Indica una data valida, non futura.')
    const notADay = await errorOf(
      signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'insurance', checked: true, note: 'RC', day: '2026-02-30' }),
    )
    expect(notADay.message).toBe('Indica una data valida, non futura.')
    expect(profileOf(artisanId)).toMatchObject({ insurance_checked_at: null, insurance_note: null })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({
      artisanId,
      kind: 'insurance',
      checked: true,
      note: 'RC professionale, massimale 1 milione',
    })
    expect(profileOf(artisanId)).toMatchObject({
      vat_checked_at: '2026-11-02T12:00:00.000Z',
      identity_checked_at: expect.any(String),
      insurance_checked_at: expect.any(String),
      insurance_note: 'RC professionale, massimale 1 milione',
    })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'insurance', checked: false })
    await signedIn.trpc.admin.artisanProfiles.setVerification.mutate({ artisanId, kind: 'vat', checked: false })
    expect(profileOf(artisanId)).toMatchObject({
      vat_checked_at: null,
      insurance_checked_at: null,
      insurance_note: null,
      identity_checked_at: expect.any(String),
    })
  })

  it("answers 'Artigiano non trovato.' for a craftsman that does not exist, and refuses everyone signed out", async () => {
    expect(await errorOf(signedIn.trpc.admin.artisanProfiles.publish.mutate({ artisanId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Artigiano non trovato.',
    })
    const response = await fetch(`${signedIn.server.url}/trpc/admin.artisanProfiles.publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
      body: JSON.stringify({ artisanId: 1 }),
    })
    expect(response.status).toBe(401)
  })
})

const photosUrl = (artisanId: number) => `${signedIn.server.url}/admin/uploads/artisans/${artisanId}/photos`
const upload = (artisanId: number, file: Blob, { cookie = signedIn.cookie, ...form }: PhotoForm & { cookie?: string } = {}) =>
  postPhoto(photosUrl(artisanId), cookie, file, form)
const sendHuge = (artisanId: number, { declareLength, cookie = signedIn.cookie }: { declareLength: boolean; cookie?: string }) =>
  sendHugeUpload(photosUrl(artisanId), cookie, { megabytes: 50, declareLength })

describe('portfolio photos', () => {
  let artisanId: number
  beforeAll(async () => {
    artisanId = await createArtisan()
  })

  it('stores a JPEG resized to 1600 px as WebP, with no EXIF, GPS or other metadata left in the stored bytes', async () => {
    const original = await photoWithGps()
    const originalMetadata = await sharp(original).metadata()
    expect(hasGpsDirectory(originalMetadata.exif)).toBe(true)
    const version = Number(publicVersion())

    const response = await upload(artisanId, new Blob([original], { type: 'image/jpeg' }), { caption: '  Bagno   rifatto a Monza ' })
    expect(response.status).toBe(201)
    const stored = rows<{ content: Buffer; content_type: string; width: number; height: number; caption: string; size: number }>(
      'select content, content_type, width, height, caption, size from artisan_photos where artisan_id = ?',
      artisanId,
    )
    expect(stored).toHaveLength(1)
    const photo = stored[0]!
    expect(photo).toMatchObject({ content_type: 'image/webp', width: 1600, height: 1200, caption: 'Bagno rifatto a Monza', size: photo.content.length })
    const metadata = await sharp(photo.content).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1200 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(photo.content.includes(Buffer.from('FotoTelefono'))).toBe(false)
    expect(Number(publicVersion())).toBe(version + 1)
    expect(rows("select action from audit_log where entity_type = 'artisan' and entity_id = ? and action = 'photo_add'", String(artisanId))).toHaveLength(1)

    // The office's preview: signed in only.
    const id = rows<{ id: number }>('select id from artisan_photos where artisan_id = ?', artisanId)[0]!.id
    const preview = await fetch(`${signedIn.server.url}/admin/artisan-photos/${id}`, { headers: { cookie: signedIn.cookie } })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/webp')
    expect(Buffer.from(await preview.arrayBuffer()).equals(photo.content)).toBe(true)
    expect((await fetch(`${signedIn.server.url}/admin/artisan-photos/${id}`)).status).toBe(401)
  })

  const notImages: Array<[string, Blob, string, string]> = [
    [
      'text named .jpg',
      new Blob(['non sono una foto'], { type: 'image/jpeg' }),
      'foto.jpg',
      'Il file non è una foto: puoi caricare immagini JPEG, PNG, WebP o AVIF.',
    ],
    [
      'a PDF',
      new Blob(['%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'], { type: 'image/png' }),
      'lavoro.png',
      'Il file non è una foto: puoi caricare immagini JPEG, PNG, WebP o AVIF.',
    ],
    [
      'an SVG with a script',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
      'x.svg',
      'Il file non è una foto: puoi caricare immagini JPEG, PNG, WebP o AVIF.',
    ],
    [
      'a truncated JPEG',
      new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])]),
      'rotta.jpg',
      'La foto è danneggiata o non leggibile: prova con un altro file.',
    ],
    ['an empty file', new Blob([]), 'vuota.jpg', 'Scegli una foto da caricare.'],
    [
      "an iPhone's HEIC",
      new Blob([Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)])]),
      'IMG_0001.HEIC',
      "Le foto HEIC dell'iPhone non sono supportate: esportala in JPEG (su iPhone: Impostazioni › Fotocamera › Formati › Più compatibile) e caricala di nuovo.",
    ],
  ]
  for (const [what, blob, name, message] of notImages) {
    it(`refuses ${what} with the Italian message and stores nothing`, async () => {
      const before = snapshot(artisanId)
      const response = await upload(artisanId, blob, { name })
      expect(response.status).toBe(400)
      expect(await response.text()).toBe(message)
      expect(snapshot(artisanId)).toEqual(before)
    })
  }

  it('refuses a 50 MB upload by its Content-Length before reading a byte of it, with the Italian message', async () => {
    const before = snapshot(artisanId)
    const answer = await sendHuge(artisanId, { declareLength: true })
    expect(answer).toEqual({ status: 413, text: 'La foto supera la dimensione massima di 10 MB.', written: 0, reset: false })
    expect(snapshot(artisanId)).toEqual(before)
  })

  it('refuses a 50 MB upload sent without a length as soon as it passes the limit, and closes the connection', async () => {
    const before = snapshot(artisanId)
    const refusals = () =>
      signedIn.server.logs.filter((line) => line.includes('"status":413') && line.includes(`/admin/uploads/artisans/${artisanId}/photos`)).length
    const logged = refusals()
    const answer = await sendHuge(artisanId, { declareLength: false })
    // The answer when it arrived before the reset, and either way far less than the 50 MB sent (socket buffers aside).
    if (!answer.reset) expect(answer).toMatchObject({ status: 413, text: 'La foto supera la dimensione massima di 10 MB.' })
    expect(answer.written).toBeLessThan(30 * 1024 * 1024)
    await expect.poll(refusals).toBe(logged + 1)
    expect(snapshot(artisanId)).toEqual(before)
  })

  it('refuses an upload from another site (no header a form can send) and one signed out', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const before = snapshot(artisanId)
    const crossSite = await upload(artisanId, new Blob([png]), { source: null, name: 'a.png' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.text()).toBe('Richiesta non consentita.')
    const signedOut = await upload(artisanId, new Blob([png]), { cookie: '', name: 'a.png' })
    expect(signedOut.status).toBe(401)
    expect(await upload(999_999, new Blob([png]), { name: 'a.png' }).then((r) => r.status)).toBe(404)
    // Signed out, a streamed 50 MB body is answered before the server reads it (socket buffers aside).
    const streamed = await sendHuge(artisanId, { declareLength: false, cookie: 'session=contraffatta' })
    if (!streamed.reset) expect(streamed).toMatchObject({ status: 401, text: 'Accesso riservato agli amministratori.' })
    expect(streamed.written).toBeLessThan(8 * 1024 * 1024)
    expect(snapshot(artisanId)).toEqual(before)
  })

  it('takes at most 12 photos and refuses the 13th; moves, captions and removes them', async () => {
    const own = await createArtisan()
    for (let i = 0; i < MAX_PORTFOLIO_PHOTOS; i++) expect((await upload(own, new Blob([await smallPng(i)]), { name: `${i}.png` })).status).toBe(201)
    const before = snapshot(own)
    const thirteenth = await upload(own, new Blob([await smallPng(13)]), { name: '13.png' })
    expect(thirteenth.status).toBe(400)
    expect(await thirteenth.text()).toBe("Puoi caricare al massimo 12 foto: rimuovine una per aggiungerne un'altra.")
    expect(snapshot(own)).toEqual(before)

    const order = () => rows<{ id: number; width: number }>('select id, width from artisan_photos where artisan_id = ? order by position', own)
    const [first, second] = order()
    await signedIn.trpc.admin.artisanProfiles.movePhoto.mutate({ photoId: second!.id, direction: 'up' })
    expect(
      order()
        .slice(0, 2)
        .map((p) => p.id),
    ).toEqual([second!.id, first!.id])
    await signedIn.trpc.admin.artisanProfiles.movePhoto.mutate({ photoId: second!.id, direction: 'up' })
    expect(order()[0]!.id).toBe(second!.id)
    await signedIn.trpc.admin.artisanProfiles.setPhotoCaption.mutate({ photoId: first!.id, caption: 'Cucina su misura' })
    const tooLong = await errorOf(signedIn.trpc.admin.artisanProfiles.setPhotoCaption.mutate({ photoId: first!.id, caption: 'x'.repeat(141) }))
    expect(tooLong.message).toBe('La didascalia può contenere al massimo 140 caratteri.')
    expect(rows<{ caption: string }>('select caption from artisan_photos where id = ?', first!.id)[0]!.caption).toBe('Cucina su misura')
    await signedIn.trpc.admin.artisanProfiles.removePhoto.mutate({ photoId: first!.id })
    expect(order()).toHaveLength(MAX_PORTFOLIO_PHOTOS - 1)
    expect(await errorOf(signedIn.trpc.admin.artisanProfiles.removePhoto.mutate({ photoId: first!.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Foto non trovata.',
    })
    expect((await upload(own, new Blob([await smallPng(14)]), { name: '14.png' })).status).toBe(201)
  })

  it('writes no e-mail, phone or caption into the logs', () => {
    const logs = signedIn.server.logs.join('\n')
    expect(logs).toContain('portfolio photo added')
    expect(logs).toContain('artisan profile published')
    expect(logs).not.toMatch(/bianchi-serramenti\.it|\+39 333|Bagno rifatto|Cucina su misura/)
  })
})
