import sharp from 'sharp'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findLeadDetail } from '#server/repositories/admin-leads.ts'
import { insertArtisan } from '#server/repositories/artisans.ts'
import { insertLead } from '#server/repositories/leads.ts'
import { findMatchingArtisans } from '#server/repositories/matching.ts'
import { ERASED_AUTHOR, REVIEWS_PER_PAGE } from '#shared/reviews.ts'
import { startApp } from './helpers/app.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { artisan } from './helpers/admin-leads.ts'
import { readRows, serveRequests, solveCaptcha, validQuote, waitForEmails } from './helpers/requests.ts'
import { withCharacterChanged } from './helpers/token-spellings.ts'

// A craftsman's public profile (docs/product.md §11): the page and its pages of reviews, 404 and 410, the structured data,
// the portfolio photos' public addresses, and a request that prefers the craftsman. Rows are written straight into the
// app's database, as the office's screens (built elsewhere) would write them.

const NOTIFY = 'richieste@artigianimilano.it'
const site = serveRequests({ RATE_LIMIT_MAX: '1000' }, {}, startApp)
const db = () => site.server.db

const DAY = 86_400_000
const NOW = Date.now()
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString()

type Fixture = { slug: string; published?: boolean; unpublished?: boolean; company?: string | null; sectors?: string[]; zones?: string[] }

/** A craftsman with a profile; their phone and e-mail are in the register, never on the page. */
async function craftsman({
  slug,
  published = true,
  unpublished = false,
  company = 'Impianti Rossi Srl',
  sectors = ['Elettricista'],
  zones = ['Milano', 'Sesto San Giovanni'],
}: Fixture) {
  const created = await insertArtisan(
    db(),
    artisan({
      companyName: company,
      vatNumber: '12345678901',
      contactName: 'Giuseppe Rossi',
      email: `${slug}@esempio-artigiano.it`,
      phone: '+39 347 555 0101',
      specializationSectors: sectors,
      operativeZones: zones,
    }),
    iso(800 * DAY),
  )
  await db()
    .insertInto('artisan_profiles')
    .values({
      artisan_id: created.id,
      slug,
      description: 'Impianti elettrici civili dal 1998.\n\nCertificazioni e quadri a norma.',
      consent_at: iso(30 * DAY),
      consent_text: 'consenso',
      consent_recorded_by: null,
      published_at: published ? iso(20 * DAY) : null,
      unpublished_at: unpublished ? iso(DAY) : null,
      vat_checked_at: '2026-03-02T10:00:00.000Z',
      identity_checked_at: '2026-03-04T10:00:00.000Z',
      insurance_checked_at: '2026-03-05T10:00:00.000Z',
      insurance_note: 'RC professionale fino a 1.000.000 €',
      created_at: iso(30 * DAY),
      updated_at: iso(30 * DAY),
    })
    .execute()
  return created
}

type ReviewRow = {
  stars: number
  comment?: string | null
  author?: string
  status?: 'published' | 'pending' | 'hidden'
  reply?: string | null
  daysAgo: number
}

async function addReviews(artisanId: number, reviews: ReviewRow[]) {
  await db()
    .insertInto('reviews')
    .values(
      reviews.map((review) => ({
        artisan_id: artisanId,
        lead_id: null,
        stars: review.stars,
        comment: review.comment ?? null,
        author_label: review.author ?? 'Marco R.',
        comune: 'Sesto San Giovanni',
        service_name: 'Elettricista',
        job_month: '2026-03',
        status: review.status ?? 'published',
        hidden_reason: review.status === 'hidden' ? 'insulti' : null,
        moderated_by: null,
        moderated_at: null,
        text_removed_at: null,
        reply: review.reply ?? null,
        reply_at: review.reply ? iso(review.daysAgo * DAY) : null,
        reply_by: null,
        created_at: iso(review.daysAgo * DAY),
        published_at: review.status && review.status !== 'published' ? null : iso(review.daysAgo * DAY),
      })),
    )
    .execute()
}

async function addPhoto(artisanId: number, position: number) {
  const content = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 30, b: 30 + position } } })
    .webp()
    .toBuffer()
  const digest = createHash('sha256').update(content).digest('base64url')
  const { id } = await db()
    .insertInto('artisan_photos')
    .values({
      artisan_id: artisanId,
      position,
      content_type: 'image/webp',
      width: 8,
      height: 6,
      size: content.length,
      digest,
      caption: position === 1 ? 'Quadro elettrico rifatto a Sesto' : null,
      content,
      created_at: iso(DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, digest, content, path: `/artigiani/foto/${id}-${digest}.webp` }
}

/** Three offers answered two hours after they were made: "entro 2 ore". */
async function addAnswers(artisanId: number) {
  for (let i = 0; i < 3; i++) {
    const leadId = await insertLead(
      db(),
      {
        kind: 'quote',
        fullName: 'Richiedente Prova',
        email: `richiedente${artisanId}-${i}@example.com`,
        phone: '+39 333 000 0000',
        serviceId: 'elettricista',
        serviceName: 'Elettricista',
        subject: null,
        locationLabel: 'Milano',
        placeId: 'comune-milano',
        comuneSlug: 'milano',
        description: 'Prova',
        ipAddress: null,
        userAgent: null,
        fromPage: null,
        utm: undefined,
      },
      [],
      iso(10 * DAY),
    )
    await db()
      .insertInto('lead_assignments')
      .values({
        lead_id: leadId,
        artisan_id: artisanId,
        assigned_at: iso(10 * DAY),
        assigned_by: null,
        email_outbox_id: null,
        response: 'accepted',
        responded_at: iso(10 * DAY - (2 * 3_600_000 - 60_000 * i)),
        decline_reason: null,
        withdrawn_at: null,
        revoked_at: null,
      })
      .execute()
  }
}

const get = (path: string, init?: RequestInit) => fetch(site.server.url + path, { redirect: 'manual', ...init })

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
}

const linkHref = (html: string, rel: string) => html.match(new RegExp(`<link rel="${rel}" href="([^"]+)"`))?.[1]

const HOSTILE = 'Ottimo lavoro <script>alert(1)</script> <a href="https://evil.example">sito</a> www.evil.example chiamatemi al 333 1234567'

describe('a public profile', () => {
  let artisanId = 0
  let photo: Awaited<ReturnType<typeof addPhoto>>

  it('shows who the craftsman is, what was verified, their work and their newest reviews, and no phone or e-mail', async () => {
    const artisan = await craftsman({ slug: 'impianti-rossi' })
    artisanId = artisan.id
    // 23 published (the newest first: day 1 is the newest), one waiting for moderation, one hidden.
    const stars = [5, 5, 4, 5, 3, 5, 4, 5, 5, 1, 5, 4, 5, 2, 5, 4, 5, 5, 3, 5, 4, 5, 5]
    await addReviews(artisan.id, [
      ...stars.map((value, i) => ({
        stars: value,
        daysAgo: i + 1,
        comment: i === 0 ? HOSTILE : i === 1 ? null : `Recensione numero ${i + 1}`,
        reply: i === 2 ? 'Grazie, è stato un piacere.' : null,
        author: i === 3 ? ERASED_AUTHOR : `Cliente${i + 1} R.`,
      })),
      { stars: 1, daysAgo: 0.5, comment: 'In attesa di moderazione', status: 'pending' },
      { stars: 1, daysAgo: 0.5, comment: 'Nascosta per insulti', status: 'hidden' },
    ])
    photo = await addPhoto(artisan.id, 1)
    await addPhoto(artisan.id, 2)
    await addAnswers(artisan.id)

    const response = await get('/artigiani/impianti-rossi')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const html = await response.text()
    expect(html).toContain('<title>Impianti Rossi Srl - Elettricista a Milano: recensioni | Artigiani Milano</title>')
    expect(html).toMatch(/<meta name="description" content="Impianti Rossi Srl, elettricista a Milano e provincia. 4,3 su 5 da 23 recensioni verificate./)
    expect(linkHref(html, 'canonical')).toBe('https://www.artigianimilano.it/artigiani/impianti-rossi')
    expect(linkHref(html, 'next')).toBe('https://www.artigianimilano.it/artigiani/impianti-rossi/recensioni/2')
    expect(linkHref(html, 'prev')).toBeUndefined()
    expect(html).toContain('aria-label="Percorso"')
    expect(html).toContain('href="/i-nostri-artigiani"')

    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    for (const shown of [
      'Impianti Rossi Srl',
      'Elettricista',
      'Zone servite: Milano, Sesto San Giovanni',
      'Nella rete da 2 anni',
      'Risponde di solito entro 2 ore',
      'Partita IVA controllata nel formato e dall&#x27;ufficio il 2 marzo 2026',
      'Identità verificata il 4 marzo 2026',
      'Assicurazione verificata il 5 marzo 2026: RC professionale fino a 1.000.000 €',
      'Quadro elettrico rifatto a Sesto',
      '23 recensioni',
      'Elettricista a Sesto San Giovanni, marzo 2026',
      'Risposta di Impianti Rossi Srl Grazie, è stato un piacere.',
      'Chiedi un preventivo a Impianti Rossi Srl',
      'Come verifichiamo le recensioni',
    ])
      expect(text).toContain(shown)
    // The distribution, 5 to 1 stars.
    expect([...text.matchAll(/(\d) stell[ae] (\d+) recension/g)].map((m) => [m[1], m[2]])).toEqual([
      ['5', '14'],
      ['4', '5'],
      ['3', '2'],
      ['2', '1'],
      ['1', '1'],
    ])
    // Ten reviews, newest first; the waiting and the hidden ones nowhere.
    const authors = [...html.matchAll(/aria-label="Recensione di ([^"]+)"/g)].map((m) => m[1])
    expect(authors).toEqual([
      'Cliente1 R.',
      'Cliente2 R.',
      'Cliente3 R.',
      ERASED_AUTHOR,
      'Cliente5 R.',
      'Cliente6 R.',
      'Cliente7 R.',
      'Cliente8 R.',
      'Cliente9 R.',
      'Cliente10 R.',
    ])
    expect(html).not.toContain('In attesa di moderazione')
    expect(html).not.toContain('Nascosta per insulti')
    expect(html).not.toContain('Recensione numero 11')
    // The comment is text: escaped, and neither its address nor its phone number became a link.
    expect(html).toContain('Ottimo lavoro &lt;script&gt;alert(1)&lt;/script&gt; &lt;a href=&quot;https://evil.example&quot;&gt;sito&lt;/a&gt; www.evil.example')
    expect(html).not.toMatch(/href="[^"]*evil/)
    expect(html).not.toMatch(/href="tel:/)
    // Each review can be reported; the rules are one link away.
    const firstId = readRows<{ id: number }>(
      site.server.databasePath,
      "select id from reviews where artisan_id = ? and status = 'published' order by published_at desc limit 1",
      artisan.id,
    )[0]!.id
    expect(html).toContain(`href="/recensioni/${firstId}/segnala"`)
    expect(html.match(/\/segnala"/g)).toHaveLength(REVIEWS_PER_PAGE)
    expect(html).toContain('href="/come-verifichiamo-le-recensioni"')
    // The portfolio at its public addresses.
    expect(html).toContain(`src="${photo.path}"`)
    // No phone, no e-mail: not the craftsman's, not anybody's.
    expect(html).not.toContain('347 555 0101')
    expect(html).not.toContain('esempio-artigiano.it')
    expect(html).not.toContain('mailto:')
    expect(html).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
    // No router state or application script: only the islands' boot and their props.
    expect(html).not.toContain('$_TSR')
    expect(html).toContain('data-island="profile-quote"')
    // Valid HTML, every id once.
    expect(await htmlProblems(html)).toEqual([])
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  })

  it('carries the craftsman as a HomeAndConstructionBusiness with its rating and the reviews of the page, as review snippets require', async () => {
    const html = await (await get('/artigiani/impianti-rossi')).text()
    const data = jsonLdOf(html)
    const business = data.find((item) => item['@type'] === 'HomeAndConstructionBusiness')!
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Impianti Rossi Srl',
      url: 'https://www.artigianimilano.it/artigiani/impianti-rossi',
      areaServed: [
        { '@type': 'City', name: 'Milano' },
        { '@type': 'City', name: 'Sesto San Giovanni' },
      ],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 23, bestRating: 5, worstRating: 1 },
    })
    type LdReview = {
      '@type': string
      author: { '@type': string; name: string }
      reviewRating: { '@type': string; ratingValue: number }
      datePublished: string
      reviewBody?: string
    }
    const reviews = business.review as LdReview[]
    // The page's ten, less the one whose author was erased ("Cliente verificato" is nobody's name).
    expect(reviews).toHaveLength(REVIEWS_PER_PAGE - 1)
    for (const review of reviews) {
      expect(review['@type']).toBe('Review')
      expect(review.author['@type']).toBe('Person')
      expect(review.author.name).toMatch(/^Cliente\d+ R\.$/)
      expect(review.reviewRating).toMatchObject({ '@type': 'Rating', bestRating: 5, worstRating: 1 })
      expect(review.reviewRating.ratingValue).toBeGreaterThanOrEqual(1)
      expect(review.reviewRating.ratingValue).toBeLessThanOrEqual(5)
      expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(review.author.name).not.toBe(ERASED_AUTHOR)
    }
    expect(reviews[0]!.reviewBody).toBe(HOSTILE)
    expect(reviews[1]).not.toHaveProperty('reviewBody')
    expect(JSON.stringify(business)).not.toMatch(/telephone|email|347 555/)
    // Breadcrumbs, and nothing about ratings on the site's own organisation.
    expect(data.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true)
    const home = jsonLdOf(await (await get('/')).text())
    expect(JSON.stringify(home)).not.toMatch(/aggregateRating|"review"/)
  })

  it('pages its reviews ten at a time at addresses of their own, each its own canonical with prev and next', async () => {
    const second = await get('/artigiani/impianti-rossi/recensioni/2')
    expect(second.status).toBe(200)
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const html = await second.text()
    expect(html).toContain('<title>Impianti Rossi Srl - Elettricista a Milano: recensioni, pagina 2 | Artigiani Milano</title>')
    expect(linkHref(html, 'canonical')).toBe('https://www.artigianimilano.it/artigiani/impianti-rossi/recensioni/2')
    expect(linkHref(html, 'prev')).toBe('https://www.artigianimilano.it/artigiani/impianti-rossi')
    expect(linkHref(html, 'next')).toBe('https://www.artigianimilano.it/artigiani/impianti-rossi/recensioni/3')
    const authors = [...html.matchAll(/aria-label="Recensione di ([^"]+)"/g)].map((m) => m[1])
    expect(authors).toEqual(Array.from({ length: 10 }, (_, i) => `Cliente${i + 11} R.`))
    expect(html).toContain('Recensioni, pagina 2')

    const third = await (await get('/artigiani/impianti-rossi/recensioni/3')).text()
    expect([...third.matchAll(/aria-label="Recensione di ([^"]+)"/g)].map((m) => m[1])).toEqual(['Cliente21 R.', 'Cliente22 R.', 'Cliente23 R.'])
    expect(linkHref(third, 'next')).toBeUndefined()
    expect(jsonLdOf(third).find((item) => item['@type'] === 'HomeAndConstructionBusiness')).toMatchObject({
      url: 'https://www.artigianimilano.it/artigiani/impianti-rossi',
      aggregateRating: { reviewCount: 23 },
    })

    // The first page has one address; past the last, and any other spelling of a number, there is no page.
    const first = await get('/artigiani/impianti-rossi/recensioni/1')
    expect(first.status).toBe(301)
    expect(first.headers.get('location')).toBe('/artigiani/impianti-rossi')
    for (const path of ['4', '0', '02', '2x', '-1', '1e1', '9999999', '2.0'].map((n) => `/artigiani/impianti-rossi/recensioni/${n}`))
      expect([path, (await get(path)).status]).toEqual([path, 404])
  })

  it('answers 404 for a slug that names no public profile and 410 for one that was public and is not any more', async () => {
    await craftsman({ slug: 'mai-pubblicato', published: false })
    const withdrawn = await craftsman({ slug: 'profilo-ritirato', published: false, unpublished: true })
    const withdrawnPhoto = await addPhoto(withdrawn.id, 1)
    await addReviews(withdrawn.id, [{ stars: 5, daysAgo: 3, comment: 'Recensione di un profilo ritirato' }])

    for (const path of [
      '/artigiani/nessuno',
      '/artigiani/mai-pubblicato',
      `/artigiani/${'a'.repeat(101)}`,
      '/artigiani/a--b',
      '/artigiani/mai-pubblicato/recensioni/2',
    ]) {
      const response = await get(path)
      expect([path, response.status]).toEqual([path, 404])
      const html = await response.text()
      expect(html).toContain('Pagina Non Trovata')
      expect(html).toContain('<meta name="robots" content="noindex"/>')
    }

    const gone = await get('/artigiani/profilo-ritirato')
    expect(gone.status).toBe(410)
    expect(gone.headers.get('cache-control')).toBe('no-cache')
    const html = await gone.text()
    expect(html).toContain('Profilo non più pubblico')
    // Its breadcrumb says so too: the page is not a missing one.
    expect(html).toMatch(/aria-current="page"[^>]*>Profilo non più pubblico</)
    expect(html).not.toContain('Pagina Non Trovata')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('Impianti Rossi Srl')
    expect(html).not.toContain('Recensione di un profilo ritirato')
    expect(jsonLdOf(html).some((item) => item['@type'] === 'HomeAndConstructionBusiness')).toBe(false)
    expect((await get('/artigiani/profilo-ritirato/recensioni/2')).status).toBe(410)
    // Asked again, it is still gone (a 410 is never kept in the page cache as a page).
    expect((await get('/artigiani/profilo-ritirato')).status).toBe(410)
    // Its photos went private with it.
    expect((await get(withdrawnPhoto.path)).status).toBe(404)
  })

  it('leaves out the rating where there is no published review', async () => {
    const artisan = await craftsman({ slug: 'nuovo-arrivato', company: null, sectors: ['Idraulico'], zones: ['Rho'] })
    await addReviews(artisan.id, [{ stars: 2, daysAgo: 1, comment: 'In moderazione', status: 'pending' }])
    const html = await (await get('/artigiani/nuovo-arrivato')).text()
    expect(html).toContain('Giuseppe Rossi')
    expect(html).toContain('Ancora nessuna recensione pubblicata.')
    expect(html).not.toContain('Risponde di solito')
    const business = jsonLdOf(html).find((item) => item['@type'] === 'HomeAndConstructionBusiness')!
    expect(business).toMatchObject({ name: 'Giuseppe Rossi', areaServed: [{ '@type': 'City', name: 'Rho' }] })
    expect(business).not.toHaveProperty('aggregateRating')
    expect(business).not.toHaveProperty('review')
    expect(linkHref(html, 'next')).toBeUndefined()
    expect((await get('/artigiani/nuovo-arrivato/recensioni/2')).status).toBe(404)
  })

  it('serves the portfolio photos of published profiles at their digest address only, cached for a year', async () => {
    const response = await get(photo.path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await response.arrayBuffer()).equals(photo.content)).toBe(true)
    const head = await get(photo.path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(photo.content.length))

    const other = readRows<{ id: number; digest: string }>(
      site.server.databasePath,
      'select id, digest from artisan_photos where artisan_id = ? and id <> ?',
      artisanId,
      photo.id,
    )[0]!
    const flipped = withCharacterChanged(photo.digest, 0)
    const odd = [
      `/artigiani/foto/${photo.id}-${flipped}.webp`, // another digest
      `/artigiani/foto/${photo.id}-${photo.digest.toLowerCase() === photo.digest ? photo.digest.toUpperCase() : photo.digest.toLowerCase()}.webp`,
      `/artigiani/foto/${other.id}-${photo.digest}.webp`, // another photo's id
      `/artigiani/foto/${photo.id}-${photo.digest}.jpg`,
      `/artigiani/foto/${photo.id}-${photo.digest}.WEBP`,
      `/artigiani/foto/${photo.id}-${photo.digest}`,
      `/artigiani/foto/${photo.id}-${photo.digest}.webp/`,
      `/artigiani/foto/${photo.id}-${photo.digest}.webp.png`,
      `/artigiani/foto/0${photo.id}-${photo.digest}.webp`,
      `/artigiani/foto/+${photo.id}-${photo.digest}.webp`,
      `/artigiani/foto/${photo.id}_${photo.digest}.webp`,
      `/artigiani/foto/${photo.id}-${photo.digest}x.webp`,
      `/artigiani/foto/${photo.id}-${photo.digest.slice(1)}.webp`,
      `/artigiani/foto/${photo.id}`,
      `/artigiani/foto/x/${photo.id}-${photo.digest}.webp`,
      '/artigiani/foto/',
      `/artigiani/foto/${'9'.repeat(40)}-${photo.digest}.webp`,
      `/artigiani/foto/${photo.id}-${photo.digest}.webp%00`,
    ]
    for (const path of odd) {
      const answer = await get(path)
      expect([path, answer.status]).toEqual([path, 404])
      expect(answer.headers.get('content-type')).not.toMatch(/^image\//)
    }
    // Another spelling of the same bytes of a path is sent, as everywhere, to the one spelling (http/request-path.ts).
    const encoded = await get(`/artigiani/foto/${photo.id}-${photo.digest}%2Ewebp`)
    expect(encoded.status).toBe(301)
    expect(encoded.headers.get('location')).toBe(photo.path)
    expect((await get(photo.path, { method: 'POST' })).status).toBe(404)
  })
})

describe('a request sent from a profile', () => {
  let sent = 0
  const send = async (preferredArtisan: unknown) => {
    await site.ses.clear()
    sent++
    // Each from its own address: an address gets only a few confirmations a day.
    const result = await site.client.requests.quote.mutate({
      ...validQuote({ email: `richiedente.${sent}@example.com`, description: `Preferenza ${String(preferredArtisan).slice(0, 40)}` }),
      preferredArtisan: preferredArtisan as string,
      ...(await solveCaptcha(site.client)),
    })
    const [lead] = readRows<{ preferred_artisan_id: number | null }>(
      site.server.databasePath,
      'select preferred_artisan_id from leads where id = ?',
      result.leadId,
    )
    const emails = await waitForEmails(site.ses.emails, 2)
    return { leadId: result.leadId, preferred: lead!.preferred_artisan_id, notification: emails.find((e) => e.destination.to.includes(NOTIFY))! }
  }

  it('names the craftsman of a published profile as preferred: stored, in the office mail and dialog, first in the matching', async () => {
    const artisan = await craftsman({ slug: 'elettro-bianchi', company: 'Elettro Bianchi', zones: ['Sesto San Giovanni'] })
    // Another electrician of the same town.
    await craftsman({ slug: 'elettro-verdi', company: 'Elettro Verdi', zones: ['Sesto San Giovanni'] })
    const { leadId, preferred, notification } = await send('elettro-bianchi')
    expect(preferred).toBe(artisan.id)
    expect(notification.body.html).toContain('Artigiano preferito')
    expect(notification.body.html).toContain(`href="https://www.artigianimilano.it/admin/artisans/${artisan.id}"`)
    expect(notification.body.html).toContain('Elettro Bianchi')
    expect(notification.body.text).toContain('Elettro Bianchi')

    const detail = await findLeadDetail(db(), leadId)
    expect(detail?.preferredArtisan).toEqual({ id: artisan.id, name: 'Elettro Bianchi' })
    const lead = await db().selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow()
    const { candidates } = await findMatchingArtisans(db(), lead)
    expect(candidates[0]).toMatchObject({ id: artisan.id, preferred: 1 })
    expect(candidates.filter((c) => c.preferred)).toHaveLength(1)
    // Without the preference, the order is the usual one.
    const usual = await findMatchingArtisans(db(), { ...lead, preferred_artisan_id: null })
    expect(usual.candidates.every((c) => c.preferred === 0)).toBe(true)
  })

  it('ignores a preference for no published profile, and keeps the request', async () => {
    await craftsman({ slug: 'ritirato-dopo', published: false, unpublished: true, company: 'Ritirato Srl' })
    await craftsman({ slug: 'in-preparazione', published: false, company: 'In Preparazione Srl' })
    for (const slug of [
      'nessuno-con-questo-nome',
      'ritirato-dopo',
      'in-preparazione',
      'x'.repeat(5000),
      'ELETTRO-BIANCHI',
      'elettro-bianchi/../x',
      42,
      { slug: 'elettro-bianchi' },
    ]) {
      const { preferred, notification } = await send(slug)
      expect([String(slug).slice(0, 30), preferred]).toEqual([String(slug).slice(0, 30), null])
      expect(notification.body.html).not.toContain('Artigiano preferito')
    }
  })
})
