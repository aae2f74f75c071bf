import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core'

/** Where the browser tests leave their screenshots. */
export const shots = path.resolve(import.meta.dirname, '../../screenshots')

/**
 * Keeps a screenshot of a page or a part of it for a developer to look at, as `screenshots/<name>.jpeg`, when
 * TEST_SCREENSHOTS is set (`npm run test:screenshots`): JPEG is encoded in half the time of PNG, and the browser tests
 * take a few hundred of them. Without it (npm test, CI) nobody looks at them, and a part is only waited for to be visible,
 * as its screenshot would.
 */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.TEST_SCREENSHOTS) await target.screenshot({ path: path.join(shots, `${name}.jpeg`), quality: 80, ...options })
  else if ('waitFor' in target) await target.waitFor()
}

/** The browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  return undefined
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

/** A page in a browser context of its own, with the console errors and uncaught exceptions it has reported so far. */
export type WatchedPage = { context: BrowserContext; page: Page; problems: string[] }

/** Opens a page in a new context with those options, recording in `problems` what it reports as an error. */
export async function openWatchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return { context, page, problems }
}

/**
 * The accessibility violations axe finds on the page (or the part `scope` narrows it to), each as "rule: targets". axe
 * runs in the page itself (its legacy mode): by default it would open a blank page and inject its 500 KB a second time
 * there to merge the frames' results, twice the CPU, for cross-origin frames, which no page of ours has (the newsletter
 * preview's sandboxed frames are left out where they are open). Only violations are recorded: axe then skips recording
 * every node that passes.
 */
export async function axeViolations(page: Page, scope: (axe: AxeBuilder) => AxeBuilder = (axe) => axe): Promise<string[]> {
  const results = await scope(new AxeBuilder({ page }))
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
