// The time from a visitor's first tap on a form field to the moment its island has hydrated, on a phone with a CPU
// four times slower (Lighthouse's mobile preset slows the CPU the same way), and the JavaScript that tap brings.
import type { Browser, Page } from 'playwright-core'
import { type Fetched, type PageWatch, watchPage } from './page-watch.ts'

/** How long a tap may wait for its island before the run counts as not hydrated. */
const HYDRATION_TIMEOUT_MS = 10_000

/**
 * `untilHydrated`: every request the page started from the tap until the island had hydrated (the form answers keys from
 * then on), whatever its kind; `tapScripts`: the scripts the tap brought, those fetched right after hydrating included.
 */
type Measured = { island: string; hydrationMs: number; untilHydrated: string[]; tapScripts: Fetched[] } | { problem: string }
/** Besides the figures: every script the visit fetched, and what the console said about hydration. */
export type FirstInteraction = Measured & { scripts: string[]; hydrationMessages: string[] }

type Probe = { start: number | null; end: number | null }
declare global {
  interface Window {
    benchFirstInteraction?: Probe
  }
}

async function measure(watch: PageWatch, page: Page, field: string): Promise<Measured> {
  const input = page.getByLabel(field).first()
  if ((await input.count()) === 0) return { problem: `no field labelled '${field}'` }
  // Timestamps are taken in the page, on its own clock: the input event's time, then the moment the boot marks the island.
  // The functions below stay anonymous: tsx names named ones with a helper that does not exist in the page.
  const island = await input.evaluate((element) => {
    const root = element.closest<HTMLElement>('[data-island]')
    if (!root) return { found: false as const }
    if (root.hasAttribute('data-hydrated')) return { found: true as const, name: root.dataset.island ?? '', hydrated: true }
    const probe: Probe = { start: null, end: null }
    window.benchFirstInteraction = probe
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'mousedown', 'focusin', 'keydown'])
      window.addEventListener(
        type,
        (event) => {
          if (probe.start === null || event.timeStamp < probe.start) probe.start = event.timeStamp
        },
        { capture: true, passive: true },
      )
    new MutationObserver((_, observer) => {
      if (!root.hasAttribute('data-hydrated')) return
      probe.end = performance.now()
      observer.disconnect()
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] })
    return { found: true as const, name: root.dataset.island ?? '', hydrated: false }
  })
  if (!island.found) return { problem: `no island found around '${field}' (no [data-island] element: the page hydrates as a whole)` }
  if (island.hydrated) return { problem: `island ${island.name} had hydrated before any interaction` }

  watch.startInteraction()
  await input.tap()
  try {
    await page.waitForFunction(() => window.benchFirstInteraction?.end != null, null, { timeout: HYDRATION_TIMEOUT_MS, polling: 50 })
  } catch {
    return { problem: `island ${island.name} not hydrated ${HYDRATION_TIMEOUT_MS / 1000} s after the tap` }
  }
  const probe = (await page.evaluate(() => window.benchFirstInteraction)) as Probe
  // What the island fetches right after hydrating (the captcha's worker, say) is part of what the tap costs.
  await watch.quiet(500)
  // The page's own record of its requests (each listed once done, hence after the quiet), on the probe's clock: those
  // started between the tap and hydration.
  const untilHydrated = await page.evaluate(
    ({ start, end }) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= start && entry.startTime <= end)
        .map((entry) => entry.name),
    { start: probe.start ?? probe.end!, end: probe.end! },
  )
  const tapScripts = (await watch.fetched()).filter((file) => file.kind === 'js' && file.phase === 'interaction')
  return { island: island.name, hydrationMs: probe.end! - (probe.start ?? probe.end!), untilHydrated, tapScripts }
}

/** One visit of `url` in a fresh phone-sized context: load, wait for the network to rest, tap the field labelled `field`. */
export async function firstInteraction(browser: Browser, url: string, field: string): Promise<FirstInteraction> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const watch = watchPage(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(url, { waitUntil: 'networkidle' })
    const result = await measure(watch, page, field)
    const scripts = (await watch.fetched()).filter((file) => file.kind === 'js').map((file) => file.url)
    return { ...result, scripts, hydrationMessages: watch.hydrationMessages }
  } finally {
    await context.close()
  }
}
