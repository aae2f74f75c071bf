import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordOffer } from '#server/repositories/offers.ts'
import { coveredComuni } from '#shared/coverage.ts'
import { addDays, formatLongDay, romeDay, romeDayStart } from '#shared/italian-time.ts'
import { addArtisan, addLead, artisan, quoteLead } from '../helpers/admin-leads.ts'
import { type InProcessSite, startApp } from '../helpers/app.ts'
import { axeViolations, keepScreenshot, launchBrowser, openWatchedPage, shots } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { mailEnv, type RunningSes, startSes } from '../helpers/ses.ts'
import { waitFor } from '../helpers/wait.ts'

const EMAIL = 'marco.elettricista@artigiani.example'
let ses: RunningSes
let site: InProcessSite
let browser: Browser
let me = 0
let leadId = 0
let reviewId = 0

beforeAll(async () => {
  ses = await startSes()
  ;[site, browser] = await Promise.all([startApp({ ...mailEnv(ses), MAIL_RETRY_BASE_MS: '50' }), launchBrowser()])
  fs.mkdirSync(shots, { recursive: true })
  // Marco: an electrician of the register, in Milano and Sesto San Giovanni (a list of comuni), as artisan() makes him.
  me = await addArtisan(site.databasePath, artisan({ email: EMAIL, contactName: 'Marco Riva', companyName: 'Elettro Riva' }))
  leadId = await addLead(
    site.databasePath,
    quoteLead({
      fullName: 'Carla Bianchi',
      email: 'carla.bianchi@example.com',
      phone: '+39 347 555 1234',
      street: 'Via Marelli 12',
      description: 'Salta la corrente quando accendo il forno e la lavatrice insieme.',
    }),
  )
  // Offered by the office, as its assignment records it (no mail: the journey starts from the area).
  await recordOffer(site.db, { leadId, artisanId: me, artisanName: 'Marco Riva', assignedBy: 'admin', actor: 'admin' })
  const now = new Date().toISOString()
  changeRows(
    site.databasePath,
    `insert into reviews (artisan_id, stars, comment, author_label, comune, service_name, job_month, status, created_at, published_at)
      values (?, 5, 'Quadro elettrico rifatto in mezza giornata, lavoro pulito.', 'Giulia B.', 'Monza', 'Elettricista', '2026-10', 'published', ?, ?)`,
    me,
    now,
    now,
  )
  reviewId = readRows<{ id: number }>(site.databasePath, 'select max(id) as id from reviews')[0]!.id
})
afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await ses?.stop()
})

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(site.databasePath, query, ...params)

/** The page of a step as a phone and a desktop show it, without sideways scroll and clean for axe; back on the phone after. */
async function look(page: Page, name: string) {
  expect(await axeViolations(page), name).toEqual([])
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    // Against the width asked for: a phone's browser widens its layout to fit what overflows, and innerWidth with it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width)
    await keepScreenshot(page, `artisan-journey-${name}-${width}`, { fullPage: true })
  }
  await page.setViewportSize({ width: 375, height: 800 })
}

/**
 * Closes the toast that says what was just done, as a craftsman would: on a phone it lies over the header and its
 * navigation until it goes by itself (5 s).
 */
async function closeToast(page: Page, title: string) {
  const toast = page.getByRole('region', { name: 'Notifiche (F8)' }).getByRole('listitem').filter({ hasText: title })
  await toast.getByRole('button', { name: 'Chiudi notifica' }).click()
  await toast.waitFor({ state: 'detached' })
}

/** A section of the area from its navigation bar: a page of the app, no new document. */
async function goTo(page: Page, section: string, heading: string) {
  await page.getByRole('navigation', { name: "Sezioni dell'area artigiani" }).getByRole('link', { name: section }).click()
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
}

describe('a craftsman’s morning in the area, from a phone', () => {
  it('signs in from the mail, accepts an offer, pauses, widens the zone, replies to a review and signs out', async () => {
    const { page, problems, context } = await openWatchedPage(browser, {
      viewport: { width: 375, height: 800 },
      isMobile: true,
      hasTouch: true,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    })

    // Sign-in: the e-mail, then the link of the mail in the same browser.
    await page.goto(`${site.url}/artigiano/accedi`, { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByRole('button', { name: 'Invia link di accesso' }).click()
    await page.getByRole('heading', { name: 'Controlla la tua email' }).waitFor()
    await look(page, 'sign-in-sent')
    const mail = await waitFor(async () => (await ses.emails()).find((m) => m.destination.to.includes(EMAIL)))
    const link = /https:\/\/www\.artigianimilano\.it(\/artigiano\/entra\?t=[\w-]+)/.exec(mail.body.html ?? '')![1]!
    await page.goto(`${site.url}${link}`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/artigiano/offerte')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    expect(rows('select count(*) as n from artisan_sessions where artisan_id = ?', me)).toEqual([{ n: 1 }])

    // Offerte: the open offer, without the requester until it is accepted; then the requester's contacts.
    const waiting = page.getByRole('region', { name: /Da rispondere/ })
    const offer = waiting.locator('[data-slot="card"]', { hasText: `n. ${leadId}` })
    await offer.getByRole('heading', { name: 'Elettricista' }).waitFor()
    expect(await page.getByText('Carla Bianchi').count()).toBe(0)
    await look(page, 'offers-open')
    await offer.getByRole('button', { name: 'Accetta' }).click()
    const job = page.getByRole('region', { name: /Lavori accettati/ }).locator('[data-slot="card"]', { hasText: `n. ${leadId}` })
    await job.getByText('Carla Bianchi').waitFor()
    expect(await job.getByRole('link', { name: 'Chiama Carla Bianchi al +39 347 555 1234' }).getAttribute('href')).toBe('tel:+393475551234')
    expect(await job.getByRole('link', { name: 'Scrivi a Carla Bianchi' }).getAttribute('href')).toBe('mailto:carla.bianchi@example.com')
    expect(await job.getByText('Via Marelli 12, Sesto San Giovanni').count()).toBe(1)
    expect(rows('select response from lead_assignments where lead_id = ? and artisan_id = ?', leadId, me)).toEqual([{ response: 'accepted' }])
    await look(page, 'offers-accepted')
    await closeToast(page, 'Lavoro accettato')

    // Disponibilità: a pause of two weeks, with the reason the office reads.
    await goTo(page, 'Disponibilità', 'Disponibilità')
    const until = addDays(romeDay(Date.now()), 14)
    await page.getByLabel('In pausa fino al').fill(until)
    await page.getByLabel('Motivo (lo vede l’ufficio)').fill('Ferie in montagna')
    await page.getByRole('button', { name: 'Metti in pausa' }).click()
    await page.getByText(`In pausa fino al ${formatLongDay(new Date(romeDayStart(until)))} compreso`).waitFor()
    expect(await page.getByText('Motivo: Ferie in montagna').count()).toBe(1)
    expect(rows('select paused_until, pause_reason from artisans where id = ?', me)).toEqual([{ paused_until: until, pause_reason: 'Ferie in montagna' }])
    await look(page, 'availability-paused')
    await closeToast(page, 'Sei in pausa')

    // Zone: the list of two comuni becomes 10 km around Milano, and the preview counts the comuni it reaches.
    await goTo(page, 'Zone', 'Zone e mestieri')
    const electricity = page.getByRole('group', { name: 'Elettricista' })
    await electricity.getByText('Ricevi richieste da 2 comuni').waitFor()
    await electricity.getByLabel('Zona servita').selectOption({ label: 'Entro un raggio' })
    await electricity.getByLabel('Raggio (km)').fill('10')
    const reached = coveredComuni({ base: 'milano', radiusKm: 10, comuni: [] }).length
    expect(reached).toBeGreaterThan(2)
    await electricity.getByText(`Ricevi richieste da ${reached} comuni`).waitFor()
    await page.getByRole('button', { name: 'Salva zone e mestieri' }).click()
    await expect.poll(() => page.getByText('Zone salvate').count()).toBeGreaterThan(0)
    expect(rows('select sector, base_comune_slug, radius_km from artisan_coverage where artisan_id = ?', me)).toEqual([
      { sector: 'Elettricista', base_comune_slug: 'milano', radius_km: 10 },
    ])
    await look(page, 'zones-saved')
    await closeToast(page, 'Zone salvate')

    // Recensioni: one reply to the published review, waiting for the office.
    await goTo(page, 'Recensioni', 'Recensioni')
    const review = page.getByRole('listitem').filter({ hasText: 'Quadro elettrico rifatto' })
    await review.getByRole('button', { name: 'Rispondi a Giulia B.' }).click()
    await review.getByLabel('La tua risposta a Giulia B.').fill('Grazie Giulia, alla prossima!')
    await review.getByRole('button', { name: 'Invia la risposta' }).click()
    await review.getByText('La tua risposta è in attesa di approvazione').waitFor()
    expect(rows('select kind, text, status from artisan_profile_changes where artisan_id = ? and review_id = ?', me, reviewId)).toEqual([
      { kind: 'reply', text: 'Grazie Giulia, alla prossima!', status: 'pending' },
    ])
    expect(rows('select reply from reviews where id = ?', reviewId)).toEqual([{ reply: null }])
    await look(page, 'reviews-reply-pending')
    await closeToast(page, 'Risposta inviata all’ufficio')

    // Esci: back on the sign-in page, the session gone, and a page of the area asks to sign in again.
    await page.getByRole('button', { name: 'Menu di Elettro Riva' }).click()
    await page.getByRole('button', { name: 'Esci', exact: true }).click()
    await page.waitForURL(`${site.url}/artigiano/accedi`)
    await page.getByRole('heading', { name: "Accedi all'area artigiani" }).waitFor()
    expect(rows('select count(*) as n from artisan_sessions where artisan_id = ?', me)).toEqual([{ n: 0 }])
    await look(page, 'signed-out')
    await page.goto(`${site.url}/artigiano/offerte`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/artigiano/accedi')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/artigiano/offerte')
    expect(problems).toEqual([])
    await context.close()
  })
})
