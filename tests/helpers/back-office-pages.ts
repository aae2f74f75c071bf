import fs from 'node:fs'
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type AdminAccount, createAdmin, signInThroughForm } from './admin.ts'
import { launchBrowser, openWatchedPage, shots, type WatchedPage } from './browser.ts'
import { type RunningServer, startServer } from './server.ts'

/** A new context (with those options) signed in through the sign-in form as that administrator, its page on the dashboard. */
export async function signInInNewContext(browser: Browser, serverUrl: string, admin: AdminAccount, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(`${serverUrl}/admin`, { waitUntil: 'networkidle' })
  await signInThroughForm(page, admin.email, admin.password)
  await page.waitForURL(`${serverUrl}/admin/dashboard`)
  return { context, page }
}

/** The server, the browser, and `open`: a back-office page (a path such as '/admin/leads') already signed in, at that width. */
export type BackOffice = { server: RunningServer; browser: Browser; open: (path: string, width?: number) => Promise<WatchedPage> }

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
    await opened.page.goto(`${office.server.url}${path}`, { waitUntil: 'networkidle' })
    return opened
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
