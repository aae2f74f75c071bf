import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { launchBrowser, shots } from './browser.ts'
import { type RequestSite, serveRequests } from './requests.ts'

/**
 * The site and a browser for the tests of a visitor filling in a form, with the production proof of work: the browser
 * solves it in the background while the form is filled in.
 */
export function serveRequestPages(): RequestSite & { browser: Browser } {
  const site = serveRequests({ RATE_LIMIT_MAX: '1000', PROOF_OF_WORK_DIFFICULTY: '' }) as RequestSite & { browser: Browser }
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
