import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, currentStep, markTotpStepUsed, nextTotpCode, totpCode } from '../helpers/admin.ts'
import { gotoBackOffice } from '../helpers/back-office-pages.ts'
import { launchBrowser, keepScreenshot } from '../helpers/browser.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

const NEW_ADMIN = { email: 'nuova@artigianimilano.it', password: 'la mia password del 2026' }
const WIDTHS = [375, 768, 1280] as const

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  await createAdmin(server.databasePath, NEW_ADMIN.email, NEW_ADMIN.password, { totpSecret: null })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Screenshots of the screen at each width, checking that nothing overflows sideways. */
async function shootAtEveryWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    expect({ name, width, overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ name, width, overflow: 0 })
    await keepScreenshot(page, `admin-${name}-${width}`, { fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function fillCredentials(page: Page) {
  await gotoBackOffice(page, `${server.url}/admin`)
  await page.getByLabel('Email').fill(NEW_ADMIN.email)
  await page.getByLabel('Password').fill(NEW_ADMIN.password)
  await page.getByRole('button', { name: 'Accedi' }).click()
}

describe('a new administrator', () => {
  let secret = ''
  let recoveryCodes: string[] = []

  it('enrols an authenticator at the first sign-in, keeps the recovery codes and enters', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await fillCredentials(page)

    await expect.poll(() => page.getByRole('heading', { name: 'Attiva la Verifica in Due Passaggi' }).count()).toBe(1)
    const qr = page.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" })
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    secret = (await page.getByLabel('Chiave segreta').textContent())!.replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const field = page.getByLabel('Codice di verifica')
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await field.getAttribute('inputmode')).toBe('numeric')
    expect(await context.cookies()).toEqual([])
    await shootAtEveryWidth(page, 'enrol')

    await field.fill('000000')
    await page.getByRole('button', { name: 'Conferma e Accedi' }).click()
    await expect.poll(() => page.getByText('Codice di verifica non valido o già usato. Riprova.').count()).toBeGreaterThan(0)
    expect(await context.cookies()).toEqual([])

    const step = currentStep()
    await field.fill(totpCode(secret, step))
    markTotpStepUsed(NEW_ADMIN.email, step)
    await page.getByRole('button', { name: 'Conferma e Accedi' }).click()

    await expect.poll(() => page.getByRole('heading', { name: 'Codici di Recupero' }).count()).toBe(1)
    recoveryCodes = await page.getByRole('list', { name: 'Codici di recupero' }).getByRole('listitem').allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica' }).click()])
    const saved = fs.readFileSync((await download.path())!, 'utf8')
    for (const code of recoveryCodes) expect(saved).toContain(code)
    await shootAtEveryWidth(page, 'recovery-codes')

    await page.getByRole('button', { name: 'Ho salvato i codici' }).click()
    await page.waitForURL(`${server.url}/admin/dashboard`)
    await expect.poll(() => page.getByRole('heading', { name: 'Home Page' }).count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })

  it('later signs in with the password and the code of the app, on a second step', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await fillCredentials(page)
    await expect.poll(() => page.getByRole('heading', { name: 'Verifica in Due Passaggi' }).count()).toBe(1)
    expect(await context.cookies()).toEqual([])
    await shootAtEveryWidth(page, 'sign-in-second-step')
    await page.getByLabel('Codice di verifica').fill(await nextTotpCode(NEW_ADMIN.email, secret))
    await page.getByRole('button', { name: 'Verifica e Accedi' }).click()
    await page.waitForURL(`${server.url}/admin/dashboard`)
    await context.close()
  })

  it('without the phone, signs in once with a recovery code, which then no longer works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await fillCredentials(page)
    await page.getByRole('button', { name: 'Usa un codice di recupero' }).click()
    await page.getByLabel('Codice di recupero').fill(recoveryCodes[0]!.toLowerCase())
    await shootAtEveryWidth(page, 'sign-in-recovery-code')
    await page.getByRole('button', { name: 'Verifica e Accedi' }).click()
    await page.waitForURL(`${server.url}/admin/dashboard`)
    await context.close()

    const again = await browser.newContext()
    const retry = await again.newPage()
    await fillCredentials(retry)
    await retry.getByRole('button', { name: 'Usa un codice di recupero' }).click()
    await retry.getByLabel('Codice di recupero').fill(recoveryCodes[0]!)
    await retry.getByRole('button', { name: 'Verifica e Accedi' }).click()
    await expect.poll(() => retry.getByText('Codice di verifica non valido o già usato. Riprova.').count()).toBeGreaterThan(0)
    expect(await retry.getByLabel('Codice di recupero').getAttribute('aria-invalid')).toBe('true')
    expect(new URL(retry.url()).pathname).toBe('/admin')
    await again.close()
  })
})
