import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_LINK_EXPIRED, signInCodeWrong } from '#shared/artisan-sign-in.ts'
import { addArtisan, artisan } from '../helpers/admin-leads.ts'
import { type InProcessSite, startApp } from '../helpers/app.ts'
import { axeViolations, keepScreenshot, launchBrowser, openWatchedPage, shots } from '../helpers/browser.ts'
import { readRows } from '../helpers/database.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from '../helpers/ses.ts'
import { waitFor } from '../helpers/wait.ts'

const EMAIL = 'giorgio.idraulico@artigiani.example'
let ses: RunningSes
let site: InProcessSite
let browser: Browser
let artisanId = 0

beforeAll(async () => {
  ses = await startSes()
  ;[site, browser] = await Promise.all([startApp({ ...mailEnv(ses), MAIL_RETRY_BASE_MS: '50' }), launchBrowser()])
  fs.mkdirSync(shots, { recursive: true })
  artisanId = await addArtisan(site.databasePath, artisan({ email: EMAIL, contactName: 'Giorgio Verdi', companyName: 'Idraulica Verdi' }))
})
afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await ses?.stop()
})

/** A page in a browser of its own at that width; a page of the area once React owns it (a public page has only islands). */
async function open(path: string, width: number, { area = true } = {}) {
  const opened = await openWatchedPage(browser, { viewport: { width, height: 800 } })
  await opened.page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' })
  if (area) await opened.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return opened
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function nthMail(count: number): Promise<{ link: string; code: string }> {
  const mail = await waitFor(async () => {
    const mails = (await ses.emails()).filter((m: SesEmail) => m.destination.to.includes(EMAIL))
    return mails.length >= count && mails[count - 1]
  })
  const link = /https:\/\/www\.artigianimilano\.it(\/artigiano\/entra\?t=[\w-]+)/.exec(mail.body.html ?? '')![1]!
  const code = /Il tuo codice di accesso è (\d{6})/.exec(mail.body.html ?? '')![1]!
  return { link, code }
}

describe('signing in to the craftsmen’s area on a phone', () => {
  it('asks the e-mail, then takes the code from the mail in the same browser', async () => {
    const { page, problems, context } = await open('/artigiano/accedi?redirect=%2Fartigiano%2Fofferte', 375)
    await page.getByRole('heading', { name: "Accedi all'area artigiani" }).waitFor()
    await keepScreenshot(page, 'artisan-sign-in-email-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])
    expect(await fits(page)).toBe(true)

    await page.getByRole('button', { name: 'Invia link di accesso' }).click()
    await expect.poll(() => page.getByText('Inserisci la tua email.').count()).toBe(1)
    await page.getByLabel('Email').fill('giorgio@')
    await page.getByRole('button', { name: 'Invia link di accesso' }).click()
    await expect.poll(() => page.getByText("Inserisci un'email valida.").count()).toBe(1)
    await keepScreenshot(page, 'artisan-sign-in-email-error-375', { fullPage: true })

    await page.getByLabel('Email').fill(EMAIL)
    await page.getByRole('button', { name: 'Invia link di accesso' }).click()
    await page.getByRole('heading', { name: 'Controlla la tua email' }).waitFor()
    expect(await page.getByText(/Ti abbiamo inviato un link e un codice/).count()).toBe(1)
    await keepScreenshot(page, 'artisan-sign-in-sent-375', { fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    const { code } = await nthMail(1)
    await page.getByLabel('Codice di 6 cifre').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Accedi' }).click()
    await expect.poll(() => page.getByText(signInCodeWrong(4)).count()).toBe(1)
    await keepScreenshot(page, 'artisan-sign-in-wrong-code-375', { fullPage: true })

    await page.getByLabel('Codice di 6 cifre').fill(code)
    await page.getByRole('button', { name: 'Accedi' }).click()
    await page.waitForURL(`${site.url}/artigiano/offerte`)
    expect(readRows<{ n: number }>(site.databasePath, 'select count(*) as n from artisan_sessions where artisan_id = ?', artisanId)).toEqual([{ n: 1 }])
    // Signed in, the sign-in page leads back into the area.
    await page.goto(`${site.url}/artigiano/accedi`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/artigiano/offerte')
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([])
    await context.close()
  })

  it('signs in with the link in the browser that asked, and asks for the code where the link opens elsewhere', async () => {
    const asking = await open('/artigiano/accedi', 375)
    await asking.page.getByLabel('Email').fill(EMAIL)
    await asking.page.getByRole('button', { name: 'Invia link di accesso' }).click()
    await asking.page.getByRole('heading', { name: 'Controlla la tua email' }).waitFor()
    const { link, code } = await nthMail(2)

    // A mail app's own browser: no cookie of the asking one.
    const elsewhere = await open(link, 375)
    expect(new URL(elsewhere.page.url()).pathname).toBe('/artigiano/codice')
    await elsewhere.page.getByRole('heading', { name: 'Inserisci il codice' }).waitFor()
    await keepScreenshot(elsewhere.page, 'artisan-sign-in-code-page-375', { fullPage: true })
    expect(await axeViolations(elsewhere.page)).toEqual([])
    for (const width of [768, 1280]) {
      await elsewhere.page.setViewportSize({ width, height: 800 })
      expect(await fits(elsewhere.page), `width ${width}`).toBe(true)
      await keepScreenshot(elsewhere.page, `artisan-sign-in-code-page-${width}`, { fullPage: true })
    }
    await elsewhere.context.close()

    // The link in the browser that asked signs it in at once.
    await asking.page.goto(`${site.url}${link}`, { waitUntil: 'networkidle' })
    expect(new URL(asking.page.url()).pathname).toBe('/artigiano/offerte')
    expect(code).toMatch(/^\d{6}$/)
    await asking.context.close()
  })

  it('says why a link cannot sign in, at every width', async () => {
    const { page, context } = await open('/artigiano/accedi?errore=scaduto', 375)
    expect(await page.getByRole('alert').filter({ hasText: SIGN_IN_LINK_EXPIRED }).count()).toBe(1)
    await keepScreenshot(page, 'artisan-sign-in-expired-375', { fullPage: true })
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      expect(await fits(page), `width ${width}`).toBe(true)
      await keepScreenshot(page, `artisan-sign-in-expired-${width}`, { fullPage: true })
    }
    await context.close()
  })

  it('the public page of the craftsmen leads to the sign-in', async () => {
    const { page, context } = await open('/area-artigiani', 375, { area: false })
    const link = page.getByRole('link', { name: "Sei già nella nostra rete? Accedi all'area artigiani" })
    expect(await link.isVisible()).toBe(true)
    await keepScreenshot(page, 'artisan-area-public-link-375')
    await link.click()
    await page.waitForURL(`${site.url}/artigiano/accedi`)
    await context.close()
  })
})
