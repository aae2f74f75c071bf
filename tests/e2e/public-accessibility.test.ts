import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkCode } from '#shared/catalog/index.ts'
import { axeViolations, keepScreenshot, launchBrowser, shots } from '../helpers/browser.ts'
import { openTestDatabase } from '../helpers/app-database.ts'
import { publishChanges, publishedCraftsman } from '../helpers/profiles.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'
import { waitFor } from '../helpers/wait.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ LOG_LEVEL: 'warn', PUBLIC_PAGES_POLL_SECONDS: '0.2' }), launchBrowser()])
  fs.mkdirSync(shots, { recursive: true })
  // Public craftsmen on the service, town and service-in-town pages below, so their blocks are checked too.
  const db = openTestDatabase(server.databasePath)
  const fourPointEight = [...Array(32).fill(5), ...Array(8).fill(4)] as number[]
  await publishedCraftsman(db, 'Elettrica Brambilla', ['Elettricista', 'Idraulico'], ['Sesto San Giovanni', 'Rho'], fourPointEight)
  const trades = ['Elettricista', 'Idraulico', 'Tecnico Caldaie', 'Imbianchino', 'Muratore']
  await publishedCraftsman(db, 'Termoidraulica Giovanni Bianchi e Figli S.n.c.', trades, ['Sesto San Giovanni', 'Rho'], [5])
  await publishedCraftsman(db, 'Idraulica Rossi', ['Idraulico'], ['Sesto San Giovanni', 'Rho'], [])
  await publishChanges(db)
  await db.destroy()
  await waitFor(async () => (await (await fetch(`${server.url}/elettricista`)).text()).includes('artigiani-in-evidenza'), 10_000, 'the craftsmen block')
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

// One page of each public template.
const templates: [name: string, path: string][] = [
  ['home', '/'],
  ['servizio', '/elettricista'],
  ['categoria', '/manutenzione-riparazioni'],
  ['comune', '/sesto-san-giovanni'],
  ['servizio-comune', `/s/idraulico-rho-${checkCode('idraulico', 'rho')}`],
  ['chi-siamo', '/chi-siamo'],
  ['servizi', '/i-nostri-artigiani'],
  ['zone-servite', '/zone-servite'],
  ['area-artigiani', '/area-artigiani'],
  ['privacy', '/privacy-policy'],
  ['recensioni-verificate', '/come-verifichiamo-le-recensioni'],
  // A craftsman's profile with four pages of reviews: the rating bars, the reviews and their pages.
  ['profilo', '/artigiani/elettrica-brambilla'],
  ['contattaci', '/contattaci'],
  ['grazie', '/thank-you'],
  ['messaggio-inviato', '/messaggio-inviato'],
  ['grazie-artigiano', '/artisan-thank-you'],
  ['non-trovata', '/pagina/che-non-esiste'],
  ['s-non-valido', '/s/idraulico-atlantide-0001'],
]

describe('every public template, on a phone, a tablet and a desktop', () => {
  // One page a width, each template loaded into it afresh, as a visitor goes from page to page: a new browser context
  // for each of the 54 loads costs the browser about 0.3 s of CPU more each, and no check here depends on a first visit.
  const widths = [375, 768, 1280] as const
  const pages = new Map<number, Page>()
  beforeAll(async () => {
    for (const width of widths) pages.set(width, await (await browser.newContext({ viewport: { width, height: 900 } })).newPage())
  })

  for (const [name, pagePath] of templates) {
    it(`${name} (${pagePath}) has no axe violations at 375 and 1280 px and no horizontal scroll at any width`, async () => {
      for (const width of widths) {
        const page = pages.get(width)!
        await page.goto(server.url + pagePath, { waitUntil: 'load' })
        // Lazy parts (the quote form) load as they come near the screen: scroll through the page first.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y)
            await new Promise((resolve) => setTimeout(resolve, 30))
          }
          window.scrollTo(0, 0)
        })
        // What scrolling brought in (lazy images) and the fonts are there before anything is measured.
        await page.waitForFunction(() => [...document.images].every((image) => image.complete) && document.fonts.status === 'loaded')
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${pagePath} at ${width}px`).toBeLessThanOrEqual(0)
        if (width !== 768) {
          expect(await axeViolations(page), `${pagePath} at ${width}px`).toEqual([])
        }
        await keepScreenshot(page, `${name}-${width}`, { fullPage: true })
      }
    })
  }
})

describe('the accessibility check these tests run', () => {
  it('reports what it should find: an image without a text alternative and a field without a name, in a page served as ours are', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/chi-siamo`, { waitUntil: 'load' })
    await page.evaluate(() => {
      const main = document.querySelector('main')!
      main.insertAdjacentHTML('afterbegin', '<img src="/favicon.svg" id="senza-alt"><input type="text" id="senza-nome">')
    })
    const found = await axeViolations(page)
    expect(found.filter((violation) => /^(image-alt|label): /.test(violation)).sort()).toEqual(['image-alt: #senza-alt', 'label: #senza-nome'])
    await context.close()
  })
})
