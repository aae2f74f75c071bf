import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addArtisan, addLead, artisan, quoteLead } from '../helpers/admin-leads.ts'
import { serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot, openWatchedPage } from '../helpers/browser.ts'
import { serviceInComunePath } from '#shared/catalog/index.ts'
import { PROFILE_CONSENT_TEXT } from '#shared/reviews.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { linkIn } from '../helpers/lead-answers.ts'
import { samples } from '../helpers/requests.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from '../helpers/ses.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password-di-prova-2026' }

let ses: RunningSes
let leadId: number
beforeAll(async () => {
  ses = await startSes()
})
afterAll(async () => {
  await ses?.stop()
})

// "Com'è andata?" right after the acceptance, instead of a week later.
const office = serveBackOffice(ADMIN, {
  env: () => ({ ...mailEnv(ses), RATING_REQUEST_AFTER_HOURS: '0' }),
  prepare: async (server) => {
    leadId = await addLead(
      server.databasePath,
      quoteLead({ fullName: 'Carla Neri', email: 'carla.neri@example.com', description: 'Il quadro elettrico salta quando accendo il forno.' }),
      [{ fileName: 'foto quadro.png', contentType: 'image/png', content: samples.png }],
    )
    const bianchi = await addArtisan(
      server.databasePath,
      artisan({ companyName: 'Impianti Bianchi Srl', contactName: 'Luca Bianchi', email: 'bianchi@artigiani.example' }),
    )
    // Luca agreed to a public profile, already published (without reviews yet).
    changeRows(
      server.databasePath,
      'insert into artisan_profiles (artisan_id, slug, consent_at, consent_text, published_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
      bianchi,
      'impianti-bianchi-srl',
      '2026-11-01T09:00:00.000Z',
      PROFILE_CONSENT_TEXT,
      '2026-11-01T09:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
    )
    await addArtisan(server.databasePath, artisan({ companyName: 'Elettro Sesto Snc', contactName: 'Marco Sala', email: 'sala@artigiani.example' }))
  },
})

async function mailTo(address: string, subject: (subject: string) => boolean): Promise<SesEmail> {
  let found: SesEmail | undefined
  await expect
    .poll(
      async () => {
        found = (await ses.emails()).find((mail) => mail.destination.to.includes(address) && subject(mail.subject))
        return !!found
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

/** A public page as a phone, a tablet and a desktop show it: no horizontal scroll, no accessibility violation. */
async function lookAt(page: Page, name: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width}`).toBe(true)
    await keepScreenshot(page, `${name}-${width}`, { fullPage: true })
  }
  expect(await axeViolations(page)).toEqual([])
}

describe('the marketplace loop', () => {
  it('goes from the office’s offer to the craftsman’s answer, the requester’s introduction and rating, and back to the office’s timeline', async () => {
    const admin = await office.open('/admin/leads')
    await admin.page.getByRole('button', { name: 'Visualizza il preventivo di Carla Neri' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Dettagli Preventivo' })
    await dialog.getByLabel(/Impianti Bianchi Srl/).click()
    await dialog.getByLabel(/Elettro Sesto Snc/).click()
    await dialog.getByRole('button', { name: 'Assegna e invia email' }).click()
    await expect.poll(() => admin.page.getByText('Artigiani Assegnati').count()).toBeGreaterThan(0)

    // Luca reads the offer on his phone and takes the job.
    const offer = await mailTo('bianchi@artigiani.example', (s) => s.startsWith('Nuovo lavoro'))
    const artisanPhone = await openWatchedPage(office.browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
    await artisanPhone.page.goto(`${office.server.url}${linkIn(offer, '/lavori/accetta')}`)
    expect(await artisanPhone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Nuovo lavoro: Elettricista a Sesto San Giovanni')
    expect(await artisanPhone.page.getByText('Carla Neri').count()).toBe(0)
    await lookAt(artisanPhone.page, 'offer-accept')
    await artisanPhone.page.getByRole('button', { name: 'Accetto il lavoro' }).click()
    await artisanPhone.page.waitForURL(/\/lavori\/accetta\?t=/)
    expect(await artisanPhone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Lavoro accettato: Elettricista a Sesto San Giovanni')
    expect(await artisanPhone.page.getByText('Carla Neri').count()).toBe(1)
    expect(await artisanPhone.page.getByText('carla.neri@example.com').count()).toBe(1)
    await lookAt(artisanPhone.page, 'offer-accepted')

    // Marco is too far away.
    const other = await mailTo('sala@artigiani.example', (s) => s.startsWith('Nuovo lavoro'))
    await artisanPhone.page.goto(`${office.server.url}${linkIn(other, '/lavori/rifiuta')}`)
    await lookAt(artisanPhone.page, 'offer-decline')
    await artisanPhone.page.getByLabel('Troppo lontano').check()
    await artisanPhone.page.getByRole('button', { name: 'Non sono disponibile' }).click()
    await artisanPhone.page.waitForURL(/\/lavori\/rifiuta\?t=/)
    expect(await artisanPhone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Risposta registrata')
    expect(artisanPhone.problems).toEqual([])
    await artisanPhone.context.close()

    // Carla is introduced to Luca, then asked how it went, and rates him.
    const introduction = await mailTo('carla.neri@example.com', (s) => s.includes('ha accettato la tua richiesta'))
    expect(introduction.subject).toBe('Impianti Bianchi Srl ha accettato la tua richiesta di Elettricista')
    const question = await mailTo('carla.neri@example.com', (s) => s.startsWith("Com'è andata"))
    const requester = await openWatchedPage(office.browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
    await requester.page.goto(`${office.server.url}${linkIn(question, '/valutazione')}`)
    const form = requester.page.getByRole('region', { name: 'Impianti Bianchi Srl (Luca Bianchi)' })
    await lookAt(requester.page, 'rating')
    // The site's frame: its header leads home under the site's name.
    expect(await requester.page.getByRole('banner').getByRole('link', { name: 'Artigiani Milano' }).getAttribute('href')).toBe('/')
    // Five stars in one row on a 375 px phone, each a target of at least 44 px, named for screen readers.
    await requester.page.setViewportSize({ width: 375, height: 800 })
    const starBoxes = await form.locator('.stars label').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON()))
    expect(starBoxes).toHaveLength(5)
    expect(new Set(starBoxes.map((box) => box.top)).size).toBe(1)
    for (const box of starBoxes) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
    const stars = form.getByRole('group', { name: 'Il tuo voto' })
    expect(await stars.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      '★1 stella',
      '★2 stelle',
      '★3 stelle',
      '★4 stelle',
      '★5 stelle',
    ])

    // Sent without stars: no browser bubble, the page comes back with the site's message under the stars.
    await form.getByLabel('Il lavoro è stato fatto').check()
    await form.getByRole('button', { name: 'Salva la valutazione' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Scegli un voto da 1 a 5 stelle.')
    expect(await stars.getAttribute('aria-describedby')).toBe(await form.getByRole('alert').getAttribute('id'))
    expect(await form.getByLabel('Il lavoro è stato fatto').isChecked()).toBe(true)
    await lookAt(requester.page, 'rating-without-stars')

    // A tap on the fourth star then on the fifth: the radio underneath follows, and the stars up to it are lit.
    await requester.page.setViewportSize({ width: 375, height: 800 })
    await form.locator('.stars label').nth(3).click()
    expect(await form.getByLabel('4 stelle').isChecked()).toBe(true)
    await form.locator('.stars label').nth(4).click()
    expect(await form.getByLabel('5 stelle').isChecked()).toBe(true)
    await requester.page.mouse.move(0, 0)
    const lit = await form.locator('.stars label').evaluateAll((labels) => labels.map((label) => getComputedStyle(label).color))
    expect(lit).toEqual(Array(5).fill('rgb(217, 119, 6)'))
    await keepScreenshot(requester.page, 'rating-five-stars-375')
    await form.getByLabel('Il lavoro è stato fatto').check()
    await form.getByLabel('Commento (facoltativo)').fill('Puntuale, preciso e ha lasciato tutto pulito.')
    await form.getByRole('button', { name: 'Salva la valutazione' }).click()
    await requester.page.waitForURL(/salvato=/)
    expect(await requester.page.getByRole('status').textContent()).toBe('Grazie! Abbiamo salvato la tua valutazione.')
    await lookAt(requester.page, 'rating-saved')
    // The one error the console saw: the refused rating's page, answered with 400 as it should be.
    expect(requester.problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)'])
    await requester.context.close()

    // The comment waits for the office; once published, Carla's review is on Luca's profile and he leads the town's page.
    const profilePath = '/artigiani/impianti-bianchi-srl'
    const visitor = await openWatchedPage(office.browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
    await visitor.page.goto(`${office.server.url}${profilePath}`)
    expect(await visitor.page.getByText('Puntuale, preciso e ha lasciato tutto pulito.').count()).toBe(0)
    const moderation = await office.open('/admin/reviews')
    const review = moderation.page.locator('article').filter({ hasText: 'Carla N. su Impianti Bianchi Srl' }).first()
    await review.getByRole('button', { name: 'Pubblica' }).click()
    await expect.poll(() => moderation.page.getByText('Nessuna recensione da moderare e nessuna segnalazione aperta.').count()).toBe(1)
    expect(moderation.problems).toEqual([])
    await moderation.context.close()
    await visitor.page.goto(`${office.server.url}${profilePath}`)
    const published = visitor.page.getByRole('listitem').filter({ hasText: 'Puntuale, preciso e ha lasciato tutto pulito.' })
    expect(await published.count()).toBe(1)
    expect(await published.textContent()).toContain('Carla N.')
    expect(await visitor.page.getByText('5,0 su 5 · 1 recensione verificata').count()).toBe(1)
    await lookAt(visitor.page, 'profile-with-review')
    await visitor.page.goto(`${office.server.url}${serviceInComunePath('elettricista', 'sesto-san-giovanni')}`)
    const block = visitor.page.getByRole('region', { name: /Artigiani/ }).filter({ has: visitor.page.getByRole('link', { name: 'Impianti Bianchi Srl' }) })
    expect(await block.getByText('5,0 su 5, 1 recensione').count()).toBe(1)
    expect(await block.getByRole('link', { name: 'Impianti Bianchi Srl' }).getAttribute('href')).toBe(profilePath)
    await lookAt(visitor.page, 'service-in-town-with-craftsman')
    expect(visitor.problems).toEqual([])
    await visitor.context.close()

    // The office sees every step on the lead.
    expect(readRows(office.server.databasePath, 'select status from leads where id = ?', leadId)).toEqual([{ status: 'contattato' }])
    const again = await office.open(`/admin/leads?lead=${leadId}`)
    const details = again.page.getByRole('dialog', { name: 'Dettagli Preventivo' })
    const timeline = details.getByRole('list', { name: 'Cronologia' })
    await expect.poll(() => timeline.textContent(), { timeout: 10_000 }).toContain('Luca Bianchi ha accettato')
    const text = (await timeline.textContent())!
    for (const step of ['Richiesta ricevuta', 'Marco Sala ha rifiutato', 'Troppo lontano', '5 stelle']) expect(text).toContain(step)
    await keepScreenshot(again.page, 'admin-lead-timeline-1280', { fullPage: true })
    expect(again.problems).toEqual([])
    await again.context.close()
    await admin.context.close()
  })
})
