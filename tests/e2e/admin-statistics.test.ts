import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatLongDay, lastDays, previousPeriod, romeDay } from '#shared/italian-time.ts'
import { COST_INVALID } from '#shared/schemas/statistics.ts'
import { comparisonOf, countChange } from '#src/routes/admin/statistics/-components/period-change.tsx'
import { addLead, quoteLead } from '../helpers/admin-leads.ts'
import { seedBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { readRows } from '../helpers/database.ts'

const ADMIN = { email: 'titolare@artigianimilano.it', password: 'password-di-prova-2026' }
const office = serveBackOffice(ADMIN, {
  prepare: async (server) => {
    await seedBackOffice(server.databasePath, { leads: 2000, artisans: 40 })
    // A request today, whatever the hour: just after midnight the demo's days hold none yet, and today's bar is not drawn.
    await addLead(server.databasePath, quoteLead())
  },
})

const toast = (page: import('playwright-core').Page) => page.locator('li[data-state="open"]')
type Page = import('playwright-core').Page

/** Requests of the Italian days from `from` to `to`, as the database holds them. */
const requestsIn = ({ from, to }: { from: string; to: string }) =>
  readRows<{ n: number }>(
    office.server.databasePath,
    "select coalesce(sum(requests), 0) as n from lead_days where dimension = 'all' and day >= ? and day <= ?",
    from,
    to,
  )[0]!.n

/** Tables wider than their box, by heading: at 768 px and more each fits (a phone scrolls inside the box). */
const clippedTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('section table')]
      .filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth)
      .map((table) => table.closest('section')!.querySelector('h2')!.textContent),
  )

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
    // The period says which days it holds: today included.
    expect(await page.getByText(/^Dal .+ al .+: ultimi 30 giorni, oggi compreso \(giorni italiani\)$/).count()).toBe(1)

    // Each headline figure against the 30 days before: the requests' change from the database's counts.
    const period = lastDays(30)
    const changes = await page.locator('dl [data-change]').allTextContents()
    expect(changes).toHaveLength(3)
    expect(changes[1]).toBe(countChange(requestsIn(period), requestsIn(previousPeriod(period)), comparisonOf(period, period.to)).text)
    for (const change of changes) expect(change).toMatch(/^([+-][\d.,]+(%| punt[oi]) rispetto ai|invariato rispetto ai|nuovo: .+ nei) 30 giorni precedenti$/)

    // Today, still going on, drawn lighter and dashed, with its legend, rather than as a fall.
    await expect.poll(() => page.getByText('Oggi, in corso', { exact: true }).count()).toBe(1)
    expect(await page.locator('.recharts-bar-rectangle path[fill-opacity="0.35"]').count()).toBe(1)
    expect(await page.locator('path.recharts-curve[stroke-dasharray="5 4"]').count()).toBe(1)

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `width ${width}` }).toBe(true)
      if (width >= 768) expect(await clippedTables(page), `width ${width}`).toEqual([])
      await keepScreenshot(page, `admin-statistics-${width}`, { fullPage: true })
      await keepScreenshot(page, `admin-statistics-top-${width}`)
    }
    expect(await axeViolations(page)).toEqual([])

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

    // Today's figures against yesterday's, its requests by hour, the hour going on lighter.
    await toast(page).getByRole('button', { name: 'Chiudi notifica' }).click()
    await page.getByRole('button', { name: 'Oggi', exact: true }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Richieste per ora' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Oggi', exact: true }).getAttribute('aria-pressed')).toBe('true')
    const today = romeDay(Date.now())
    expect(await page.getByText(`Oggi, ${formatLongDay(Date.now())}: giornata in corso (giorno italiano)`).count()).toBe(1)
    const day = { from: today, to: today }
    await expect
      .poll(() => page.locator('dl [data-change]').nth(1).textContent())
      .toBe(countChange(requestsIn(day), requestsIn(previousPeriod(day)), comparisonOf(day, today)).text)
    expect(await page.getByRole('figure').getAttribute('aria-label')).toMatch(
      new RegExp(`^Richieste per ora: ${requestsIn(day)} richiest[ae] nel giorno; la giornata è in corso$`),
    )
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `width ${width}` }).toBe(true)
      await keepScreenshot(page, `admin-statistics-today-${width}`)
    }
    expect(await axeViolations(page)).toEqual([])

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
