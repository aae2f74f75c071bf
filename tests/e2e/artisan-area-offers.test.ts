import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { AMOUNT_NOT_POSITIVE } from '#shared/area-offers.ts'
import { addArtisan, addLead, artisan, quoteLead } from '../helpers/admin-leads.ts'
import { openAreaAs, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'

const ADMIN = { email: 'ufficio.offerte@artigianimilano.it', password: 'password-di-prova-2026' }
const HOUR = 3_600_000

let me = 0
let kitchen = 0
let bathroom = 0
let taken = 0
const office = serveBackOffice(ADMIN, {
  prepare: async (server) => {
    const path = server.databasePath
    me = await addArtisan(path, artisan({ email: 'elettro.area@artigiani.example', contactName: 'Marco Riva', companyName: 'Elettro Riva' }))
    const other = await addArtisan(path, artisan({ email: 'altro.area@artigiani.example', contactName: 'Paolo Neri', companyName: null }))
    const lead = (fullName: string, overrides: Parameters<typeof quoteLead>[0] = {}) =>
      addLead(
        path,
        quoteLead({
          fullName,
          email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
          street: 'Via Marelli 12',
          answers: { intervento: 'guasto', superficie: 85 },
          timing: 'entro-2-settimane',
          ...overrides,
        }),
      )
    const offerTo = (leadId: number, artisanId: number, at: number, extra: Record<string, string | null> = {}) =>
      changeRows(
        path,
        `insert into lead_assignments (lead_id, artisan_id, assigned_at, assigned_by, response, responded_at, decline_reason) values (?, ?, ?, ?, ?, ?, ?)`,
        leadId,
        artisanId,
        new Date(at).toISOString(),
        extra.assigned_by ?? 'admin',
        extra.response ?? null,
        extra.responded_at ?? null,
        extra.decline_reason ?? null,
      )
    const now = Date.now()
    kitchen = await lead('Carla Bianchi', { description: 'Salta la corrente quando accendo il forno e la lavatrice insieme. Quadro vecchio.' })
    offerTo(kitchen, me, now - 2 * HOUR)
    offerTo(kitchen, other, now - 2 * HOUR)
    // The dispatcher's round ends in 2 h 30 min: sooner than the links' 7 days.
    bathroom = await lead('Giorgio Verdi', { description: 'Punto luce nuovo in bagno e una presa vicino allo specchio.', timing: 'urgente' })
    offerTo(bathroom, me, now - HOUR, { assigned_by: 'dispatcher' })
    changeRows(path, 'update leads set dispatch_round = 1, dispatch_due_at = ? where id = ?', new Date(now + 2.5 * HOUR).toISOString(), bathroom)
    taken = await lead('Anna Colombo', { phone: '+39 347 555 1234', description: 'Impianto da rifare in un bilocale.' })
    offerTo(taken, me, now - 5 * HOUR, { response: 'accepted', responded_at: new Date(now - 4 * HOUR).toISOString() })
    changeRows(path, "update leads set status = 'contattato', first_accepted_at = ? where id = ?", new Date(now - 4 * HOUR).toISOString(), taken)
    for (const [i, name] of ['Luca Galli', 'Sara Fontana', 'Elena Conti'].entries()) {
      const past = await lead(name, { serviceId: 'idraulico', serviceName: 'Idraulico', comuneSlug: 'rho', placeId: 'comune-rho', locationLabel: 'Rho' })
      offerTo(past, me, now - (10 + i) * 24 * HOUR, {
        response: 'declined',
        responded_at: new Date(now - (10 + i) * 24 * HOUR + HOUR).toISOString(),
        decline_reason: 'troppo_lontano',
      })
    }
  },
})

/** A page of the area at that width, signed in as the craftsman. */
const openArea = (path: string, width: number) => openAreaAs(office, me, path, width)

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const offerRow = (leadId: number) =>
  readRows<{ response: string | null; decline_reason: string | null; outcome: string | null; outcome_amount_cents: number | null }>(
    office.server.databasePath,
    'select response, decline_reason, outcome, outcome_amount_cents from lead_assignments where lead_id = ? and artisan_id = ?',
    leadId,
    me,
  )[0]!

describe('Offerte', () => {
  it('shows the open offers as cards with the time left, the accepted job with its contacts and the history, on a phone and wider', async () => {
    for (const width of [375, 768, 1280]) {
      const { page, problems, context } = await openArea('/artigiano/offerte', width)
      const waiting = page.getByRole('region', { name: /Da rispondere/ })
      await waiting.getByRole('heading', { name: 'Elettricista' }).first().waitFor()
      // The one to answer soonest first: the dispatcher's round ends in 2 h 30 min.
      expect(await waiting.getByText(/^Rispondi entro 2 h (29|30) min$/).count()).toBe(1)
      expect(await waiting.getByText(/^Rispondi entro 6 g 2[12] h$/).count()).toBe(1)
      expect(await waiting.getByText('Sesto San Giovanni').count()).toBe(2)
      expect(await waiting.getByText('Proposta', { exact: true }).count()).toBe(2)
      expect(await waiting.getByText('a 2 artigiani, te compreso', { exact: true }).count()).toBe(1)
      // Never the requester or the street before accepting.
      expect(await waiting.getByText('Carla Bianchi').count()).toBe(0)
      expect(await waiting.getByText('Via Marelli', { exact: false }).count()).toBe(0)
      const jobs = page.getByRole('region', { name: /Lavori accettati/ })
      expect(await jobs.getByText('Anna Colombo').count()).toBe(1)
      expect(await jobs.getByRole('link', { name: 'Chiama Anna Colombo al +39 347 555 1234' }).getAttribute('href')).toBe('tel:+393475551234')
      expect(await page.getByRole('region', { name: 'Storico' }).getByText('Non disponibile: troppo lontano').count()).toBe(3)
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `artisan-area-offers-${width}`, { fullPage: true })
      if (width === 375) expect(await axeViolations(page, (axe) => axe.include('#contenuto'))).toEqual([])
      expect(problems).toEqual([])
      await context.close()
    }
  })

  it('accepts, declines with a reason, says how it ended and searches the history from a phone; the office reads the outcome', async () => {
    const { page, problems, context } = await openArea('/artigiano/offerte', 375)
    const waiting = page.getByRole('region', { name: /Da rispondere/ })
    const kitchenCard = waiting.locator('[data-slot="card"]', { hasText: `n. ${kitchen}` })
    await kitchenCard.getByRole('button', { name: 'Accetta' }).click()
    const jobs = page.getByRole('region', { name: /Lavori accettati/ })
    await jobs.getByText('Carla Bianchi').waitFor()
    expect(offerRow(kitchen).response).toBe('accepted')
    expect(
      await jobs
        .locator('[data-slot="card"]', { hasText: `n. ${kitchen}` })
        .getByText('Via Marelli 12, Sesto San Giovanni')
        .count(),
    ).toBe(1)

    const bathroomCard = waiting.locator('[data-slot="card"]', { hasText: `n. ${bathroom}` })
    await bathroomCard.getByRole('button', { name: 'Non sono disponibile' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Troppo impegnato').check()
    await keepScreenshot(page, 'artisan-area-offers-decline-375')
    expect(await axeViolations(page, (axe) => axe.include('[role="dialog"]'))).toEqual([])
    await dialog.getByRole('button', { name: 'Non sono disponibile' }).click()
    await page.getByRole('region', { name: 'Storico' }).getByText('Non disponibile: troppo impegnato').waitFor()
    expect(offerRow(bathroom)).toMatchObject({ response: 'declined', decline_reason: 'troppo_impegnato' })
    expect(await waiting.getByText('Nessuna offerta in attesa di risposta.', { exact: false }).count()).toBe(1)

    // "Com'è finita?" on the job just taken: a bad amount is refused with its message, then saved.
    const kitchenJob = jobs.locator('[data-slot="card"]', { hasText: `n. ${kitchen}` })
    await kitchenJob.getByLabel('Lavoro acquisito').check()
    await kitchenJob.getByLabel('Importo in euro (facoltativo)').fill('0')
    await kitchenJob.getByRole('button', { name: 'Salva esito' }).click()
    await kitchenJob.getByText(AMOUNT_NOT_POSITIVE).waitFor()
    expect(offerRow(kitchen).outcome).toBeNull()
    await keepScreenshot(kitchenJob, 'artisan-area-offers-outcome-error-375')
    await kitchenJob.getByLabel('Importo in euro (facoltativo)').fill('1.250,50')
    await kitchenJob.getByRole('button', { name: 'Salva esito' }).click()
    await kitchenJob.getByText('Ora: Lavoro acquisito · 1.250,50 €').waitFor()
    expect(offerRow(kitchen)).toMatchObject({ outcome: 'acquisito', outcome_amount_cents: 125050 })
    await keepScreenshot(page, 'artisan-area-offers-after-375', { fullPage: true })

    const history = page.getByRole('region', { name: 'Storico' })
    await history.getByRole('searchbox', { name: 'Cerca nello storico' }).fill('idraul')
    await history.getByRole('button', { name: 'Cerca' }).click()
    await expect.poll(() => history.getByText('3 offerte per “idraul”').count()).toBe(1)
    expect(new URL(page.url()).searchParams.get('q')).toBe('idraul')
    // The search is in the address: a reload (or a shared link) shows the same page, rendered by the server.
    await page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => history.getByText('3 offerte per “idraul”').count()).toBe(1)
    expect(await history.getByRole('searchbox', { name: 'Cerca nello storico' }).inputValue()).toBe('idraul')
    expect(problems).toEqual([])
    await context.close()

    // The office reads it where the craftsmen of the lead are listed.
    const admin = await office.open(`/admin/leads?lead=${kitchen}`, 1280)
    const line = admin.page.getByText("Com'è finita, secondo l'artigiano:")
    await line.waitFor()
    expect((await line.textContent())?.replace(/\u00a0/g, ' ')).toContain('Lavoro acquisito · 1.250,50 €')
    await keepScreenshot(line.locator('xpath=ancestor::li[1]'), 'admin-lead-offer-outcome-1280')
    await admin.context.close()
  })
})
