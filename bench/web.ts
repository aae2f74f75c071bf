// npm run bench:web: JavaScript and CSS downloaded by the first load of public pages (gzip), then Lighthouse (mobile preset).
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { checkCode } from '#shared/catalog/index.ts'
import { launchBrowser } from '#tests/helpers/browser.ts'
import { startServer } from '#tests/helpers/server.ts'

const JS_BUDGET_KB = 120
const sPage = `/s/idraulico-rho-${checkCode('idraulico', 'rho')}`
const pages = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',')
  : [
      '/',
      '/elettricista',
      '/milano',
      sPage,
      '/servizi-casa',
      '/i-nostri-artigiani',
      '/zone-servite',
      '/chi-siamo',
      '/contattaci',
      '/area-artigiani',
      '/privacy-policy',
      '/thank-you',
    ]
const lighthousePages = (process.env.BENCH_LIGHTHOUSE_PAGES ?? `/,/elettricista,${sPage}`).split(',').filter(Boolean)

const server = await startServer({ LOG_LEVEL: 'warn' })
let failed = false
try {
  const browser = await launchBrowser()
  console.log('first load of a public page at 375 and 1280 px (gzip -9 of each response body, until the network is idle)')
  for (const [viewport, label] of [
    [{ width: 375, height: 800 }, 'phone'],
    [{ width: 1280, height: 900 }, 'desktop'],
  ] as const) {
    for (const path of pages) {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const sizes = { js: 0, css: 0, files: 0 }
      const pending: Promise<void>[] = []
      page.on('response', (response) => {
        const type = response.request().resourceType()
        if (type !== 'script' && type !== 'stylesheet') return
        pending.push(
          response.body().then(
            (body) => {
              const gz = gzipSync(body, { level: 9 }).length
              if (type === 'script') sizes.js += gz
              else sizes.css += gz
              sizes.files++
            },
            () => {},
          ),
        )
      })
      await page.goto(server.url + path, { waitUntil: 'networkidle' })
      await Promise.all(pending)
      const jsKb = sizes.js / 1024
      if (jsKb > JS_BUDGET_KB) failed = true
      // A form's code loads when the visitor reaches for it: what the first click into the form adds.
      let formNote = ''
      const field = page.locator('form input:not([type=hidden]):not([tabindex="-1"])').first()
      if (label === 'phone' && (await field.count()) > 0) {
        const before = sizes.js
        await field.click()
        await page.waitForLoadState('networkidle')
        await page.waitForTimeout(300)
        await Promise.all(pending)
        if (sizes.js > before) formNote = `  first click into the form: +${((sizes.js - before) / 1024).toFixed(1)} KB JS`
      }
      console.log(
        `${label.padEnd(8)} ${path.padEnd(34)} JS ${jsKb.toFixed(1).padStart(6)} KB  CSS ${(sizes.css / 1024).toFixed(1).padStart(5)} KB  (${sizes.files} files)${jsKb > JS_BUDGET_KB ? `  over the ${JS_BUDGET_KB} KB budget` : ''}${formNote}`,
      )
      await context.close()
    }
  }
  await browser.close()

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    console.log('\nLighthouse 12, mobile preset (targets: performance >= 95, others 100)')
    for (const path of lighthousePages) {
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const lhr = result!.lhr
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const audits = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => audit.id)
      console.log(
        `${path.padEnd(34)} performance ${score('performance')}  accessibility ${score('accessibility')}  best-practices ${score('best-practices')}  seo ${score('seo')}  LCP ${lhr.audits['largest-contentful-paint']?.displayValue}  TBT ${lhr.audits['total-blocking-time']?.displayValue}  CLS ${lhr.audits['cumulative-layout-shift']?.displayValue}`,
      )
      if (audits.length) console.log(`  below full marks: ${audits.join(', ')}`)
    }
  } finally {
    chrome.kill()
  }
} finally {
  await server.stop()
}
if (failed) process.exitCode = 1
