import { describe, expect, it } from 'vitest'
import { atWidths, chooseWritingMode, seedBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'
import { axeViolations, keepScreenshot } from '../helpers/browser.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { formatMediumDateTime, lastDays, romeDayStart } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { promiseOutcome } from '#shared/promise.ts'
import { HOURS_ORDER_MESSAGE } from '#shared/schemas/dispatch.ts'

const ADMIN = { email: 'direzione@artigianimilano.it', password: 'password-di-prova-2026' }

// No MAIL_FROM, NOTIFY_EMAIL or SES_REGION: the server keeps every e-mail queued.
const office = serveBackOffice(ADMIN, { prepare: (server) => seedBackOffice(server.databasePath) })
const { open } = office

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
        'Promessa mantenuta',
        'Risposte degli artigiani',
        'Assegnazione automatica',
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

describe('Promessa mantenuta', () => {
  it("says the share of the last 30 days' requests a craftsman accepted within the promise, with the counts, at 375, 768 and 1280 px", async () => {
    // The demo data's requests carry their promise as the site stores it; their share is the dashboard's.
    const [{ due, kept }] = readRows<{ due: number; kept: number }>(
      office.server.databasePath,
      'select count(*) as due, coalesce(sum(case when first_accepted_at <= promise_due_at then 1 else 0 end), 0) as kept from leads where promise_due_at >= ? and promise_due_at <= ?',
      romeDayStart(lastDays(30).from),
      new Date().toISOString(),
    ) as [{ due: number; kept: number }]
    expect(due).toBeGreaterThan(0)
    const share = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 }).format(kept / due)
    await office.inTurn(atWidths('/admin/dashboard', [375, 768, 1280]), async ({ page, problems }, { width }) => {
      const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Promessa mantenuta' }) })
      await expect.poll(() => card.textContent()).toContain(`${share} delle richieste negli ultimi 30 giorni`)
      const text = (await card.textContent())!.replace(/\s+/g, ' ')
      expect(text).toContain(
        `${countOf(kept, 'richiesta accettata', 'richieste accettate')} da un artigiano entro 24 ore lavorative su ${countOf(due, 'richiesta', 'richieste')}`,
      )
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await keepScreenshot(card, `admin-dashboard-promise-${width}`)
      expect(problems).toEqual([])
    })
  })

  it("shows a lead's promise in its dialog: when it was due and whether it was kept", async () => {
    const [lead] = readRows<{ id: number; promise_due_at: string; first_accepted_at: string | null }>(
      office.server.databasePath,
      'select id, promise_due_at, first_accepted_at from leads where promise_due_at is not null order by id desc limit 1',
    )
    const { context, page, problems } = await open(`/admin/leads?lead=${lead!.id}`, 375)
    const shown = `${formatMediumDateTime(lead!.promise_due_at)} · ${promiseOutcome(lead!.promise_due_at, lead!.first_accepted_at, Date.now())}`
    await expect.poll(() => page.getByRole('dialog').getByText(shown, { exact: true }).count()).toBe(1)
    expect(await page.getByRole('dialog').getByText('Promessa (entro 24 ore lavorative)', { exact: true }).count()).toBe(1)
    await keepScreenshot(page.getByRole('dialog'), 'admin-lead-promise-375')
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
    await chooseWritingMode(page, 'HTML avanzato')
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
      const screens = ['dashboard', 'newsletter'].map((screen) => ({ path: `/admin/${screen}`, width, screen }))
      await office.inTurn(screens, async ({ page }, { screen }) => {
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invio email non configurato' }).count()).toBe(1)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
        await keepScreenshot(page, `admin-${screen}-mail-${width}`, { fullPage: true })
      })
    })
  }
})

describe('Assegnazione automatica', () => {
  it('is turned on from the dashboard with its craftsmen, rounds, days and hours; hours ending before they start are refused', async () => {
    const { context, page, problems } = await open('/admin/dashboard')
    const form = page.getByRole('form', { name: 'Assegnazione automatica' })
    await form.getByLabel("Attiva l'assegnazione automatica delle nuove richieste").check()
    await form.getByLabel('Artigiani per richiesta').selectOption('2')
    await form.getByLabel('Giri di offerte').selectOption('3')
    await form.getByLabel('Sabato').check()
    await form.getByLabel('Dalle ore').fill('18:00')
    await form.getByLabel('Alle ore', { exact: true }).fill('09:00')
    await form.getByRole('button', { name: 'Salva impostazioni' }).click()
    await expect.poll(() => form.getByText(HOURS_ORDER_MESSAGE).count()).toBe(1)
    const stored = () => readRows<{ value: string }>(office.server.databasePath, "select value from app_settings where key = 'dispatch'")
    expect(stored()).toEqual([])

    await form.getByLabel('Dalle ore').fill('08:30')
    await form.getByLabel('Alle ore', { exact: true }).fill('17:30')
    await form.getByRole('button', { name: 'Salva impostazioni' }).click()
    await expect.poll(() => page.getByText('Attiva: ogni nuova richiesta va a 2 artigiani alla volta, lunedì-sabato, 08:30-17:30, per 3 giri.').count()).toBe(1)
    expect(JSON.parse(stored()[0]!.value)).toEqual({
      enabled: true,
      perRequest: 2,
      rounds: 3,
      officeHours: { days: [1, 2, 3, 4, 5, 6], start: '08:30', end: '17:30' },
    })
    expect(problems).toEqual([])
    await context.close()
  })

  it('lists the leads it gave back to the office, and fits at 375, 768 and 1280 px', async () => {
    const [lead] = readRows<{ id: number }>(office.server.databasePath, 'select min(id) as id from leads')
    changeRows(
      office.server.databasePath,
      "update leads set no_artisan_reason = 'all_declined', no_artisan_at = ?, status = 'assegnato' where id = ?",
      new Date().toISOString(),
      lead!.id,
    )
    await office.inTurn(atWidths('/admin/dashboard', [375, 768, 1280]), async ({ page }, { width }) => {
      const flagged = page.getByRole('region', { name: /^Nessun artigiano disponibile: 1 richiesta da assegnare a mano$/ })
      await expect.poll(() => flagged.getByText('tutti gli artigiani proposti hanno rifiutato o non hanno risposto in tempo', { exact: false }).count()).toBe(1)
      expect(await flagged.getByRole('link', { name: `Apri il preventivo n. ${lead!.id}` }).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      if (width === 1280) expect(await axeViolations(page)).toEqual([])
      await keepScreenshot(page, `admin-dashboard-dispatch-${width}`, { fullPage: true })
      // The lead's dialog says it too, until the office takes the lead over.
      await flagged.getByRole('link', { name: `Apri il preventivo n. ${lead!.id}` }).click()
      const notice = page.getByRole('dialog').getByRole('status').filter({ hasText: 'Nessun artigiano disponibile' })
      await expect
        .poll(() => notice.textContent())
        .toContain('tutti gli artigiani proposti hanno rifiutato o non hanno risposto in tempo. Scegli tu a chi proporre')
      await keepScreenshot(page.getByRole('dialog'), `admin-lead-no-artisan-${width}`)
      if (width === 1280) expect(await axeViolations(page)).toEqual([])
    })
  })
})
