import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addDays, formatLongDay, romeDay, romeDayStart } from '#shared/italian-time.ts'
import { addArtisan, artisan } from '../helpers/admin-leads.ts'
import { openAreaAs, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { readRows } from '../helpers/database.ts'

const ADMIN = { email: 'ufficio.zone@artigianimilano.it', password: 'password-di-prova-2026' }
let electrician = 0
const office = serveBackOffice(ADMIN, {
  prepare: async (server) => {
    // Luca Bianchi: an electrician in Milano and Sesto San Giovanni (a list measured from Milano), as artisan() makes him.
    electrician = await addArtisan(server.databasePath, artisan({ email: 'luca.zone@artigiani.example' }))
  },
})

/** A page of the area at that width, signed in as the craftsman. */
const openArea = (path: string, width: number) => openAreaAs(office, electrician, path, width)

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(office.server.databasePath, query, ...params)
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const lastAudit = () =>
  rows<{ action: string; actor_kind: string }>(
    "select action, actor_kind from audit_log where entity_type = 'artisan' and entity_id = ? order by id desc limit 1",
    String(electrician),
  )[0]

describe('Disponibilità', () => {
  it('pauses the craftsman until a day with a reason, refusing a day in the past, and resumes them', async () => {
    const today = romeDay(Date.now())
    const { page, problems, context } = await openArea('/artigiano/disponibilita', 375)
    await page.getByRole('heading', { name: 'Disponibilità' }).waitFor()
    expect(await page.getByText('Disponibile: ricevi le offerte della tua zona.').count()).toBe(1)
    await keepScreenshot(page, 'artisan-area-availability-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('In pausa fino al').fill(addDays(today, -1))
    await page.getByLabel('Motivo (lo vede l’ufficio)').fill('Ferie')
    await page.getByRole('button', { name: 'Metti in pausa' }).click()
    await expect.poll(() => page.getByText('La data di fine pausa non può essere nel passato.').count()).toBe(1)
    await keepScreenshot(page, 'artisan-area-availability-error-375', { fullPage: true })
    expect(rows('select paused_until from artisans where id = ?', electrician)).toEqual([{ paused_until: null }])

    await page.getByLabel('In pausa fino al').fill(addDays(today, 14))
    await page.getByRole('button', { name: 'Metti in pausa' }).click()
    const until = formatLongDay(new Date(romeDayStart(addDays(today, 14))))
    await expect.poll(() => page.getByText(`In pausa fino al ${until} compreso`).count()).toBe(1)
    expect(await page.getByText('Motivo: Ferie').count()).toBe(1)
    expect(rows('select paused_until, pause_reason from artisans where id = ?', electrician)).toEqual([
      { paused_until: addDays(today, 14), pause_reason: 'Ferie' },
    ])
    expect(lastAudit()).toEqual({ action: 'pause', actor_kind: 'artisan' })
    await keepScreenshot(page, 'artisan-area-availability-paused-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `artisan-area-availability-paused-${width}`, { fullPage: true })
    }

    await page.getByRole('button', { name: 'Riprendi ora' }).click()
    await expect.poll(() => page.getByText('Disponibile: ricevi le offerte della tua zona.').count()).toBe(1)
    expect(rows('select paused_until from artisans where id = ?', electrician)).toEqual([{ paused_until: null }])
    expect(lastAudit()).toEqual({ action: 'resume', actor_kind: 'artisan' })
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('Zone', () => {
  it('adds a trade with a radius around a comune, previews the comuni it reaches, refuses a radius of 0 and saves', async () => {
    const { page, problems, context } = await openArea('/artigiano/zone', 375)
    await page.getByRole('heading', { name: 'Zone e mestieri' }).waitFor()
    const electricity = page.getByRole('group', { name: 'Elettricista' })
    expect(await electricity.getByText('Ricevi richieste da 2 comuni').count()).toBe(1)
    expect(await fits(page)).toBe(true)
    await keepScreenshot(page, 'artisan-area-zones-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    await page.getByText('Cambia i mestieri').click()
    await page.getByRole('checkbox', { name: 'Idraulico' }).click()
    await page.getByRole('button', { name: 'Idraulico', exact: true }).click()
    const plumbing = page.getByRole('group', { name: 'Idraulico' })
    await plumbing.getByLabel('Comune di partenza').selectOption({ label: 'Rho' })
    await plumbing.getByLabel('Raggio (km)').fill('0')
    await page.getByRole('button', { name: 'Salva zone e mestieri' }).click()
    await expect.poll(() => plumbing.getByText('Il raggio deve essere tra 1 e 100 km.').count()).toBe(1)
    await keepScreenshot(page, 'artisan-area-zones-error-375', { fullPage: true })
    await plumbing.getByLabel('Raggio (km)').fill('8')
    await expect.poll(() => plumbing.getByText('Ricevi richieste da 17 comuni').count()).toBe(1)
    expect(await plumbing.textContent()).toContain('Pero (4 km)')
    await page.getByRole('button', { name: 'Salva zone e mestieri' }).click()
    await expect.poll(() => page.getByText('Zone salvate').count()).toBeGreaterThan(0)
    expect(rows('select sector from artisan_sectors where artisan_id = ? order by sector', electrician)).toEqual([
      { sector: 'Elettricista' },
      { sector: 'Idraulico' },
    ])
    expect(rows('select sector, base_comune_slug, radius_km from artisan_coverage where artisan_id = ? order by sector', electrician)).toEqual([
      { sector: 'Elettricista', base_comune_slug: 'milano', radius_km: null },
      { sector: 'Idraulico', base_comune_slug: 'rho', radius_km: 8 },
    ])
    expect(lastAudit()).toEqual({ action: 'coverage', actor_kind: 'artisan' })
    await keepScreenshot(page, 'artisan-area-zones-saved-375', { fullPage: true })
    expect(problems).toEqual([])
    await context.close()

    for (const width of [768, 1280]) {
      const wide = await openArea('/artigiano/zone', width)
      await wide.page.getByRole('group', { name: 'Idraulico' }).waitFor()
      expect(await fits(wide.page), `width ${width}`).toBe(true)
      await keepScreenshot(wide.page, `artisan-area-zones-${width}`, { fullPage: true })
      expect(wide.problems).toEqual([])
      await wide.context.close()
    }
  })
})

describe('Notifiche', () => {
  it('chooses the daily summary instead of a mail per offer and stops every other mail', async () => {
    const { page, problems, context } = await openArea('/artigiano/notifiche', 375)
    await page.getByRole('heading', { name: 'Notifiche', level: 1 }).waitFor()
    expect(await page.getByRole('radio', { name: /Subito/ }).isChecked()).toBe(true)
    await keepScreenshot(page, 'artisan-area-notifications-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('radio', { name: /Un riepilogo giornaliero/ }).check()
    await page.getByRole('checkbox', { name: /Ricevi le altre email/ }).uncheck()
    await page.getByRole('button', { name: 'Salva notifiche' }).click()
    await expect.poll(() => page.getByText('Notifiche salvate').count()).toBeGreaterThan(0)
    expect(
      rows<{ offer_mail: string; stopped: number }>('select offer_mail, other_mail_stopped_at is not null as stopped from artisans where id = ?', electrician),
    ).toEqual([{ offer_mail: 'summary', stopped: 1 }])
    expect(lastAudit()).toEqual({ action: 'notifications', actor_kind: 'artisan' })
    await keepScreenshot(page, 'artisan-area-notifications-saved-375', { fullPage: true })
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `artisan-area-notifications-${width}`, { fullPage: true })
    }
    expect(problems).toEqual([])
    await context.close()
  })
})
