import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { type AdminAccount, createAdmin, signInThroughForm } from './admin.ts'
import { artisanSessionCookie } from './artisan-area.ts'
import { launchBrowser, openWatchedPage, shots, type WatchedPage } from './browser.ts'
import { buildDir, type RunningServer, startServer } from './server.ts'

/**
 * Opens a back-office address and waits until React owns the page: on a busy machine the network can be idle while
 * hydration still runs, and what is typed before it is not seen by the page's state.
 */
export async function gotoBackOffice(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Chooses the campaign form's writing mode by its visible label, as a person does. Its radio is visually hidden: a
 * forced click on it skips Playwright's wait for a still layout, and lands wherever the radio was before the
 * segment's fields and count appeared above it.
 */
export async function chooseWritingMode(page: Page, mode: 'Editor' | 'HTML avanzato') {
  await page.getByRole('radiogroup', { name: 'Modalità di scrittura' }).locator('label').filter({ hasText: mode }).click()
  await expect.poll(() => page.getByRole('radio', { name: mode }).isChecked()).toBe(true)
}

/**
 * A page of the craftsmen's area at that width, signed in as that craftsman with a session cookie written as the sign-in
 * writes one. The cookie's __Host- prefix asks for Secure: it is set as from the https origin of the same host, which
 * Chromium sends to 127.0.0.1 as to any local address.
 */
export async function openAreaAs(office: BackOffice, artisanId: number, path: string, width: number): Promise<WatchedPage> {
  const opened = await openWatchedPage(office.browser, { viewport: { width, height: 900 } })
  const [name, value] = artisanSessionCookie(office.server.databasePath, artisanId).split('=') as [string, string]
  await opened.context.addCookies([{ name, value, url: office.server.url.replace(/^http:/, 'https:'), secure: true, sameSite: 'Lax' }])
  await gotoBackOffice(opened.page, `${office.server.url}${path}`)
  return opened
}

/** A new context (with those options) signed in through the sign-in form as that administrator, its page on the dashboard. */
export async function signInInNewContext(browser: Browser, serverUrl: string, admin: AdminAccount, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await gotoBackOffice(page, `${serverUrl}/admin`)
  await signInThroughForm(page, admin.email, admin.password)
  await page.waitForURL(`${serverUrl}/admin/dashboard`)
  return { context, page }
}

/** A back-office screen: its path (such as '/admin/leads') and the window's width, 1280 px unless said. */
export type Screen = { path: string; width?: number }

/** One screen at each of those widths. */
export const atWidths = (path: string, widths: readonly number[]) => widths.map((width) => ({ path, width }))

/**
 * The server, the browser, and two ways to a back-office page already signed in: `open`, a page of its own at that
 * width; `inTurn`, one page that loads each screen afresh at its width and hands it to `check`, then closes. A browser
 * context costs the browser about 0.5 s of CPU more than loading one more screen into a page, and a check of how a
 * screen shows does not depend on its being the page's first.
 */
export type BackOffice = {
  server: RunningServer
  browser: Browser
  open: (path: string, width?: number) => Promise<WatchedPage>
  inTurn: <S extends Screen>(screens: readonly S[], check: (opened: WatchedPage, screen: S) => Promise<void>) => Promise<void>
}

export type BackOfficeSetup = {
  /** The server's environment, asked for when it starts (after the hooks the test file registered before). */
  env?: () => Record<string, string>
  /** Fills the database before the administrator signs in. */
  prepare?: (server: RunningServer) => Promise<void> | void
}

/**
 * The browser tests of back-office screens: before the file's tests, a server and a browser, the administrator created
 * and signed in once through the sign-in form; after them, both stopped. Each test opens its pages with that session,
 * so none spends a TOTP code (each code works once).
 */
export function serveBackOffice(admin: AdminAccount, { env = () => ({}), prepare }: BackOfficeSetup = {}): BackOffice {
  let session: Awaited<ReturnType<BrowserContext['storageState']>>
  // Server and browser are filled in before the first test runs.
  const office = {} as BackOffice
  office.open = async (path, width = 1280) => {
    const opened = await openWatchedPage(office.browser, { viewport: { width, height: 900 }, storageState: session })
    await gotoBackOffice(opened.page, `${office.server.url}${path}`)
    return opened
  }
  office.inTurn = async (screens, check) => {
    const [first] = screens
    if (!first) return
    const opened = await office.open(first.path, first.width)
    try {
      for (const [i, screen] of screens.entries()) {
        if (i > 0) {
          await opened.page.setViewportSize({ width: screen.width ?? 1280, height: 900 })
          await gotoBackOffice(opened.page, `${office.server.url}${screen.path}`)
        }
        await check(opened, screen)
      }
    } finally {
      await opened.context.close()
    }
  }
  beforeAll(async () => {
    ;[office.server, office.browser] = await Promise.all([startServer(env()), launchBrowser()])
    fs.mkdirSync(shots, { recursive: true })
    await prepare?.(office.server)
    await createAdmin(office.server.databasePath, admin.email, admin.password)
    const { context } = await signInInNewContext(office.browser, office.server.url, admin)
    session = await context.storageState()
    await context.close()
  })
  afterAll(async () => {
    await office.browser?.close()
    await office.server?.stop()
  })
  return office
}

const run = promisify(execFile)

/** Campaigns of every kind for the history table: a long subject, failures, one paused. */
const CAMPAIGNS = [
  ['Offerte di primavera: tinteggiature, serramenti e impianti a prezzi bloccati fino a giugno', 'users', 'completed', 1240, 1236, 4],
  ['Nuove richieste nella tua zona', 'artisans', 'paused', 210, 96, 0],
  ['Promemoria: aggiorna il tuo profilo', 'artisans', 'preparation_failed', 0, 0, 0],
  ['Bonus casa 2026: cosa cambia per chi ristruttura', 'users', 'completed', 1180, 1180, 0],
] as const

/**
 * The back office's demo data in that database: leads, requesters and craftsmen from the build's seed-demo command
 * (`npm run db:seed-demo`, the same data the README's screenshots show), and a few newsletter campaigns.
 */
export async function seedBackOffice(databasePath: string, { leads = 300, artisans = 60 } = {}) {
  const seedDemo = path.join(buildDir(), 'server/commands/seed-demo.js')
  await run(process.execPath, [seedDemo, '--db', databasePath, '--leads', String(leads), '--artisans', String(artisans)], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
  })
  const sqlite = new Database(databasePath)
  const insert = sqlite.prepare(
    `insert into newsletter_jobs (subject, body_html, target_group, status, total_recipients, sent_count, failed_count, idempotency_key, created_at, updated_at)
     values (?, '<p>Demo</p>', ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  CAMPAIGNS.forEach(([subject, group, status, total, sent, failed], i) => {
    const at = new Date(Date.now() - (i + 1) * 5 * 24 * 60 * 60 * 1000).toISOString()
    insert.run(subject, group, status, total, sent, failed, `demo-${i}`, at, at)
  })
  sqlite.close()
}
