import { describe, expect, it } from 'vitest'
import { seedBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'
import { keepScreenshot } from '../helpers/browser.ts'

const ADMIN = { email: 'direzione@artigianimilano.it', password: 'password-di-prova-2026' }

// No MAIL_FROM, NOTIFY_EMAIL or SES_REGION: the server keeps every e-mail queued.
const { open } = serveBackOffice(ADMIN, { prepare: (server) => seedBackOffice(server.databasePath) })

describe('the dashboard', () => {
  it('titles its cards as the spec does, with the period and meaning under the figure, and says that mail is not configured', async () => {
    const { context, page, problems } = await open('/admin/dashboard')
    const cards = page.getByRole('heading', { level: 2 })
    await expect
      .poll(() => cards.allTextContents())
      .toEqual([
        'Lead Ricevuti (Ultimi 30gg)',
        'Nuovi Utenti Registrati',
        'Artigiani Attivi',
        'Iscritti Newsletter',
        'Risposte degli artigiani',
        "Salute dell'invio email",
        'Preventivi al giorno',
      ])
    expect(await page.getByText('Email alla loro prima richiesta').count()).toBe(1)
    // The period as Statistiche's "Ultimi 30 giorni" counts it, under both counts and the chart.
    expect(await page.getByText('Ultimi 30 giorni, oggi compreso (giorni italiani)', { exact: true }).count()).toBe(3)
    expect(await page.getByText('Clienti e artigiani raggiungibili, esclusi i disiscritti').count()).toBe(1)
    const notice = page.getByRole('status').filter({ hasText: 'Invio email non configurato' })
    await expect.poll(() => notice.textContent()).toContain('MAIL_FROM, NOTIFY_EMAIL e SES_REGION')
    expect(await notice.textContent()).toContain('recupero password')
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('Gestione Newsletter', () => {
  it('says that campaigns wait while mail is not configured, and why the new one waits', async () => {
    const { context, page, problems } = await open('/admin/newsletter')
    const notice = page.getByRole('status').filter({ hasText: 'Invio email non configurato' })
    await expect.poll(() => notice.textContent()).toContain('MAIL_FROM e SES_REGION')
    await page.getByRole('radio', { name: /Tutti gli utenti/ }).check()
    await page.getByLabel('Oggetto').fill('Offerte di autunno')
    await page.getByRole('radio', { name: 'HTML avanzato' }).check({ force: true })
    await page.getByLabel('Corpo HTML').fill('<p>Sconti sui serramenti.</p>')
    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    // The confirmation says the campaign will wait, instead of how long it takes.
    const dialog = page.getByRole('alertdialog')
    await expect
      .poll(() => dialog.getByTestId('confirm-duration').textContent())
      .toBe("L'invio delle email non è configurato su questo server: la campagna resterà in attesa e partirà appena lo sarà.")
    await dialog.getByRole('button', { name: 'Invia ora' }).click()
    await expect.poll(() => page.getByText('"Offerte di autunno" resta in attesa').count()).toBeGreaterThan(0)
    const progress = page.getByRole('region', { name: 'Offerte di autunno' })
    await expect.poll(() => progress.getByTestId('campaign-status').textContent()).toBe('In attesa di preparazione')
    await expect.poll(() => progress.getByText(/la campagna resta in attesa e partirà da sola appena sarà configurato/).count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the dashboard and the newsletter screen', () => {
  for (const width of [375, 1280]) {
    it(`fit at ${width} px, the mail notice included`, async () => {
      for (const screen of ['dashboard', 'newsletter']) {
        const { context, page } = await open(`/admin/${screen}`, width)
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invio email non configurato' }).count()).toBe(1)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
        await keepScreenshot(page, `admin-${screen}-mail-${width}`, { fullPage: true })
        await context.close()
      }
    })
  }
})
