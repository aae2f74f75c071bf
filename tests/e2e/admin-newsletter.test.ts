import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, signInThroughForm } from '../helpers/admin.ts'
import { launchBrowser } from '../helpers/browser.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from '../helpers/ses.ts'

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }
const shots = path.resolve(import.meta.dirname, '../../screenshots')

let ses: RunningSes
let server: RunningServer
let browser: Browser
let session: Awaited<ReturnType<BrowserContext['storageState']>>

function seed(databasePath: string) {
  const sqlite = new Database(databasePath)
  const at = new Date().toISOString()
  const lead = sqlite.prepare(
    `insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_name, description)
     values ('quote', ?, ?, ?, ?, ?, 'Imbianchino', 'Tinteggiatura soggiorno')`,
  )
  for (const [name, email] of [
    ['Mario Rossi', 'mario.rossi@example.com'],
    ['Giulia Bianchi', 'giulia.bianchi@example.com'],
    ['Luca Verdi', 'luca.verdi@example.com'],
  ]) {
    lead.run(at, at, name, email, email)
  }
  sqlite
    .prepare(`insert into artisans (created_at, updated_at, contact_name, email, phone) values (?, ?, 'Paolo Fabbri', 'paolo@fabbri.it', '3331234567')`)
    .run(at, at)
  sqlite.close()
}

async function openScreen(width: number): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: session })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(`${server.url}/admin/newsletter`, { waitUntil: 'networkidle' })
  return { context, page, problems }
}

beforeAll(async () => {
  ;[ses, browser] = await Promise.all([startSes(), launchBrowser()])
  server = await startServer({ ...mailEnv(ses), MAIL_RATE_PER_SECOND: '20' })
  seed(server.databasePath)
  await createAdmin(server.databasePath, ADMIN.email, ADMIN.password)
  // Signed in once through the sign-in form; every test reuses that session.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' })
  await signInThroughForm(page, ADMIN.email, ADMIN.password)
  await page.waitForURL(/\/admin\/dashboard/)
  session = await context.storageState()
  await context.close()
  fs.mkdirSync(shots, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await ses?.stop()
})

describe('an administrator on Gestione Newsletter', () => {
  it('sees each group with its count and the spec messages for an empty form', async () => {
    const { context, page, problems } = await openScreen(1280)
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
    const { context, page, problems } = await openScreen(1280)
    await page.getByRole('radio', { name: /Tutti gli artigiani/ }).check()
    await page.getByLabel('Oggetto').fill('Prova script')
    await page.getByLabel('Corpo HTML').fill('<p id="segno">Originale</p><script>document.getElementById("segno").textContent = "ESEGUITO"</script>')
    await page.getByRole('button', { name: 'Anteprima' }).click()
    const frame = page.getByTitle('Anteprima della newsletter')
    await expect.poll(() => frame.count()).toBe(1)
    expect(await frame.getAttribute('sandbox')).toBe('')
    const content = page.frameLocator('iframe[title="Anteprima della newsletter"]')
    // An inline script runs while the document is parsed: once the footer after it exists, it would have run.
    await expect.poll(() => content.getByText("Annulla l'iscrizione").count()).toBe(1)
    expect(await content.locator('#segno').textContent()).toBe('Originale')
    expect(problems.filter((problem) => !problem.includes('sandboxed'))).toEqual([])
    await context.close()
  })

  it('creates a campaign and follows it live until every recipient has it', async () => {
    const { context, page, problems } = await openScreen(1280)
    await page.getByRole('radio', { name: /Tutti gli utenti/ }).check()
    await page.getByLabel('Oggetto').fill('Offerte di primavera')
    await page.getByLabel('Corpo HTML').fill('<h1>Offerte di primavera</h1><p>Tinteggiature scontate.</p>')
    await page.getByRole('button', { name: 'Crea e Invia Campagna' }).click()
    await expect.poll(() => page.getByText('Campagna Creata!').first().isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('Completata')
    const progress = page.getByRole('progressbar', { name: "Avanzamento dell'invio" })
    expect(await progress.getAttribute('aria-valuenow')).toBe('100')
    expect(await page.getByRole('heading', { name: 'Offerte di primavera' }).count()).toBe(1)
    const history = page.getByRole('table')
    await expect.poll(() => history.getByRole('row', { name: /Offerte di primavera/ }).count()).toBe(1)
    expect(await history.getByRole('row', { name: /Offerte di primavera/ }).textContent()).toContain('Completata')
    expect(await page.getByLabel('Oggetto').inputValue()).toBe('')
    const sent = (await ses.emails()).filter((mail) => mail.subject === 'Offerte di primavera')
    expect(sent.map((mail) => mail.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', 'luca.verdi@example.com', 'mario.rossi@example.com'])
    expect(problems).toEqual([])
    await context.close()
  })

  it('fits phones, tablets and desktops', async () => {
    for (const width of [375, 768, 1280]) {
      const { context, page } = await openScreen(width)
      await expect.poll(() => page.getByTestId('campaign-status').count()).toBe(1)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: path.join(shots, `admin-newsletter-${width}.png`), fullPage: true })
      await context.close()
    }
  })
})
