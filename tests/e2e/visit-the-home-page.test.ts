import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findService } from '#shared/catalog/index.ts'
import { launchBrowser, keepScreenshot } from '../helpers/browser.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a visitor on the home page', () => {
  it('sees the page without warnings, wakes the search when reaching for it, and opens a service as a page load', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(server.url, { waitUntil: 'networkidle' })
    const search = page.locator('[data-island="home-search"]')
    expect(await search.getAttribute('data-hydrated')).toBeNull()
    await page.getByLabel('Di quale servizio hai bisogno?').selectOption('idraulico')
    await expect.poll(() => search.getAttribute('data-hydrated')).toBe('')
    // The choice made as the code arrived reaches the island: the short description follows it.
    await expect.poll(() => search.locator('[aria-live="polite"]').first().textContent()).toBe(findService('idraulico')!.shortDescription)
    await page
      .getByRole('link', { name: /Elettricista/ })
      .first()
      .click()
    await page.waitForURL(`${server.url}/elettricista`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Richiedi un Preventivo per Elettricista')
    expect(problems).toEqual([])
    await context.close()
  })

  it('uses the mobile menu on a phone, which closes on navigation', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    await page.goto(server.url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Apri il menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Menu mobile' })
    await menu.getByRole('link', { name: 'Zone Servite' }).click()
    await page.waitForURL(`${server.url}/zone-servite`)
    await expect.poll(() => menu.count()).toBe(0)
    await context.close()
  })

  for (const width of [375, 768, 1280]) {
    it(`looks right at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      await page.goto(server.url, { waitUntil: 'networkidle' })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await keepScreenshot(page, `home-${width}`, { fullPage: true })
      await context.close()
    })
  }
})
