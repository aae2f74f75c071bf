import fs from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

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
