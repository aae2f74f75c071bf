// npm run docs:screenshots [-- --all]: the README's back-office screenshots (docs/screenshots/*.png, 1280 x 800), taken from
// the build in ${BUILD_DIR:-dist} (it builds nothing) on the seed-demo command's data, signed in as a fresh administrator.
// With --all, also every admin screen at 375, 768 and 1280 px, whole pages, into screenshots/ (not committed) to look at,
// with any page wider than its window reported.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from 'playwright-core'
import { createAdmin } from '#tests/helpers/admin.ts'
import { seedBackOffice, signInInNewContext } from '#tests/helpers/back-office-pages.ts'
import { launchBrowser, shots } from '#tests/helpers/browser.ts'
import { startServer } from '#tests/helpers/server.ts'

const { values } = parseArgs({ options: { all: { type: 'boolean', default: false } } })
const docs = path.resolve(import.meta.dirname, '../docs/screenshots')
const ADMIN = { email: 'titolare@artigianimilano.it', password: 'screenshot-del-back-office' }

/**
 * A screen: its path, what to do there before the picture (open a dialog, wait for a form to fill), and how much of it
 * the README shows: the window (the default) or the whole page. A dialog is always pictured in its window.
 */
type Screen = { name: string; path: string; prepare?: (page: Page) => Promise<void>; whole?: boolean; dialog?: boolean }

async function openDialog(page: Page, button: RegExp) {
  await page.getByRole('button', { name: button }).first().click()
  await page.getByRole('dialog').waitFor()
  await page.waitForLoadState('networkidle')
}

/** The README's screens, one picture each. */
const MAIN_SCREENS: Screen[] = [
  { name: 'dashboard', path: '/admin/dashboard' },
  { name: 'leads', path: '/admin/leads' },
  { name: 'lead-details', path: '/admin/leads', prepare: (page) => openDialog(page, /^Visualizza il preventivo di/), dialog: true },
  { name: 'requesters', path: '/admin/users' },
  { name: 'artisans', path: '/admin/artisans' },
  {
    name: 'artisan-form',
    path: '/admin/artisans',
    prepare: async (page) => {
      await page
        .getByRole('link', { name: /^Modifica / })
        .first()
        .click()
      await page.getByRole('button', { name: 'Salva Modifiche' }).waitFor()
    },
  },
  // The whole page, down to the campaigns' history.
  { name: 'newsletter', path: '/admin/newsletter', whole: true },
]

/** With --all: the rest of the signed-in screens. */
const OTHER_SCREENS: Screen[] = [
  { name: 'requester-details', path: '/admin/users', prepare: (page) => openDialog(page, /^Visualizza le richieste di/), dialog: true },
  { name: 'artisan-add', path: '/admin/artisans/add' },
  {
    name: 'artisan-details',
    path: '/admin/artisans',
    prepare: async (page) => {
      await page
        .getByRole('link', { name: /^Dettagli di / })
        .first()
        .click()
      await page.getByRole('heading', { name: 'Cronologia' }).waitFor()
    },
  },
  { name: 'update-password', path: '/admin/update-password' },
]

async function show(page: Page, url: string, screen: Screen) {
  await page.goto(`${url}${screen.path}`, { waitUntil: 'networkidle' })
  await screen.prepare?.(page)
  // Charts and dialogs animate in.
  await page.waitForTimeout(600)
}

// Mail looks configured, as in production; the endpoint is closed and nothing here sends any.
const server = await startServer({
  LOG_LEVEL: 'warn',
  MAIL_FROM: 'Artigiani Milano <noreply@artigianimilano.it>',
  SES_REGION: 'eu-south-1',
  NOTIFY_EMAIL: 'ufficio@artigianimilano.it',
  SES_ENDPOINT: 'http://127.0.0.1:9',
})
const browser = await launchBrowser()
try {
  await seedBackOffice(server.databasePath)
  await createAdmin(server.databasePath, ADMIN.email, ADMIN.password)
  fs.mkdirSync(docs, { recursive: true })
  const widths = values.all ? [375, 768, 1280] : [1280]
  for (const width of widths) {
    const { context, page } = await signInInNewContext(browser, server.url, ADMIN, { viewport: { width, height: 800 } })
    for (const screen of values.all ? [...MAIN_SCREENS, ...OTHER_SCREENS] : MAIN_SCREENS) {
      await show(page, server.url, screen)
      if (width === 1280 && MAIN_SCREENS.includes(screen)) await page.screenshot({ path: path.join(docs, `${screen.name}.png`), fullPage: screen.whole })
      if (!values.all) continue
      fs.mkdirSync(shots, { recursive: true })
      await page.screenshot({ path: path.join(shots, `admin-${screen.name}-${width}.png`), fullPage: !screen.dialog })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      if (overflow > 0) console.warn(`${screen.name} at ${width} px is ${overflow} px wider than the window`)
    }
    await context.close()
  }
  console.log(
    `saved ${MAIN_SCREENS.length} screenshots in ${path.relative(process.cwd(), docs)}${values.all ? ` and every screen in ${path.relative(process.cwd(), shots)}` : ''}`,
  )
} finally {
  await browser.close()
  await server.stop()
}
