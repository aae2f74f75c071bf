import type { ConsoleMessage, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { writeDispatchSettings } from '#server/dispatch/settings.ts'
import { insertArtisan } from '#server/repositories/artisans.ts'
import { serviceInComunePath } from '#shared/catalog/index.ts'
import { formatWeekdayTime } from '#shared/italian-time.ts'
import { nextOfficeTime, type OfficeHours } from '#shared/office-hours.ts'
import { promiseDueLine } from '#shared/promise.ts'
import { PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { artisan } from '../helpers/admin-leads.ts'
import { startApp } from '../helpers/app.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { openTestDatabase } from '../helpers/app-database.ts'
import { answerCaptcha, serveRequestPages, toast } from '../helpers/request-pages.ts'
import { countRows, pngOfSize, readRows, samples, waitForEmails } from '../helpers/requests.ts'
import { mailEnv, type SesEmail } from '../helpers/ses.ts'

const site = serveRequestPages()

/**
 * Opens a page with the quote form (a path such as '/milano') in a context of its own, and waits for the form's code;
 * `problems` gathers the page's uncaught exceptions from then on.
 */
async function openQuoteForm(path: string, viewport = { width: 1280, height: 900 }, siteUrl = site.server.url) {
  const context = await site.browser.newContext({ viewport })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  // Until the form is ready: React reports a form that does not match the server's HTML as a console error.
  const errors: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text())
  }
  page.on('console', onConsole)
  await page.goto(`${siteUrl}${path}`, { waitUntil: 'networkidle' })
  const form = page.getByRole('form', { name: 'Richiedi un preventivo gratuito' })
  // The form arrives with the page; its code loads when the visitor reaches for it (on a phone, below the services).
  await form.getByLabel('Nome e Cognome').click()
  await expect.poll(() => form.getByTestId('captcha-question').textContent(), { timeout: 15_000 }).toMatch(/^Quanto fa \d+ \+ \d+\?$/)
  page.off('console', onConsole)
  expect(errors).toEqual([])
  return { context, page, form, problems }
}

/** The visitor's street, name, e-mail and phone, and the work they describe. */
async function fillContact(form: ReturnType<Page['getByRole']>, description: string) {
  await form.getByLabel('Via e numero civico').fill('Via Roma 10')
  await form.getByLabel('Nome e Cognome').fill('Mario Rossi')
  await form.getByLabel('Email').fill('mario.rossi@example.com')
  await form.getByLabel('Telefono').fill('333 123 4567')
  await form.getByLabel('Descrivi il lavoro').fill(description)
  await answerRequired(form)
}

/** The service's one required question (every service of the catalogue has one), answered once the questions arrive. */
async function answerRequired(form: ReturnType<Page['getByRole']>) {
  const required = form.locator('input[type="radio"][required]')
  await expect.poll(() => required.count(), { timeout: 15_000 }).toBeGreaterThan(0)
  await required.first().check()
}

describe('a visitor asking for a quote on a town page', () => {
  it('fills the form with three attachments, sends it and lands on the thank-you page', async () => {
    const { context, page, form, problems } = await openQuoteForm('/sesto-san-giovanni?utm_source=google&utm_medium=cpc&utm_campaign=autunno')

    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    await expect.poll(() => form.getByText('Il nome è obbligatorio.').count()).toBe(1)
    expect(await form.getByText('La descrizione è obbligatoria.').count()).toBe(1)
    expect(await form.getByText('Inserisci via e numero civico.').count()).toBe(1)
    expect(await form.getByLabel('Nome e Cognome').getAttribute('aria-invalid')).toBe('true')
    // The town page's comune is the address's: the form names it and asks only for the street.
    expect(await form.getByText('Comune:').textContent()).toBe('Comune: Sesto San Giovanni')
    expect(await form.getByRole('combobox', { name: 'Comune' }).count()).toBe(0)
    // The marketing consent is asked apart, unticked.
    const consent = form.getByRole('checkbox', { name: 'Voglio ricevere offerte e novità da Artigiani Milano via e-mail.' })
    expect(await consent.isChecked()).toBe(false)
    await consent.check()

    await form.getByLabel('Servizio').selectOption('imbianchino')
    await fillContact(form, 'Tinteggiatura di un bilocale di 60 mq, pareti e soffitti.')
    await form.getByLabel('Allegati (facoltativi)').setInputFiles([
      { name: 'soggiorno.png', mimeType: 'image/png', buffer: samples.png },
      { name: 'planimetria.pdf', mimeType: 'application/pdf', buffer: samples.pdf },
      { name: 'note.txt', mimeType: 'text/plain', buffer: samples.txt },
    ])
    await expect.poll(() => form.getByRole('list', { name: 'File selezionati' }).getByRole('listitem').count()).toBe(4)
    await answerCaptcha(form)
    await keepScreenshot(page, 'quote-form-filled-1280')
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()

    await page.waitForURL(`${site.server.url}/thank-you`)
    await expect.poll(() => page.getByText('Richiesta Inviata!').count()).toBeGreaterThan(0)
    await expect.poll(() => page.getByText('Imbianchino').count()).toBeGreaterThan(0)
    // When a craftsman should call, as the lead stores it.
    const [{ promise_due_at }] = readRows<{ promise_due_at: string }>(site.server.databasePath, 'select promise_due_at from leads') as [
      { promise_due_at: string },
    ]
    await expect.poll(() => page.getByText(promiseDueLine(formatWeekdayTime(new Date(promise_due_at)))).count()).toBe(1)
    const [lead] = readRows<{ id: number; service_name: string; utm_source: string; utm_campaign: string; from_page: string; location_label: string }>(
      site.server.databasePath,
      'select * from leads',
    )
    expect(lead).toMatchObject({
      street: 'Via Roma 10',
      comune_slug: 'sesto-san-giovanni',
      marketing_consent_text: 'Voglio ricevere offerte e novità da Artigiani Milano via e-mail.',
      marketing_consent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      service_name: 'Imbianchino',
      utm_source: 'google',
      utm_campaign: 'autunno',
      from_page: `${site.server.url}/sesto-san-giovanni`,
      location_label: 'Sesto San Giovanni, MI, Italia',
    })
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('artigiani.richiesta') ?? '{}').leadId)).toBe(lead!.id)
    expect(countRows(site.server.databasePath).attachments).toBe(3)
    const emails = await waitForEmails(site.ses.emails, 2)
    expect(emails.find((e) => e.destination.to.includes('richieste@artigianimilano.it'))!.attachments).toHaveLength(3)
    expect(await page.getByText('Simulazione').count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  it('clears the selection with the product messages for 4 files and for a file over 5 MB', async () => {
    const { context, page, form } = await openQuoteForm('/milano')
    const files = form.getByLabel('Allegati (facoltativi)')
    const png = (name: string) => ({ name, mimeType: 'image/png', buffer: samples.png })
    await files.setInputFiles([png('1.png'), png('2.png'), png('3.png'), png('4.png')])
    await expect.poll(() => toast(page).textContent()).toContain('Troppi file selezionati')
    expect(await toast(page).textContent()).toContain('Puoi caricare un massimo di 3 file.')
    expect(await form.getByRole('list', { name: 'File selezionati' }).count()).toBe(0)

    await files.setInputFiles([{ name: 'enorme.png', mimeType: 'image/png', buffer: pngOfSize(6 * 1024 * 1024) }])
    await expect.poll(() => toast(page).textContent()).toContain('File troppo grande')
    expect(await toast(page).textContent()).toContain('Il file "enorme.png" supera la dimensione massima di 5MB.')
    expect(await files.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)
    await context.close()
  })

  it('shows the server’s refusal of a program renamed to .pdf under the attachments', async () => {
    const before = countRows(site.server.databasePath)
    const { context, form } = await openQuoteForm('/milano')
    await fillContact(form, 'Serve un preventivo.')
    await form.getByLabel('Allegati (facoltativi)').setInputFiles([{ name: 'preventivo.pdf', mimeType: 'application/pdf', buffer: samples.exe }])
    await answerCaptcha(form)
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    await expect
      .poll(() => form.getByText('Il file "preventivo.pdf" non è di un tipo consentito: puoi allegare immagini, PDF, .doc, .docx e .txt.').count())
      .toBe(1)
    expect(countRows(site.server.databasePath)).toEqual(before)
    await context.close()
  })

  it('asks a new captcha after a wrong answer, storing nothing', async () => {
    const before = countRows(site.server.databasePath)
    const { context, page, form } = await openQuoteForm('/milano', { width: 375, height: 800 })
    await fillContact(form, 'Serve un preventivo.')
    const token = await answerCaptcha(form, true)
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Captcha errato')
    expect(await toast(page).textContent()).toContain("Per favore, risolvi correttamente l'addizione.")
    await expect.poll(() => form.getByLabel(/Verifica di sicurezza/).inputValue()).toBe('')
    expect(page.url()).toBe(`${site.server.url}/milano`)
    expect(countRows(site.server.databasePath)).toEqual(before)
    expect(token).toMatch(/Quanto fa/)
    await context.close()
  })

  it('answers the questions of the service on a phone, drops them when the service changes, and sends the new ones', async () => {
    const { context, page, form, problems } = await openQuoteForm('/rho', { width: 375, height: 800 })
    await form.getByLabel('Servizio').selectOption('imbianchino')
    const painted = form.getByRole('group', { name: 'Cosa va dipinto' })
    await expect.poll(() => painted.getByRole('radio').count(), { timeout: 15_000 }).toBe(3)
    await form.getByLabel('Stanze da dipingere').fill('40')
    await form.getByRole('group', { name: 'Anche i soffitti' }).getByRole('radio', { name: 'Sì' }).check()
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    // Each message under its question and tied to its controls.
    await expect.poll(() => painted.getByText('Rispondi a questa domanda.').count()).toBe(1)
    const interni = painted.getByRole('radio', { name: 'Interni', exact: true })
    const describedBy = (await interni.getAttribute('aria-describedby'))!
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Rispondi a questa domanda.')
    const rooms = form.getByLabel('Stanze da dipingere')
    expect(await rooms.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator(`[id="${await rooms.getAttribute('aria-describedby')}"]`).textContent()).toBe('Inserisci un numero da 1 a 30.')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await keepScreenshot(form, 'quote-form-answers-errors-375')

    await interni.check()
    await rooms.fill('3')
    // Another service: the painter's questions and answers go, the plumber's come, nothing checked.
    await form.getByLabel('Servizio').selectOption('idraulico')
    const wrong = form.getByRole('group', { name: 'Cosa succede' })
    await expect.poll(() => wrong.getByRole('radio').count(), { timeout: 15_000 }).toBe(6)
    expect(await painted.count()).toBe(0)
    expect(await form.locator('input[type="radio"]:checked').count()).toBe(0)
    await wrong.getByRole('radio', { name: "Perdita d'acqua" }).check()
    await form.getByRole('group', { name: 'Quando?' }).getByRole('radio', { name: 'Urgente' }).check()
    await fillContact(form, 'Perdita sotto il lavello.')
    await wrong.getByRole('radio', { name: "Perdita d'acqua" }).check()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    expect(await axeViolations(page, (axe) => axe.include('form'))).toEqual([])
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await keepScreenshot(form, `quote-form-answers-${width}`)
    }
    await answerCaptcha(form)
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    await page.waitForURL(`${site.server.url}/thank-you`)
    const [lead] = readRows<{ service_id: string; answers: string; timing: string }>(
      site.server.databasePath,
      'select service_id, answers, timing from leads order by id desc limit 1',
    )
    expect(lead).toEqual({ service_id: 'idraulico', answers: '{"problema":"perdita"}', timing: 'urgente' })
    expect(problems).toEqual([])
    await context.close()
  })

  for (const width of [375, 768, 1280]) {
    it(`looks right at ${width} px`, async () => {
      const { context, page, form } = await openQuoteForm('/milano', { width, height: 900 })
      await form.getByRole('button', { name: 'Invia Richiesta' }).click()
      await expect.poll(() => form.getByText('Il nome è obbligatorio.').count()).toBe(1)
      // The service's questions, with the message of the one it needs.
      await expect.poll(() => form.getByText('Rispondi a questa domanda.').count(), { timeout: 15_000 }).toBe(1)
      // The street asked with its message under it, the consent box unticked and within reach of a thumb.
      expect(await form.getByLabel('Via e numero civico').getAttribute('aria-invalid')).toBe('true')
      expect(await form.getByText('Inserisci via e numero civico.').isVisible()).toBe(true)
      const consent = form.getByRole('checkbox', { name: /Voglio ricevere offerte e novità/ })
      expect(await consent.isChecked()).toBe(false)
      expect((await consent.boundingBox())!.width).toBeGreaterThanOrEqual(20)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await keepScreenshot(form, `quote-form-${width}`)
      await context.close()
    })
  }
})

/** A craftsman with a published profile and one published review, written as the office's screens write them. */
async function publishedProfile(slug: string, name: string) {
  const db = openTestDatabase(site.server.databasePath)
  const now = new Date().toISOString()
  const artisan = await insertArtisan(db, {
    companyName: name,
    vatNumber: null,
    contactName: 'Luca Neri',
    email: 'luca.neri@example.com',
    phone: '+39 333 765 4321',
    specializationSectors: ['Idraulico'],
    operativeZones: ['Sesto San Giovanni', 'Milano'],
    status: 'active',
    notes: null,
    profileImageUrl: null,
    isVerified: true,
  })
  await db
    .insertInto('artisan_profiles')
    .values({
      artisan_id: artisan.id,
      slug,
      consent_at: now,
      consent_text: PROFILE_CONSENT_TEXT,
      published_at: now,
      vat_checked_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await db
    .insertInto('reviews')
    .values({
      artisan_id: artisan.id,
      stars: 5,
      comment: 'Puntuale e pulito.',
      author_label: 'Anna B.',
      comune: 'Milano',
      service_name: 'Idraulico',
      job_month: '2026-10',
      status: 'published',
      created_at: now,
      published_at: now,
    })
    .execute()
  await db.destroy()
  return artisan.id
}

describe("a visitor asking a craftsman for a quote from the craftsman's profile", () => {
  it('reads the profile (axe clean at 375 and 1280 px), follows "Chiedi un preventivo a ..." and sends a request that prefers them', async () => {
    const artisanId = await publishedProfile('idraulica-neri', 'Idraulica Neri')
    // The profile loaded afresh at each width, in one page.
    const reading = await site.browser.newContext()
    const profile = await reading.newPage()
    for (const width of [375, 768, 1280]) {
      await profile.setViewportSize({ width, height: 900 })
      await profile.goto(`${site.server.url}/artigiani/idraulica-neri`, { waitUntil: 'load' })
      expect(await profile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      if (width !== 768) {
        expect(await axeViolations(profile)).toEqual([])
      }
      await keepScreenshot(profile, `profile-${width}`, { fullPage: true })
    }
    await reading.close()

    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(`${site.server.url}/artigiani/idraulica-neri`, { waitUntil: 'networkidle' })
    await page.getByRole('link', { name: 'Chiedi un preventivo a Idraulica Neri' }).click()
    const address = page.getByLabel("Indirizzo dell'intervento")
    await expect.poll(() => address.isVisible()).toBe(true)
    await address.click()
    await address.fill('Sesto')
    await page.getByRole('option', { name: /Sesto San Giovanni/ }).click()
    const form = page.getByRole('form', { name: 'Richiedi un preventivo gratuito' })
    // The craftsman's trade is the service the form starts on.
    await expect.poll(() => form.getByLabel('Servizio').inputValue()).toBe('idraulico')
    await fillContact(form, 'Perdita sotto il lavello della cucina.')
    await answerCaptcha(form)
    await form.getByRole('button', { name: 'Invia Richiesta' }).click()
    await page.waitForURL(`${site.server.url}/thank-you`)
    const [lead] = readRows<{ preferred_artisan_id: number | null; service_id: string; location_label: string }>(
      site.server.databasePath,
      'select preferred_artisan_id, service_id, location_label, street, comune_slug, marketing_consent_at from leads order by id desc limit 1',
    )
    // The consent left unticked is stored as none.
    expect(lead).toEqual({
      preferred_artisan_id: artisanId,
      service_id: 'idraulico',
      location_label: 'Sesto San Giovanni, MI, Italia',
      street: 'Via Roma 10',
      comune_slug: 'sesto-san-giovanni',
      marketing_consent_at: null,
    })
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('a visitor on a phone whose quote reaches a craftsman with no office action', () => {
  it('answers the painter’s questions in Rho, sends, and the covering craftsman is offered the job with the answers and the comune, not the street', async () => {
    // Offers go out every day at any hour; the app's dispatcher runs on the real clock, moved to the next opening only
    // on a holiday (skipped whatever the days) or in the last minute of a day, so the test holds any day it runs.
    const everyDay: OfficeHours = { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' }
    const app = await startApp(mailEnv(site.ses), { now: () => nextOfficeTime(everyDay, Date.now()) })
    try {
      await app.db
        .transaction()
        .execute((trx) =>
          writeDispatchSettings(
            trx,
            { enabled: true, perRequest: 1, rounds: 1, officeHours: everyDay },
            { actorId: null, actorEmail: 'ufficio@artigianimilano.it' },
          ),
        )
      await insertArtisan(
        app.db,
        artisan({
          companyName: 'Colori Rho Snc',
          contactName: 'Paolo Verdi',
          email: 'paolo.verdi@artigiani.example',
          specializationSectors: ['Imbianchino'],
          operativeZones: ['Rho'],
        }),
      )
      const { context, page, form, problems } = await openQuoteForm(serviceInComunePath('imbianchino', 'rho'), { width: 375, height: 800 }, app.url)
      expect(await form.getByText('Comune:').textContent()).toBe('Comune: Rho')
      await expect.poll(() => form.getByRole('group', { name: 'Cosa va dipinto' }).getByRole('radio').count(), { timeout: 15_000 }).toBe(3)
      await form.getByRole('group', { name: 'Cosa va dipinto' }).getByRole('radio', { name: 'Interni', exact: true }).check()
      await form.getByLabel('Stanze da dipingere').fill('3')
      await form.getByRole('group', { name: 'Anche i soffitti' }).getByRole('radio', { name: 'Sì' }).check()
      await form.getByRole('group', { name: 'Mobili da spostare o coprire' }).getByRole('radio', { name: 'No, i locali sono vuoti' }).check()
      await form.getByRole('group', { name: 'Quando?' }).getByRole('radio', { name: 'Entro 2 settimane' }).check()
      await form.getByLabel('Via e numero civico').fill('Via Madonna 12')
      await form.getByLabel('Nome e Cognome').fill('Giulia Fontana')
      await form.getByLabel('Email').fill('giulia.fontana@example.com')
      await form.getByLabel('Telefono').fill('333 987 6543')
      await form.getByLabel('Descrivi il lavoro').fill('Tinteggiatura di tre stanze, pareti e soffitti.')
      await answerCaptcha(form)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      // From the top: scrolled, the sticky header would cover the middle of a full-page shot.
      await page.evaluate(() => window.scrollTo(0, 0))
      await keepScreenshot(page, 'quote-form-dispatched-375', { fullPage: true })
      await form.getByRole('button', { name: 'Invia Richiesta' }).click()
      await page.waitForURL(`${app.url}/thank-you`)
      expect(problems).toEqual([])
      await context.close()

      const lead = await app.db.selectFrom('leads').select(['id', 'street', 'comune_slug', 'answers', 'timing']).executeTakeFirstOrThrow()
      expect(lead).toEqual({
        id: lead.id,
        street: 'Via Madonna 12',
        comune_slug: 'rho',
        answers: '{"ambienti":"interni","stanze":3,"soffitti":"si","mobili":"no"}',
        timing: 'entro-2-settimane',
      })

      // Nobody signed in to the office: the dispatcher alone offers the job to the craftsman who covers Rho.
      let offer: SesEmail | undefined
      await expect
        .poll(
          async () => {
            offer = (await site.ses.emails()).find((mail) => mail.destination.to.includes('paolo.verdi@artigiani.example'))
            return offer?.subject
          },
          { timeout: 20_000 },
        )
        .toBe(`Nuovo lavoro: Imbianchino a Rho (n. ${lead.id})`)
      const text = offer!.body.text ?? ''
      for (const line of [
        'Cosa va dipinto: Interni',
        'Stanze da dipingere: 3 stanze',
        'Anche i soffitti: Sì',
        'Mobili da spostare o coprire: No, i locali sono vuoti',
      ]) {
        expect(text).toContain(line)
      }
      expect(text).toContain('Entro 2 settimane')
      expect(text).toContain('Rho')
      expect(`${text}${offer!.body.html}`).not.toContain('Via Madonna')
      expect(await app.db.selectFrom('lead_assignments').select('assigned_by').execute()).toEqual([{ assigned_by: 'dispatcher' }])
    } finally {
      await app.stop()
    }
  })
})
