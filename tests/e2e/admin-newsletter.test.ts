import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseWritingMode, serveBackOffice } from '../helpers/back-office-pages.ts'
import { keepScreenshot } from '../helpers/browser.ts'
import { changeRows, countRowsOf } from '../helpers/database.ts'
import { seedRecipients } from '../helpers/newsletter.ts'
import { mailEnv, type RunningSes, startSes } from '../helpers/ses.ts'

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }

/** Fills the campaign form: the target group (its radio's name), the subject and, in 'HTML avanzato', the HTML body. */
async function fillCampaign(page: Page, group: RegExp, subject: string, bodyHtml: string) {
  await page.getByRole('radio', { name: group }).check()
  await page.getByLabel('Oggetto').fill(subject)
  await chooseWritingMode(page, 'HTML avanzato')
  await page.getByLabel('Corpo HTML').fill(bodyHtml)
}

// Registered before the back office's hooks: the emulator runs before the server starts, and stops after it.
let ses: RunningSes
beforeAll(async () => {
  ses = await startSes()
})
afterAll(async () => {
  await ses?.stop()
})

// Three requesters and one craftsman, an electrician, to write to.
const office = serveBackOffice(ADMIN, {
  env: () => ({ ...mailEnv(ses), MAIL_RATE_PER_SECOND: '20' }),
  prepare: (server) => {
    seedRecipients(server.databasePath, {
      requesters: [
        ['Mario Rossi', 'mario.rossi@example.com'],
        ['Giulia Bianchi', 'giulia.bianchi@example.com'],
        ['Luca Verdi', 'luca.verdi@example.com'],
      ],
      artisans: [['Paolo Fabbri', 'paolo@fabbri.it']],
    })
    changeRows(server.databasePath, `update artisans set specialization_sectors = '["Elettricista"]'`)
    changeRows(server.databasePath, `insert into artisan_sectors (artisan_id, sector) select id, 'Elettricista' from artisans`)
  },
})
const { open } = office

describe('an administrator on Gestione Newsletter', () => {
  it('sees each group with its count and the spec messages for an empty form', async () => {
    const { context, page, problems } = await open('/admin/newsletter')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gestione Newsletter')
    await expect.poll(() => page.getByRole('radio', { name: /Tutti gli utenti/ }).count()).toBe(1)
    await expect.poll(() => page.getByTestId('count-users').textContent()).toBe('3 destinatari')
    await expect.poll(() => page.getByTestId('count-artisans').textContent()).toBe('1 destinatario')
    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    await expect.poll(() => page.getByText('Devi selezionare un gruppo target.').count()).toBe(1)
    expect(await page.getByText("L'oggetto è obbligatorio.").count()).toBe(1)
    expect(await page.getByText('Il codice HTML del corpo è obbligatorio.').count()).toBe(1)
    expect(await ses.emails()).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it('previews a body with a script in a frame that runs no script', async () => {
    const { context, page, problems } = await open('/admin/newsletter')
    await fillCampaign(
      page,
      /Tutti gli artigiani/,
      'Prova script',
      '<p id="segno">Originale</p><script>document.getElementById("segno").textContent = "ESEGUITO"</script>',
    )
    await page.getByRole('button', { name: 'Anteprima' }).click()
    const frame = page.getByTitle('Anteprima su telefono')
    await expect.poll(() => frame.count()).toBe(1)
    expect(await frame.getAttribute('sandbox')).toBe('')
    const content = page.frameLocator('iframe[title="Anteprima su telefono"]')
    // An inline script runs while the document is parsed: once the footer after it exists, it would have run.
    await expect.poll(() => content.getByText("Annulla l'iscrizione").count()).toBe(1)
    expect(await content.locator('#segno').textContent()).toBe('Originale')
    expect(problems.filter((problem) => !problem.includes('sandboxed'))).toEqual([])
    await context.close()
  })

  it('asks before sending: subject, segment in words, recipients and time; cancelling sends nothing, confirming sends', async () => {
    const { context, page, problems } = await open('/admin/newsletter')
    await fillCampaign(page, /Tutti gli artigiani/, 'Per gli elettricisti', '<p>Nuove richieste di impianti.</p>')
    // The sector chosen by keyboard alone: typed, taken with Enter, dropped with its chip's button and taken again.
    const sectors = page.getByRole('combobox', { name: 'Settori' })
    await sectors.focus()
    await page.keyboard.type('elet')
    await page.keyboard.press('Enter')
    const chips = page.getByRole('list', { name: 'Settori: scelti' }).getByRole('listitem')
    expect(await chips.allTextContents()).toEqual(['Elettricista'])
    await page.keyboard.press('Tab')
    await expect.poll(() => sectors.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rimuovi Elettricista')
    await page.keyboard.press('Enter')
    expect(await chips.count()).toBe(0)
    await page.keyboard.type('elet')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    expect(await chips.allTextContents()).toEqual(['Elettricista'])
    await expect.poll(() => page.getByTestId('segment-count').textContent()).toContain('1 destinatario,')

    const jobs = () => countRowsOf(office.server.databasePath, 'newsletter_jobs')
    const before = jobs()
    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Inviare a 1 destinatario?')
    expect(await dialog.getByText('Oggetto:').locator('..').textContent()).toBe('Oggetto: Per gli elettricisti')
    expect(await dialog.getByTestId('confirm-segment').textContent()).toBe('Artigiani · settore Elettricista')
    expect(await dialog.getByTestId('confirm-duration').textContent()).toBe(
      "Al ritmo configurato (20 email al secondo) l'invio richiede meno di un minuto; di più se nel frattempo il sito manda conferme e notifiche, che hanno la precedenza.",
    )
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await keepScreenshot(page, `admin-newsletter-confirm-${width}`)
    }
    await dialog.getByRole('button', { name: 'Annulla' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(jobs()).toBe(before)
    expect(await page.getByLabel('Oggetto').inputValue()).toBe('Per gli elettricisti')

    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Inviare a 1 destinatario?')
    await dialog.getByRole('button', { name: 'Invia ora' }).click()
    await expect.poll(() => page.getByText('Campagna Creata!').first().isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('Completata')
    expect(jobs()).toBe(before + 1)
    const sent = (await ses.emails()).filter((mail) => mail.subject === 'Per gli elettricisti')
    expect(sent.map((mail) => mail.destination.to[0])).toEqual(['paolo@fabbri.it'])
    // The history shows the segment as chosen, not the whole group.
    const history = page.getByRole('table').filter({ has: page.getByRole('columnheader') })
    await expect.poll(() => history.getByRole('row', { name: /Per gli elettricisti/ }).textContent()).toContain('Artigiani · settore Elettricista')
    expect(await history.getByRole('row', { name: /Per gli elettricisti/ }).textContent()).not.toContain('Tutti gli artigiani')
    expect(problems).toEqual([])
    await context.close()
  })

  it('creates a campaign and follows it live until every recipient has it', async () => {
    const { context, page, problems } = await open('/admin/newsletter')
    await fillCampaign(page, /Tutti gli utenti/, 'Offerte di primavera', '<h1>Offerte di primavera</h1><p>Tinteggiature scontate.</p>')
    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    await expect.poll(() => page.getByRole('alertdialog').getByRole('heading').textContent()).toBe('Inviare a 3 destinatari?')
    expect(await page.getByRole('alertdialog').getByTestId('confirm-segment').textContent()).toBe('Tutti gli utenti')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Invia ora' }).click()
    await expect.poll(() => page.getByText('Campagna Creata!').first().isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('Completata')
    const progress = page.getByRole('progressbar', { name: "Avanzamento dell'invio" })
    expect(await progress.getAttribute('aria-valuenow')).toBe('100')
    expect(await page.getByRole('heading', { name: 'Offerte di primavera' }).count()).toBe(1)
    const history = page.getByRole('table').filter({ has: page.getByRole('columnheader') })
    // The history is read again once the campaign completes: until then its row may still say it is sending.
    await expect.poll(() => history.getByRole('row', { name: /Offerte di primavera/ }).textContent()).toContain('Completata')
    expect(await page.getByLabel('Oggetto').inputValue()).toBe('')
    const sent = (await ses.emails()).filter((mail) => mail.subject === 'Offerte di primavera')
    expect(sent.map((mail) => mail.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', 'luca.verdi@example.com', 'mario.rossi@example.com'])
    expect(problems).toEqual([])
    await context.close()
  })

  it('fits phones, tablets and desktops', async () => {
    for (const width of [375, 768, 1280]) {
      const { context, page } = await open('/admin/newsletter', width)
      await expect.poll(() => page.getByTestId('campaign-status').count()).toBe(1)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await keepScreenshot(page, `admin-newsletter-${width}`, { fullPage: true })
      await context.close()
    }
  })
})
