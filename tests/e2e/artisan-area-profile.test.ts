import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { addArtisan, artisan } from '../helpers/admin-leads.ts'
import { openAreaAs, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot, openWatchedPage } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'

const ADMIN = { email: 'ufficio.profili@artigianimilano.it', password: 'password-di-prova-2026' }
const WIDTHS = [375, 768, 1280] as const
let craftsman = 0
let reviews: number[] = []

const office = serveBackOffice(ADMIN, {
  prepare: async (server) => {
    craftsman = await addArtisan(server.databasePath, artisan({ email: 'serramenti.profilo@artigiani.example', companyName: 'Serramenti Rossi Srl' }))
    const now = new Date().toISOString()
    changeRows(
      server.databasePath,
      'insert into artisan_profiles (artisan_id, slug, description, consent_at, consent_text, published_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      craftsman,
      'serramenti-rossi',
      'Serramenti in legno e alluminio dal 1990, a Milano e in Brianza.',
      now,
      PROFILE_CONSENT_TEXT,
      now,
      now,
      now,
    )
    const review = (stars: number, comment: string | null, status: string, hidden: string | null, month: string) => {
      changeRows(
        server.databasePath,
        `insert into reviews (artisan_id, stars, comment, author_label, comune, service_name, job_month, status, hidden_reason, created_at, published_at)
          values (?, ?, ?, 'Giulia B.', 'Monza', 'Serramentista', ?, ?, ?, ?, ?)`,
        craftsman,
        stars,
        comment,
        month,
        status,
        hidden,
        now,
        status === 'published' ? now : null,
      )
      return readRows<{ id: number }>(server.databasePath, 'select max(id) as id from reviews')[0]!.id
    }
    reviews = [
      review(5, 'Finestre nuove montate in un giorno, tutto pulito. Consigliatissimi!', 'published', null, '2026-10'),
      review(2, 'In ritardo di due ore e non ha risposto al telefono. www.concorrente.example', 'published', null, '2026-09'),
      review(1, 'Parole offensive che non ripetiamo.', 'hidden', 'insulti', '2026-08'),
    ]
  },
})

/** A page of the area at that width, signed in as the craftsman. */
const openArea = (path: string, width: number) => openAreaAs(office, craftsman, path, width)

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(office.server.databasePath, query, ...params)
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
/** The page as it loads again, without the toasts of what was just done (each is a live region of its own). */
async function reload(page: Page) {
  await page.reload({ waitUntil: 'networkidle' })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** A photo as a phone takes it: GPS in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#6b8fb8' } })
    .composite([
      { input: Buffer.from('<svg width="900" height="600"><rect x="200" y="150" width="500" height="300" fill="#f4efe6"/></svg>'), left: 450, top: 300 },
    ])
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 25/1' } })
    .jpeg()
    .toBuffer()

describe("the craftsman's profile and reviews, and the office's queue", () => {
  it('proposes a description and a photo from a phone, replies to a review and reports another; the office approves and refuses', async () => {
    const { page, problems, context } = await openArea('/artigiano/profilo', 375)
    await page.getByRole('heading', { name: 'Profilo', level: 1 }).waitFor()
    expect(await page.getByRole('link', { name: /Vedi il profilo pubblico/ }).getAttribute('href')).toBe('/artigiani/serramenti-rossi')

    await page.getByLabel('Proponi una nuova descrizione').fill('Serramenti su misura in legno, PVC e alluminio. <b>Preventivo gratuito</b> in 24 ore.')
    await page.getByRole('button', { name: 'Invia all’ufficio' }).click()
    await expect.poll(() => page.getByText('La tua proposta').count()).toBe(1)

    await page.getByLabel(/^Nuova foto/).setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() })
    await page.getByLabel(/^Didascalia/).fill('Finestre in legno a Monza')
    await page.getByRole('button', { name: 'Invia la foto all’ufficio' }).click()
    // The photo is read, resized and re-encoded one at a time: on a busy machine that takes longer than a click.
    await expect.poll(() => page.getByRole('list', { name: 'Foto in attesa di approvazione' }).getByRole('img').count(), { timeout: 30_000 }).toBe(1)
    await expect.poll(() => page.getByRole('img', { name: 'Finestre in legno a Monza' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    expect(rows('select kind, status from artisan_profile_changes where artisan_id = ? order by id', craftsman)).toEqual([
      { kind: 'description', status: 'pending' },
      { kind: 'photo', status: 'pending' },
    ])
    await reload(page)
    expect(await fits(page)).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'artisan-area-profile-375', { fullPage: true })

    await page.goto(`${office.server.url}/artigiano/recensioni`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: 'Recensioni', level: 1 }).waitFor()
    expect(await page.getByText('Non pubblicata: Insulti o linguaggio offensivo').count()).toBe(1)
    const praised = page.getByRole('listitem').filter({ hasText: 'Finestre nuove montate' })
    const complaint = page.getByRole('listitem').filter({ hasText: 'In ritardo di due ore' })
    await praised.getByRole('button', { name: 'Rispondi a Giulia B.' }).click()
    await praised.getByLabel('La tua risposta a Giulia B.').fill('Grazie Giulia, è stato un piacere! <a href="https://x.example">link</a>')
    await praised.getByRole('button', { name: 'Invia la risposta' }).click()
    await expect.poll(() => page.getByText('La tua risposta è in attesa di approvazione').count()).toBe(1)

    await complaint.getByRole('button', { name: 'Segnala la recensione di Giulia B.' }).click()
    await complaint.getByRole('button', { name: 'Invia la segnalazione' }).click()
    await expect.poll(() => page.getByText('Scegli il motivo della segnalazione.').count()).toBe(1)
    await keepScreenshot(page, 'artisan-area-reviews-report-error-375', { fullPage: true })
    await complaint.getByLabel('Motivo', { exact: true }).selectOption('fuori_tema')
    await complaint.getByRole('button', { name: 'Invia la segnalazione' }).click()
    await expect.poll(() => page.getByText('Segnalata da te').count()).toBe(1)
    expect(rows('select reason from review_reports where review_id = ?', reviews[1])).toEqual([{ reason: 'fuori_tema' }])
    await reload(page)
    expect(await fits(page)).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await keepScreenshot(page, 'artisan-area-reviews-375', { fullPage: true })
    expect(problems).toEqual([])
    await context.close()

    for (const width of [768, 1280]) {
      for (const path of ['/artigiano/profilo', '/artigiano/recensioni']) {
        const opened = await openArea(path, width)
        await opened.page.getByRole('heading', { level: 1 }).waitFor()
        expect(await fits(opened.page)).toBe(true)
        await keepScreenshot(opened.page, `artisan-area-${path === '/artigiano/profilo' ? 'profile' : 'reviews'}-${width}`, { fullPage: true })
        await opened.context.close()
      }
    }

    // The office: the count in its menu, the queue beside the reviews, Approva and Rifiuta with a reason.
    for (const width of WIDTHS) {
      const opened = await office.open('/admin/reviews/profile-changes', width)
      await opened.page.getByRole('heading', { name: 'Da approvare' }).waitFor()
      await expect.poll(() => opened.page.getByRole('article').count()).toBe(3)
      expect(await fits(opened.page)).toBe(true)
      if (width === 1280) expect(await opened.page.getByRole('link', { name: /Modifiche profilo\s*3 da approvare/ }).count()).toBe(1)
      if (width !== 768) expect(await axeViolations(opened.page)).toEqual([])
      await keepScreenshot(opened.page, `admin-profile-changes-${width}`, { fullPage: true })
      await opened.context.close()
    }
    const queue = await office.open('/admin/reviews/profile-changes', 375)
    const description = queue.page.getByRole('article').filter({ hasText: 'Nuova descrizione' })
    await description.getByRole('button', { name: /^Rifiuta/ }).click()
    await expect.poll(() => description.getByText("Scrivi il motivo del rifiuto: l'artigiano lo leggerà.").count()).toBe(1)
    await description.getByLabel('Motivo del rifiuto (lo legge l’artigiano)').fill('Niente tag HTML: scrivi il testo semplice.')
    await description.getByRole('button', { name: /^Rifiuta/ }).click()
    await expect.poll(() => queue.page.getByRole('article').count()).toBe(2)
    await queue.page
      .getByRole('article')
      .filter({ hasText: 'Nuova foto' })
      .getByRole('button', { name: /^Approva/ })
      .click()
    await expect.poll(() => queue.page.getByRole('article').count()).toBe(1)
    await queue.page
      .getByRole('article')
      .filter({ hasText: 'Risposta a una recensione' })
      .getByRole('button', { name: /^Approva/ })
      .click()
    await expect.poll(() => queue.page.getByText('Nessuna modifica in attesa.').count()).toBe(1)
    expect(queue.problems).toEqual([])
    await queue.context.close()

    // The craftsman sees the photo on the public profile, why the description was refused, and the reply published.
    const after = await openArea('/artigiano/profilo', 375)
    await after.page.getByRole('heading', { name: 'Modifiche non approvate' }).waitFor()
    expect(await after.page.getByText('Niente tag HTML: scrivi il testo semplice.').count()).toBe(1)
    expect(await after.page.getByRole('list', { name: 'Foto sul profilo pubblico' }).getByRole('img').count()).toBe(1)
    expect(await axeViolations(after.page)).toEqual([])
    await keepScreenshot(after.page, 'artisan-area-profile-decided-375', { fullPage: true })
    await after.page.goto(`${office.server.url}/artigiano/recensioni`, { waitUntil: 'networkidle' })
    await after.page.getByText('La tua risposta', { exact: false }).first().waitFor()
    expect(await after.page.getByText(/La tua risposta · pubblicata il/).count()).toBe(1)
    await after.context.close()

    const publicPage = await openWatchedPage(office.browser, { viewport: { width: 375, height: 900 } })
    await publicPage.page.goto(`${office.server.url}/artigiani/serramenti-rossi`, { waitUntil: 'networkidle' })
    expect(await publicPage.page.getByText('Grazie Giulia, è stato un piacere! <a href="https://x.example">link</a>').count()).toBe(1)
    expect(await publicPage.page.locator('a[href="https://x.example"]').count()).toBe(0)
    await keepScreenshot(publicPage.page, 'artisan-area-public-profile-375', { fullPage: true })
    await publicPage.context.close()
  })
})
