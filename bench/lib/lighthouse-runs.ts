// Lighthouse 12 with its default configuration (the mobile preset: a mid-range phone, slow 4G and a 4x slower CPU,
// simulated), performance only; one Chrome for every run, as Lighthouse clears its cache and storage before each.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export type LighthouseFigures = { score: number; tbtMs: number; lcpMs: number }
/** A run's figures and the address the page ended on (a redirect shows there). */
export type LighthouseRun = LighthouseFigures & { finalUrl: string /** The largest paint's element, as Lighthouse names it. */; lcpElement?: string }

/** `headers` go with every request of the run: a session cookie, for a page shown only to someone signed in. */
export type LighthouseChrome = { run(url: string, headers?: Record<string, string>): Promise<LighthouseRun>; close(): void }

export async function launchLighthouseChrome(): Promise<LighthouseChrome> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  return {
    run: async (url, headers) => {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      const score = lhr.categories.performance?.score
      const tbtMs = lhr.audits['total-blocking-time']?.numericValue
      const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue
      if (score == null || tbtMs === undefined || lcpMs === undefined) throw new Error(`Lighthouse on ${url} measured no score, TBT or LCP`)
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)
        ?.items
      const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet
      return { score: Math.round(score * 100), tbtMs, lcpMs, finalUrl: lhr.finalDisplayedUrl, lcpElement }
    },
    close: () => chrome.kill(),
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median of each figure on its own, as Lighthouse's variability guide reports them. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return { score: median(runs.map((run) => run.score)), tbtMs: median(runs.map((run) => run.tbtMs)), lcpMs: median(runs.map((run) => run.lcpMs)) }
}
