import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedElectricians, seedLeads } from '../helpers/artisan-figures.ts'
import { openAreaAs, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { countOf } from '#shared/plural.ts'

const ADMIN = { email: 'ufficio.numeri@artigianimilano.it', password: 'password-di-prova-2026' }
let electricians: number[] = []
const office = serveBackOffice(ADMIN, {
  prepare: async (server) => {
    electricians = await seedElectricians(server.databasePath, await seedLeads(server.databasePath))
    // The quickest signed in once, and paused themselves from their area: the office's history says so.
    changeRows(server.databasePath, 'update artisans set last_sign_in_at = ? where id = ?', '2026-11-26T08:30:00.000Z', electricians[0])
    changeRows(
      server.databasePath,
      "insert into audit_log (created_at, actor_id, actor_email, actor_kind, action, entity_type, entity_id, details) values (?, ?, ?, 'artisan', 'pause', 'artisan', ?, null)",
      '2026-11-26T08:35:00.000Z',
      String(electricians[0]),
      'elettricista0@artigiani.example',
      String(electricians[0]),
    )
  },
})

/** A page of the area at that width, signed in as that craftsman. */
const openArea = (artisanId: number, path: string, width: number) => openAreaAs(office, artisanId, path, width)

const sessionsOf = (id: number) =>
  readRows<{ n: number }>(office.server.databasePath, 'select count(*) as n from artisan_sessions where artisan_id = ?', id)[0]!.n
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('I tuoi numeri', () => {
  it('shows the craftsman their figures with their band and what improves them, on a phone and wider', async () => {
    for (const width of [375, 768, 1280]) {
      const { page, problems, context } = await openArea(electricians[0]!, '/artigiano/numeri', width)
      await page.getByRole('heading', { name: 'Tempo di risposta' }).waitFor()
      const response = page.getByRole('region', { name: 'Tempo di risposta' })
      expect(await response.getByText('25 min', { exact: true }).count()).toBe(1)
      expect(await response.getByText('Tra i più rapidi della tua zona').count()).toBe(1)
      expect(await response.getByText("Sul tuo profilo pubblico: «Risponde di solito entro un'ora».").count()).toBe(1)
      expect(await page.getByRole('region', { name: 'Lavori accettati' }).getByText('75%').count()).toBe(1)
      expect(await page.getByRole('region', { name: 'Valutazione media' }).getByText('4,7/5').count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Cosa lo migliora' }).count()).toBe(3)
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `artisan-area-figures-${width}`, { fullPage: true })
      if (width === 375) expect(await axeViolations(page)).toEqual([])
      expect(problems).toEqual([])
      await context.close()
    }
    // The slowest reads honest words, not a flattering band.
    const { page, context } = await openArea(electricians[5]!, '/artigiano/numeri', 375)
    await page.getByRole('heading', { name: 'Tempo di risposta' }).waitFor()
    expect(await page.getByText('Più lento della maggior parte della tua zona').count()).toBe(1)
    await keepScreenshot(page, 'artisan-area-figures-bottom-375', { fullPage: true })
    await context.close()
  })
})

describe('the office’s craftsman page', () => {
  it('shows who made each change, the last sign-in and the devices, and ends every session of the craftsman', async () => {
    const id = electricians[0]!
    const area = await openArea(id, '/artigiano/numeri', 375)
    // The phone last: it ends the sessions.
    for (const width of [1280, 768, 375]) {
      const { page, problems, context } = await office.open(`/admin/artisans/${id}`, width)
      const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Area artigiani' }) })
      await expect.poll(() => card.getByText('Dispositivi collegati:').count()).toBe(1)
      expect(await card.locator('dd').nth(1).textContent()).toBe(countOf(sessionsOf(id), 'dispositivo', 'dispositivi'))
      expect(await card.getByText('26 nov 2026', { exact: false }).count()).toBe(1)
      expect(await page.getByText('Messo in pausa').locator('..').textContent()).toContain('dall’artigiano')
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `admin-artisan-area-access-${width}`, { fullPage: true })
      await keepScreenshot(card, `admin-artisan-area-access-card-${width}`)
      expect(problems).toEqual([])
      if (width !== 375) {
        await context.close()
        continue
      }
      await card.getByRole('button', { name: 'Termina tutte le sessioni' }).click()
      const dialog = page.getByRole('alertdialog')
      await keepScreenshot(page, 'admin-artisan-area-access-confirm-375')
      await dialog.getByRole('button', { name: 'Termina le sessioni' }).click()
      await expect.poll(() => card.getByText('nessuno', { exact: true }).count()).toBe(1)
      expect(sessionsOf(id)).toBe(0)
      expect(await card.getByRole('button', { name: 'Termina tutte le sessioni' }).isDisabled()).toBe(true)
      expect(await page.getByText('Sessioni dell’area artigiani terminate').locator('..').textContent()).toContain(`da ${ADMIN.email}`)
      await context.close()
    }
    // The craftsman's next request finds no session: the area sends them to the sign-in.
    await area.page.reload({ waitUntil: 'networkidle' })
    await expect.poll(() => new URL(area.page.url()).pathname).toBe('/artigiano/accedi')
    await area.context.close()
  })
})
