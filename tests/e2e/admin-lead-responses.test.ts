import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { acceptOffer, declineOffer, recordOffer } from '#server/repositories/offers.ts'
import { saveRating } from '#server/repositories/ratings.ts'
import { NO_NEXT_ARTISAN } from '#shared/schemas/admin-leads.ts'
import { addArtisan, addLead, artisan, quoteLead } from '../helpers/admin-leads.ts'
import { gotoBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'

const ADMIN = { email: 'risposte@artigianimilano.it', password: 'password-di-prova-2026' }
const HOUR = 3_600_000
const COMMENT = `<b>Ottimo</b> lavoro <script>alert(1)</script> ${'davvero preciso, '.repeat(20)}`

let waitingId: number
let lucaId: number

const ago = (hours: number) => new Date(Date.now() - hours * HOUR)

/**
 * Luca (Impianti Bianchi) has a record: one job accepted and rated with a comment full of markup, one declined as too
 * far. Carla's request was offered to him two days ago and is still unanswered; Marco (Elettro Sesto) is the other
 * electrician for Sesto San Giovanni.
 */
async function seed(databasePath: string) {
  lucaId = await addArtisan(databasePath, artisan({ companyName: 'Impianti Bianchi Srl', contactName: 'Luca Bianchi', email: 'luca@bianchi.example' }))
  await addArtisan(databasePath, artisan({ companyName: 'Elettro Sesto Snc', contactName: 'Marco Sala', email: 'marco@sala.example' }))
  const accepted = await addLead(databasePath, quoteLead({ fullName: 'Anna Colombo', email: 'anna@example.com' }), [], ago(240).toISOString())
  const declined = await addLead(databasePath, quoteLead({ fullName: 'Paolo Ferrari', email: 'paolo@example.com' }), [], ago(120).toISOString())
  waitingId = await addLead(databasePath, quoteLead({ fullName: 'Carla Neri', email: 'carla@example.com' }), [], ago(50).toISOString())
  const { db } = openDatabase(databasePath)
  try {
    const offer = (leadId: number, hours: number) =>
      recordOffer(db, { leadId, artisanId: lucaId, artisanName: 'Luca Bianchi', assignedBy: ADMIN.email, actor: ADMIN.email }, ago(hours).toISOString())
    const { assignmentId: first } = await offer(accepted, 239)
    await acceptOffer(db, { assignmentId: first, leadId: accepted, artisanId: lucaId }, 7 * 24 * HOUR, ago(238))
    await saveRating(db, { leadId: accepted, artisanId: lucaId, stars: 4, outcome: 'fatto', comment: COMMENT }, ago(60).toISOString())
    const { assignmentId: second } = await offer(declined, 119)
    await declineOffer(db, { assignmentId: second, leadId: declined, artisanId: lucaId }, 'troppo_lontano', ago(117))
    await offer(waitingId, 49)
  } finally {
    await db.destroy()
  }
}

const office = serveBackOffice(ADMIN, { prepare: (server) => seed(server.databasePath) })

/** The page at a phone's, a tablet's and a desktop's width: no horizontal scroll, no accessibility violation, a screenshot of `part`. */
async function lookAt(page: Page, name: string, part: (page: Page) => Locator = (p) => p.locator('main')) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // The dashboard's chart measures its box again after a resize: the page settles within a few frames.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `${name} at ${width}` }).toBe(true)
    await keepScreenshot(part(page), `${name}-${width}`)
  }
  expect(await axeViolations(page)).toEqual([])
}

const toast = (page: Page) => page.locator('li[data-state="open"]')
const offersOf = (leadId: number) =>
  readRows<{ artisan_id: number; revoked: number }>(
    office.server.databasePath,
    'select artisan_id, revoked_at is not null as revoked from lead_assignments where lead_id = ? order by id',
    leadId,
  )

describe('how craftsmen answer, as the office sees it', () => {
  it('lists the lead nobody took for two days on the dashboard and offers it to the next craftsman in one click', async () => {
    const { page, problems, context } = await office.open('/admin/dashboard')
    const card = page.getByRole('heading', { name: 'Risposte degli artigiani' }).locator('xpath=ancestor::*[@data-slot="card"][1]')
    // Paolo's request too: its only craftsman said no, so it waits for someone else.
    await expect.poll(() => card.textContent()).toContain('In attesa da più di 24 ore (2)')
    const figures = (await card.locator('dl').locator('dt, dd').allTextContents()).join(' ')
    expect(figures).toBe(
      'Tasso di risposta 67% 2 risposte su 3 offerte Tasso di accettazione 33% 1 offerta accettata Tempo mediano alla prima accettazione 1 h Su 1 preventivo accettato',
    )
    expect(await card.getByRole('link', { name: `Elettricista n. ${waitingId}` }).getAttribute('href')).toBe(`/admin/leads?page=1&lead=${waitingId}`)
    await lookAt(page, 'admin-dashboard-responses', () => card)

    await card.getByRole('button', { name: `Offri al prossimo artigiano: Elettricista n. ${waitingId}` }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Preventivo Offerto')
    expect(await toast(page).textContent()).toContain('Elettro Sesto Snc riceverà la richiesta via email. Ritirata 1 offerta senza risposta.')
    await expect.poll(() => card.textContent()).toContain('In attesa da più di 24 ore (1)')
    expect(await card.getByRole('link', { name: `Elettricista n. ${waitingId}` }).count()).toBe(0)
    expect(offersOf(waitingId)).toEqual([
      { artisan_id: lucaId, revoked: 1 },
      { artisan_id: lucaId + 1, revoked: 0 },
    ])
    expect(readRows(office.server.databasePath, "select count(*) as n from email_outbox where category = 'lead-offer'")).toEqual([{ n: 1 }])

    // A day later nobody answered again, and no other electrician serves Sesto: the office is told, nothing changes.
    changeRows(office.server.databasePath, 'update leads set awaiting_answer_since = ? where id = ?', ago(30).toISOString(), waitingId)
    await page.reload({ waitUntil: 'networkidle' })
    await card.getByRole('button', { name: `Offri al prossimo artigiano: Elettricista n. ${waitingId}` }).click()
    await expect.poll(() => toast(page).textContent()).toContain(NO_NEXT_ARTISAN)
    expect(offersOf(waitingId)).toEqual([
      { artisan_id: lucaId, revoked: 1 },
      { artisan_id: lucaId + 1, revoked: 0 },
    ])
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)'])
    await context.close()
  })

  it('opens a lead from its link with every answer, the rating as text, the timeline, and takes back an unanswered offer', async () => {
    const { page, problems, context } = await office.open(`/admin/leads?lead=${waitingId}`, 375)
    const dialog = page.getByRole('dialog', { name: 'Dettagli Preventivo' })
    const offers = dialog.getByRole('region', { name: 'Artigiani' })
    await expect.poll(() => offers.textContent(), { timeout: 10_000 }).toContain('In attesa di risposta')
    expect(await offers.textContent()).toContain('Offerta ritirata')
    await lookAt(page, 'admin-lead-offers', () => offers)

    await offers.getByRole('button', { name: 'Ritira offerta a Elettro Sesto Snc' }).click()
    const confirm = page.getByRole('alertdialog', { name: "Ritirare l'offerta?" })
    await confirm.getByRole('button', { name: 'Ritira offerta' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Offerta Ritirata')
    expect(offersOf(waitingId).map((offer) => offer.revoked)).toEqual([1, 1])
    expect(await offers.getByRole('button', { name: /Ritira offerta/ }).count()).toBe(0)

    const timeline = dialog.getByRole('list', { name: 'Cronologia' })
    const steps = await timeline.getByRole('listitem').allTextContents()
    const sentences = [
      'Richiesta ricevuta',
      `Offerta a Luca Bianchi · da ${ADMIN.email}`,
      `Stato: Nuovo → Assegnato · automatico`,
      `Offerta a Luca Bianchi ritirata · da ${ADMIN.email}`,
      `Offerta a Marco Sala · da ${ADMIN.email}`,
      `Offerta a Marco Sala ritirata · da ${ADMIN.email}`,
    ]
    expect(steps.map((step) => step.replace(/^\d\d\/\d\d\/\d\d, \d\d:\d\d\s*/, ''))).toEqual(sentences)
    await lookAt(page, 'admin-lead-timeline', () => timeline)
    expect(problems).toEqual([])
    await context.close()
  })

  it("shows a craftsman's answers, reasons, response time and ratings on his page, the comment as plain text", async () => {
    const { page, problems, context } = await office.open(`/admin/artisans/${lucaId}`, 375)
    const card = page.getByRole('heading', { name: 'Lavori offerti' }).locator('xpath=ancestor::*[@data-slot="card"][1]')
    await expect.poll(() => card.textContent()).toContain('Valutazione media')
    expect((await card.locator('dl').locator('dt, dd').allTextContents()).join(' ')).toBe(
      'Offerti 3 1 ritirata senza risposta Accettati 1 Rifiutati 1 Troppo lontano: 1 Tasso di accettazione 50% Come lo vede l’artigiano nella sua area Tempo mediano di risposta 1 h 30 min Valutazione media 4/5 1 valutazione',
    )
    const list = card.getByRole('list', { name: 'Lavori offerti' })
    expect(await list.getByRole('listitem').count()).toBe(3)
    expect(await list.textContent()).toContain('<b>Ottimo</b> lavoro <script>alert(1)</script>')
    expect(await list.locator('b, script').count()).toBe(0)
    expect(await list.getByRole('img', { name: '4 stelle su 5' }).count()).toBe(1)
    await lookAt(page, 'admin-artisan-offers', () => card)
    expect(problems).toEqual([])
    await context.close()
  })

  it("prepares and publishes a craftsman's public profile: consent first, the address, a verification, a photo without its GPS", async () => {
    const { page, problems, context } = await office.open(`/admin/artisans/${lucaId}`)
    const card = page.getByRole('heading', { name: 'Profilo pubblico' }).locator('xpath=ancestor::*[@data-slot="card"][1]')
    await expect.poll(() => card.getByLabel('Indirizzo (dopo /artigiani/)').inputValue()).toBe('impianti-bianchi-srl')
    // No VAT number on record: the office is told why it cannot be checked.
    expect(await card.textContent()).toContain("La partita IVA dell'artigiano non è valida")

    await card.getByRole('button', { name: 'Pubblica profilo' }).click()
    await expect.poll(() => toast(page).textContent()).toContain("Non puoi pubblicare il profilo: manca il consenso dell'artigiano.")
    expect(readRows(office.server.databasePath, 'select count(*) as n from artisan_profiles')).toEqual([{ n: 0 }])

    await card.getByLabel('Indirizzo (dopo /artigiani/)').fill('Impianti Bianchi')
    await card.getByRole('button', { name: 'Salva indirizzo' }).click()
    await expect.poll(() => card.getByRole('alert').textContent()).toContain("L'indirizzo del profilo può contenere solo lettere minuscole")
    await card.getByLabel('Indirizzo (dopo /artigiani/)').fill('impianti-bianchi')
    await card.getByRole('button', { name: 'Salva indirizzo' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Indirizzo salvato')

    await card.getByRole('button', { name: 'Registra consenso' }).click()
    await expect.poll(() => card.textContent()).toContain(`Consenso registrato il`)
    expect(await card.textContent()).toContain(`da ${ADMIN.email}`)
    await card.getByLabel('Presentazione (testo semplice, senza telefono né email)').fill('Impianti elettrici civili e industriali dal 1998.')
    await card.getByRole('button', { name: 'Salva descrizione' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Descrizione salvata')
    const identity = card.getByRole('listitem').filter({ hasText: 'Identità verificata' })
    await identity.getByRole('button', { name: 'Segna come verificata' }).click()
    await expect.poll(() => identity.textContent()).toContain('Sì, il')

    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#8a5a3c' } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 50/1' } })
      .jpeg()
      .toBuffer()
    await card.getByLabel(/^Nuova foto/).setInputFiles({ name: 'quadro.jpg', mimeType: 'image/jpeg', buffer: photo })
    await card.getByLabel('Didascalia (descrive la foto a chi non la vede)').fill('Quadro elettrico rifatto a Sesto')
    await card.getByRole('button', { name: 'Carica foto' }).click()
    await expect.poll(() => card.getByRole('img', { name: 'Quadro elettrico rifatto a Sesto' }).count()).toBe(1)
    await expect
      .poll(() =>
        card
          .getByRole('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(1600)

    await card.getByRole('button', { name: 'Pubblica profilo' }).click()
    await expect.poll(() => card.getByRole('link', { name: /\/artigiani\/impianti-bianchi/ }).count()).toBe(1)
    expect(readRows(office.server.databasePath, 'select slug, published_at is not null as live from artisan_profiles')).toEqual([
      { slug: 'impianti-bianchi', live: 1 },
    ])
    expect(await card.getByLabel('Indirizzo (dopo /artigiani/)').isDisabled()).toBe(true)
    await lookAt(page, 'admin-artisan-public-profile', () => card)
    expect(await page.getByRole('list', { name: 'Cronologia delle modifiche' }).textContent()).toContain('Profilo pubblicato')

    await gotoBackOffice(page, `${office.server.url}/admin/artisans`)
    await expect.poll(() => page.getByText('Pubblico', { exact: true }).locator('visible=true').count()).toBe(1)
    await keepScreenshot(page, 'admin-artisans-public-marker-1280')
    expect(problems.filter((problem) => !problem.includes('400 (Bad Request)'))).toEqual([])
    await context.close()
  })

  it('shows the leads list first on a phone, with the filters behind a button', async () => {
    const { page, problems, context } = await office.open('/admin/leads', 375)
    const toggle = page.getByRole('button', { name: 'Filtri', exact: true })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByLabel('Nome', { exact: true }).isVisible()).toBe(false)
    const listTitle = page.getByText('Elenco Preventivi Ricevuti')
    expect(await listTitle.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    await keepScreenshot(page, 'admin-leads-phone-375')

    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.getByLabel('Nome', { exact: true }).fill('neri')
    await expect.poll(() => page.url()).toContain('name=neri')
    await expect.poll(() => page.getByRole('button', { name: 'Filtri (1)' }).isVisible()).toBe(true)
    await keepScreenshot(page, 'admin-leads-phone-filters-375', { fullPage: true })

    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await page.getByRole('button', { name: /^Filtri/ }).isVisible()).toBe(false)
    expect(await page.getByLabel('Nome', { exact: true }).isVisible()).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })
})
