import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchBrowser, shots } from './browser.ts'
import { type RequestSite, serveRequests } from './requests.ts'

/**
 * The site and a browser for the tests of a visitor filling in a form. The browser solves the form's proof of work in
 * the background from the moment the form wakes, here at the test servers' difficulty: at the production one each
 * solve takes about half a second of both cores, so only a test about the proof of work itself starts a server with it.
 */
export function serveRequestPages(): RequestSite & { browser: Browser } {
  const site = serveRequests({ RATE_LIMIT_MAX: '1000' }) as RequestSite & { browser: Browser }
  beforeAll(async () => {
    site.browser = await launchBrowser()
    fs.mkdirSync(shots, { recursive: true })
  })
  afterAll(async () => {
    await site.browser?.close()
  })
  return site
}

/** The toast on screen. */
export const toast = (page: Page) => page.locator('li[data-state="open"]').last()

/** Waits for the form's captcha and answers it (wrongly when asked); returns the question. */
export async function answerCaptcha(form: ReturnType<Page['getByRole']>, wrong = false): Promise<string> {
  await expect.poll(() => form.getByTestId('captcha-question').textContent(), { timeout: 15_000 }).toMatch(/^Quanto fa \d+ \+ \d+\?$/)
  const question = (await form.getByTestId('captcha-question').textContent())!
  const [, a, b] = /(\d+) \+ (\d+)/.exec(question)!
  await form.getByLabel(/Verifica di sicurezza/).fill(String(Number(a) + Number(b) + (wrong ? 1 : 0)))
  return question
}
