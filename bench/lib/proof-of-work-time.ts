// How long a visitor's browser took to solve the proof of work of a form it sent, as the solution it sent says
// (Altcha's `took`, measured in the page), and how many Web Workers it used.
import type { Browser } from 'playwright-core'

export type ProofOfWorkTime = { ms: number; workers: number } | { problem: string }

/** Fills in /contattaci on a 375 px screen, answers the addition, sends, and reads the time the solution carries. */
export async function proofOfWorkTime(browser: Browser, siteUrl: string): Promise<ProofOfWorkTime> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
  try {
    const page = await context.newPage()
    let workers = 0
    page.on('worker', (worker) => {
      if (worker.url().includes('proof-of-work.worker')) workers++
    })
    const sent = new Promise<number>((resolve) => {
      page.on('request', (request) => {
        if (request.method() !== 'POST' || !request.url().includes('/trpc/requests.contact')) return
        const body = JSON.parse(request.postData() ?? '{}') as { proofOfWork?: string; json?: { proofOfWork?: string } }
        const encoded = body.proofOfWork ?? body.json?.proofOfWork ?? ''
        resolve((JSON.parse(Buffer.from(encoded, 'base64').toString()) as { solution: { time: number } }).solution.time)
      })
    })
    await page.goto(`${siteUrl}/contattaci`, { waitUntil: 'networkidle' })
    const form = page.getByRole('form', { name: 'Scrivici un messaggio' })
    await form.getByLabel('Nome e Cognome').fill('Paolo Grigi')
    await form.getByLabel('Email').fill('paolo.grigi@example.com')
    await form.getByLabel('Oggetto').fill('Tempi')
    await form.getByLabel('Messaggio').fill('Quanto tempo serve per un sopralluogo?')
    const question = form.getByTestId('captcha-question')
    await question.filter({ hasText: /^Quanto fa \d+ \+ \d+\?$/ }).waitFor({ timeout: 15_000 })
    const [, a, b] = /(\d+) \+ (\d+)/.exec((await question.textContent()) ?? '') ?? []
    await form.getByLabel(/Verifica di sicurezza/).fill(String(Number(a) + Number(b)))
    await form.getByRole('button', { name: 'Invia Messaggio' }).click()
    const ms = await Promise.race([sent, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))])
    return ms === null ? { problem: 'the form was not sent within 30 s' } : { ms, workers }
  } catch (error) {
    return { problem: (error as Error).message.split('\n')[0] ?? '' }
  } finally {
    await context.close()
  }
}
