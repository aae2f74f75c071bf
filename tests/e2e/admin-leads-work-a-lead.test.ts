import { describe, expect, it } from 'vitest'
import { addArtisan, addLead, addLeadCopies, artisan, quoteLead } from '../helpers/admin-leads.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { atWidths, serveBackOffice } from '../helpers/back-office-pages.ts'
import { keepScreenshot } from '../helpers/browser.ts'
import { samples } from '../helpers/requests.ts'

const ADMIN = { email: 'preventivi@artigianimilano.it', password: 'password-di-prova-2026' }

let carlaId: number
let bianchiId: number

/** Thirteen quote requests from the last day, then Carla's with a photo (the newest), and three craftsmen. */
async function seed(databasePath: string) {
  const names = ['Anna Colombo', 'Paolo Ferrari', 'Giulia Romano', 'Luca Ricci', 'Marta Gallo', 'Stefano Conti', 'Elena Costa', 'Davide Greco']
  for (let i = 0; i < 13; i++) {
    const name = names[i % names.length]!
    await addLead(
      databasePath,
      quoteLead({
        fullName: name,
        email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
        serviceId: i % 2 ? 'idraulico' : 'imbianchino',
        serviceName: i % 2 ? 'Idraulico' : 'Imbianchino',
        locationLabel: i % 3 ? 'Via Dante 3, Rho MI, Italia' : null,
        placeId: null,
        comuneSlug: null,
        ipAddress: i % 3 ? '93.41.12.7' : null,
        userAgent: i % 3 ? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' : null,
        timing: i === 4 ? 'entro-3-mesi' : null,
      }),
      [],
      new Date(Date.now() - (20 - i) * 3_600_000).toISOString(),
    )
  }
  carlaId = await addLead(
    databasePath,
    quoteLead({
      fullName: 'Carla Neri',
      email: 'carla.neri@example.com',
      description: 'Quadro elettrico che salta quando accendo il forno.',
      answers: { intervento: 'quadro', immobile: 'appartamento', superficie: 75 },
      timing: 'urgente',
    }),
    [
      { fileName: 'foto quadro.png', contentType: 'image/png', content: samples.png },
      { fileName: 'schema impianto.pdf', contentType: 'application/pdf', content: samples.pdf },
      { fileName: 'misure.txt', contentType: 'text/plain; charset=utf-8', content: samples.txt },
    ],
  )
  bianchiId = await addArtisan(databasePath, artisan({ companyName: 'Impianti Bianchi Srl', email: 'bianchi@artigiani.example' }))
  await addArtisan(databasePath, artisan({ companyName: 'Elettro Sesto Snc', contactName: 'Marco Sala', email: 'sala@artigiani.example' }))
  await addArtisan(databasePath, artisan({ companyName: 'Da Verificare Snc', email: 'verificare@artigiani.example', isVerified: false }))
  await addArtisan(databasePath, artisan({ companyName: 'Fuori Zona Srl', email: 'fuori@artigiani.example', operativeZones: ['Legnano'] }))
}

const office = serveBackOffice(ADMIN, { prepare: (server) => seed(server.databasePath) })
const { open } = office

describe('an administrator working the leads', () => {
  it("opens a lead's image and PDF in a new tab and downloads its other files where it is", async () => {
    const { context, page, problems } = await open('/admin/leads')
    await page.getByRole('button', { name: 'Visualizza il preventivo di Carla Neri' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dettagli Preventivo' })
    const link = (name: string) => dialog.getByRole('link', { name })

    const [image] = await Promise.all([page.waitForEvent('popup'), link('foto quadro.png').click()])
    await image.waitForLoadState()
    expect(await image.evaluate(() => document.contentType)).toBe('image/png')
    await image.close()

    const [pdf] = await Promise.all([page.waitForEvent('popup'), link('schema impianto.pdf').click()])
    await pdf.waitForLoadState()
    // Chromium shows a PDF in its viewer, an extension frame inside the tab.
    await expect.poll(() => pdf.frames().some((frame) => frame.url().startsWith('chrome-extension://'))).toBe(true)
    await pdf.close()

    const text = link('misure.txt')
    expect(await text.getAttribute('target')).toBeNull()
    const [download] = await Promise.all([page.waitForEvent('download'), text.click()])
    expect(download.suggestedFilename()).toBe('misure.txt')
    expect(context.pages()).toEqual([page])
    expect(problems).toEqual([])
    await context.close()
  })

  it('opens a lead, changes its status, assigns craftsmen and deletes it', async () => {
    const { context, page, problems } = await open('/admin/leads')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gestione Preventivi')
    await expect.poll(() => page.getByText('Elenco Preventivi Ricevuti').count()).toBe(1)
    const table = page.locator('table')
    // Newest first: Carla's request arrived last.
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Carla Neri')
    // A row says who and where the lead stands, what, where, when and how many craftsmen answered; the rest is in the dialog.
    expect(await table.locator('thead th').allTextContents()).toEqual(['Ricevuta', 'Richiedente e stato', 'Servizio', 'Località', 'Risposte', 'Azioni'])
    expect(await table.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('Non ancora offerto')
    expect(await table.locator('tbody tr').count()).toBe(10)
    await page.getByRole('button', { name: 'Pagina 2' }).click()
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4)
    await page.getByRole('button', { name: 'Pagina 1' }).click()

    await page.getByRole('button', { name: 'Visualizza il preventivo di Carla Neri' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dettagli Preventivo' })
    await expect.poll(() => dialog.getByText('Quadro elettrico che salta quando accendo il forno.').count()).toBe(1)
    // The questionnaire first, in the catalogue's words, then who asked.
    const questionnaire = dialog.getByRole('region', { name: 'Risposte al questionario' })
    expect(await questionnaire.locator('dt, dd').allTextContents()).toEqual([
      'Tipo di intervento',
      'Quadro elettrico o salvavita',
      'Tipo di immobile',
      'Appartamento',
      "Superficie dell'immobile",
      '75 m²',
      'Quando',
      'Urgente',
    ])
    const top = async (text: string) => (await dialog.getByText(text, { exact: true }).first().boundingBox())!.y
    expect(await top('Quadro elettrico o salvavita')).toBeLessThan(await top('Nome completo'))
    const attachment = dialog.getByRole('link', { name: 'foto quadro.png' })
    expect(await attachment.getAttribute('target')).toBe('_blank')
    expect(await attachment.getAttribute('href')).toMatch(/^\/admin\/attachments\/\d+$/)
    expect(await dialog.getByText('93.41.12.7').count()).toBe(1)

    await dialog.getByLabel('Stato').selectOption('contattato')
    await dialog.getByLabel('Note Interne').fill('Richiamare dopo le 18.')
    await dialog.getByRole('button', { name: 'Salva Modifiche' }).click()
    await expect.poll(() => page.getByText('Preventivo Aggiornato').count()).toBeGreaterThan(0)
    expect(readRows(office.server.databasePath, 'select status, notes from leads where id = ?', carlaId)).toEqual([
      { status: 'contattato', notes: 'Richiamare dopo le 18.' },
    ])

    // Only the verified craftsmen covering the sector and the town are offered.
    const candidates = dialog.getByRole('form', { name: 'Assegna ad artigiani' }).getByRole('checkbox')
    await expect.poll(() => candidates.count()).toBe(2)
    await dialog.getByLabel(/Impianti Bianchi Srl/).click()
    await dialog.getByLabel(/Elettro Sesto Snc/).click()
    await keepScreenshot(page, 'admin-lead-details-1280', { fullPage: true })
    await dialog.getByRole('button', { name: 'Assegna e invia email' }).click()
    await expect.poll(() => page.getByText('Artigiani Assegnati').count()).toBeGreaterThan(0)
    await expect.poll(() => dialog.getByText('Affidato a').count()).toBe(1)
    expect(await dialog.getByText('bianchi@artigiani.example').count()).toBe(1)
    // Each craftsman now has one request in the last 30 days, in the singular.
    await expect.poll(() => dialog.getByText(/· 1 richiesta negli ultimi 30 giorni/).count()).toBe(2)
    expect(readRows(office.server.databasePath, "select to_address from email_outbox where category = 'lead-offer' order by id")).toEqual([
      { to_address: 'bianchi@artigiani.example' },
      { to_address: 'sala@artigiani.example' },
    ])
    // Wherever the dialog names a craftsman (its offers, its story), the name leads to the craftsman's page.
    const offers = dialog.getByRole('list', { name: 'Affidato a' })
    expect(await offers.getByRole('link', { name: 'Impianti Bianchi Srl' }).getAttribute('href')).toBe(`/admin/artisans/${bianchiId}`)
    expect(await dialog.getByRole('list', { name: 'Cronologia' }).getByRole('link', { name: 'Luca Bianchi' }).first().getAttribute('href')).toBe(
      `/admin/artisans/${bianchiId}`,
    )
    await offers.getByRole('link', { name: 'Impianti Bianchi Srl' }).click()
    await page.waitForURL(`${office.server.url}/admin/artisans/${bianchiId}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Luca Bianchi')
    await page.goBack()
    await expect.poll(() => dialog.getByText('Affidato a').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Chiudi' }).last().click()
    await expect.poll(() => dialog.count()).toBe(0)
    // Two offers, nobody answered yet; then one craftsman accepts.
    await expect.poll(() => table.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('0 risposte su 2')
    changeRows(
      office.server.databasePath,
      "update lead_assignments set response = 'accepted', responded_at = ? where artisan_id = ?",
      new Date().toISOString(),
      bianchiId,
    )
    await page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => table.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('1 risposta su 2')

    await page.getByRole('button', { name: 'Elimina il preventivo di Carla Neri' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Sei sicuro?' })
    await confirm.getByRole('button', { name: 'Elimina Definitivamente' }).click()
    await expect.poll(() => page.getByText('Preventivo Eliminato').count()).toBeGreaterThan(0)
    await expect.poll(() => table.locator('tbody tr').first().textContent()).not.toContain('Carla Neri')
    expect(readRows(office.server.databasePath, 'select count(*) as n from leads where id = ?', carlaId)).toEqual([{ n: 0 }])
    expect(readRows(office.server.databasePath, 'select count(*) as n from email_outbox where lead_id = ?', carlaId)).toEqual([{ n: 0 }])
    expect(problems).toEqual([])
    await context.close()
  })

  it('filters the list and sees the empty state', async () => {
    const { context, page } = await open('/admin/leads')
    const table = page.locator('table')
    await page.getByLabel('Nome', { exact: true }).fill('ferrari')
    await expect.poll(() => page.url()).toContain('name=ferrari')
    await expect.poll(async () => (await table.locator('tbody tr').allTextContents()).every((row) => row.includes('Paolo Ferrari'))).toBe(true)
    await page.getByLabel('Servizio', { exact: true }).selectOption('elettricista')
    await expect.poll(() => page.getByText('Nessun preventivo trovato.').count()).toBe(1)
    await page.getByRole('button', { name: 'Azzera filtri' }).click()
    await expect.poll(() => table.locator('tbody tr').count()).toBe(10)
    // "Quando?" of the quote form: of the leads still there (Carla's was deleted above), one answered "Entro 3 mesi".
    await page.getByLabel('Quando', { exact: true }).selectOption('entro-3-mesi')
    await expect.poll(() => page.url()).toContain('timing=entro-3-mesi')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await table.locator('tbody tr').first().textContent()).toContain('Marta Gallo')
    await keepScreenshot(page, 'admin-leads-filtered-by-timing-1280', { fullPage: true })
    await context.close()
  })

  it('erases a requester from the unique requesters list', async () => {
    const { context, page } = await open('/admin/users')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gestione Utenti')
    await expect.poll(() => page.getByText('Elenco Utenti (Lead Univoci)').count()).toBe(1)
    await page.getByRole('button', { name: 'Visualizza le richieste di paolo.ferrari@example.com' }).click()
    const dialog = page.getByRole('dialog', { name: 'Dettagli Utente' })
    await expect.poll(() => dialog.getByText('Richieste (2)').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Elimina tutti i dati' }).click()
    await page.getByRole('alertdialog', { name: 'Sei sicuro?' }).getByRole('button', { name: 'Elimina Definitivamente' }).click()
    await expect.poll(() => page.getByText('Tutti i preventivi per paolo.ferrari@example.com sono stati eliminati con successo.').count()).toBeGreaterThan(0)
    expect(readRows(office.server.databasePath, "select count(*) as n from leads where email_normalized = 'paolo.ferrari@example.com'")).toEqual([{ n: 0 }])
    expect(readRows(office.server.databasePath, "select reason from email_suppressions where email_normalized = 'paolo.ferrari@example.com'")).toEqual([
      { reason: 'erased' },
    ])
    await context.close()
  })

  for (const width of [375, 768, 1280]) {
    it(`sees the leads and users screens fit at ${width} px`, async () => {
      const screens = ['leads', 'users'].map((screen) => ({ path: `/admin/${screen}`, width, screen }))
      await office.inTurn(screens, async ({ page }, { screen }) => {
        await expect.poll(() => page.getByRole('navigation', { name: 'Paginazione' }).count()).toBe(screen === 'leads' ? 1 : 0)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        // The row actions are on screen, not behind a horizontal scroll.
        const action = page.getByRole('button', { name: /^Elimina (il preventivo|tutti i dati) di/ }).first()
        const box = await action.boundingBox()
        expect(box!.x + box!.width).toBeLessThanOrEqual(width)
        await keepScreenshot(page, `admin-${screen}-${width}`, { fullPage: true })
        if (screen === 'leads') {
          await page
            .getByRole('button', { name: /^Visualizza il preventivo di/ })
            .first()
            .click()
          const dialog = page.getByRole('dialog', { name: 'Dettagli Preventivo' })
          await expect.poll(() => dialog.getByText('Lavorazione').count()).toBe(1)
          await keepScreenshot(page, `admin-lead-dialog-${width}`)
          // The work comes first; the technical details wait, folded, below it and the craftsmen.
          const technical = dialog.getByText('Dettagli tecnici', { exact: true })
          const top = async (text: string) => (await dialog.getByText(text, { exact: true }).boundingBox())!.y
          expect(await top('Lavorazione')).toBeLessThan(await top('Dettagli tecnici'))
          expect(await top('Artigiani')).toBeLessThan(await top('Dettagli tecnici'))
          expect(await dialog.getByText('Indirizzo IP').isVisible()).toBe(false)
          await technical.click()
          await expect.poll(() => dialog.getByText('Indirizzo IP').isVisible()).toBe(true)
          // This lead came with three campaign fields of five: no row for the two it has not.
          expect(await dialog.getByText('utm_campaign', { exact: true }).isVisible()).toBe(true)
          expect(await dialog.getByText(/^utm_(term|content)$/).count()).toBe(0)
        }
      })
    })
  }

  it('sees a search matching more than 10,000 leads said as such, with where its pages end, at 375, 768 and 1280 px', async () => {
    // 10,005 copies of the newest lead from as many requesters whose e-mails hold "contamolti".
    const [newest] = readRows<{ id: number }>(office.server.databasePath, 'select id from leads order by id desc limit 1')
    addLeadCopies(office.server.databasePath, newest!.id, 10_005, 'contamolti')
    await office.inTurn(atWidths('/admin/leads?email=contamolti', [375, 768, 1280]), async ({ page }, { width }) => {
      await expect.poll(() => page.getByText('più di 10.000 preventivi', { exact: true }).count()).toBe(1)
      expect(await page.getByText('Le pagine arrivano ai primi 10.000: aggiungi un filtro per trovare gli altri.').isVisible()).toBe(true)
      // The page-number bar ends at the 1,000th page of ten.
      expect(await page.getByRole('navigation', { name: 'Paginazione' }).getByRole('button', { name: 'Pagina 1000' }).count()).toBe(1)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await keepScreenshot(page, `admin-leads-more-than-counted-${width}`, { fullPage: true })
    })
  })
})
