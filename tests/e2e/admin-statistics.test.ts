import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { COST_INVALID } from '#shared/schemas/statistics.ts'
import { seedBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'
import { shots } from '../helpers/browser.ts'
import { readRows } from '../helpers/database.ts'

const ADMIN = { email: 'titolare@artigianimilano.it', password: 'password-di-prova-2026' }
const office = serveBackOffice(ADMIN, { prepare: (server) => seedBackOffice(server.databasePath, { leads: 2000, artisans: 40 }) })

const toast = (page: import('playwright-core').Page) => page.locator('li[data-state="open"]')

describe('the Statistiche screen', () => {
  it('shows visits, requests and conversion for the period, tables that sort and export, and the campaigns’ costs per request', async () => {
    const { page, problems, context } = await office.open('/admin/statistics')
    await expect.poll(() => page.getByRole('heading', { name: 'Per tipo di pagina' }).count(), { timeout: 15_000 }).toBe(1)
    const totals = await page.locator('dl dd.text-3xl').allTextContents()
    expect(totals).toHaveLength(3)
    expect(Number(totals[0]!.replace(/\./g, ''))).toBeGreaterThan(0)
    expect(totals[2]).toMatch(/^\d+,\d\s?%$/)
    expect(await page.locator('p', { hasText: 'Visite non conteggiate perché sospette:' }).textContent()).toMatch(
      /^Visite non conteggiate perché sospette: \d+ \(troppe pagine dallo stesso indirizzo nello stesso giorno\)/,
    )
    expect(await page.getByRole('button', { name: 'Ultimi 30 giorni' }).getAttribute('aria-pressed')).toBe('true')

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `width ${width}` }).toBe(true)
      await page.screenshot({ path: path.join(shots, `admin-statistics-${width}.png`), fullPage: true })
      await page.screenshot({ path: path.join(shots, `admin-statistics-top-${width}.png`) })
    }
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([])

    // Sorting the services by requests, then exporting what is shown.
    const services = page.getByRole('region', { name: 'Per servizio' })
    await services.getByRole('button', { name: 'Richieste' }).click()
    expect(await services.getByRole('columnheader', { name: 'Richieste' }).getAttribute('aria-sort')).toBe('descending')
    const requests = (await services.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) => Number(text.replace(/\./g, '')))
    expect(requests).toEqual([...requests].sort((a, b) => b - a))
    const [download] = await Promise.all([page.waitForEvent('download'), services.getByRole('button', { name: 'Esporta CSV: Per servizio' }).click()])
    expect(download.suggestedFilename()).toBe('statistiche-servizi.csv')
    const csv = fs.readFileSync((await download.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('\uFEFFServizio;Visite;Richieste;Conversione')
    // Ten rows on the screen (or all of them on request), every one in the CSV.
    const serviceCount = requests.length
    expect(serviceCount).toBeLessThanOrEqual(10)
    const showAll = services.getByRole('button', { name: /Mostra tutte le \d+ righe/ })
    const total = (await showAll.count()) ? Number((await showAll.textContent())!.match(/\d+/)![0]) : serviceCount
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(total + 1)
    if (await showAll.count()) {
      await showAll.click()
      expect(await services.locator('tbody tr').count()).toBe(total)
    }

    // A campaign's cost for this month: a wrong amount is refused, a right one gives the cost per request.
    const costs = page.getByRole('region', { name: 'Costi delle campagne' })
    const campaign = (await costs.getByLabel('Campagna').locator('option').allTextContents()).find((label) => label.includes(' / '))!
    await costs.getByLabel('Campagna').selectOption(campaign)
    await costs.getByLabel('Costo (€)').fill('dieci euro')
    await costs.getByRole('button', { name: 'Salva costo' }).click()
    expect(await costs.getByRole('alert').textContent()).toBe(COST_INVALID)
    expect(readRows(office.server.databasePath, 'select * from campaign_costs')).toEqual([])
    await costs.getByLabel('Costo (€)').fill('450,50')
    await costs.getByRole('button', { name: 'Salva costo' }).click()
    await expect.poll(() => toast(page).textContent()).toContain('Costo Salvato')
    expect(readRows(office.server.databasePath, 'select source, cost_cents from campaign_costs')).toEqual([{ source: campaign, cost_cents: 45_050 }])
    const sources = page.getByRole('region', { name: 'Per campagna e provenienza' })
    await expect.poll(() => sources.getByRole('row', { name: new RegExp(campaign.replaceAll('/', '\\/')) }).textContent()).toContain('€')

    // A custom period.
    await page.getByRole('button', { name: 'Personalizzato' }).click()
    await page.getByLabel('Dal', { exact: true }).fill('2026-01-01')
    await page.getByLabel('Al', { exact: true }).fill('2026-03-31')
    await page.getByRole('button', { name: 'Applica' }).click()
    await expect.poll(() => page.url()).toContain('from=2026-01-01')
    await expect.poll(() => page.getByText('Dal 1 gennaio 2026 al 31 marzo 2026').count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
