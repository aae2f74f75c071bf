import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkCode } from '#shared/catalog/index.ts'
import { launchBrowser, keepScreenshot } from '../helpers/browser.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ LOG_LEVEL: 'warn' }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(server.url + path, { waitUntil: 'networkidle' })
  return page
}

const sPath = (service: string, comune: string) => `/s/${service}-${comune}-${checkCode(service, comune)}`

describe('finding an artisan from the home page', () => {
  it('chooses a town from the suggestions with the keyboard and lands on the service page with the location carried', async () => {
    const page = await open('/')
    const submit = page.getByRole('button', { name: 'CHIEDI PREVENTIVO' })
    expect(await submit.isDisabled()).toBe(true)

    await page.getByLabel('Di quale servizio hai bisogno?').selectOption('idraulico')
    await expect.poll(() => page.getByText('Perdite, scarichi, sanitari', { exact: false }).count()).toBeGreaterThan(0)

    const address = page.getByRole('combobox', { name: "Dove serve l'intervento?" })
    await address.fill('CASSIN')
    const options = page.getByRole('listbox', { name: 'Indirizzi suggeriti' }).getByRole('option')
    await expect
      .poll(() => options.allTextContents())
      .toEqual(["Cassina de' PecchiCittà metropolitana di Milano", 'Cassinetta di LugagnanoCittà metropolitana di Milano'])
    await address.press('ArrowDown')
    await expect.poll(() => options.and(page.getByRole('option', { selected: true })).textContent()).toContain('Cassinetta di Lugagnano')
    await address.press('Enter')
    expect(await address.inputValue()).toBe('Cassinetta di Lugagnano, MI, Italia')
    expect(await submit.isDisabled()).toBe(false)

    await submit.click()
    await page.waitForURL(`${server.url}/idraulico`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Richiedi un Preventivo per Idraulico')
    await expect.poll(() => page.getByRole('combobox', { name: "Indirizzo dell'intervento" }).inputValue()).toBe('Cassinetta di Lugagnano, MI, Italia')
    await expect.poll(() => page.getByLabel('Nome e Cognome').count()).toBe(1)
    expect(await page.getByText('Per favore, seleziona un indirizzo valido per continuare.').count()).toBe(0)
    await page.context().close()
  })

  it('finds towns without accents or capitals and reports when nothing matches', async () => {
    const page = await open('/', 375)
    const address = page.getByRole('combobox', { name: "Dove serve l'intervento?" })
    await address.fill('cernusco sul nav')
    await expect
      .poll(() => page.getByRole('listbox', { name: 'Indirizzi suggeriti' }).getByRole('option').allTextContents())
      .toEqual(['Cernusco sul NaviglioCittà metropolitana di Milano'])
    await address.fill('Atlantide')
    await expect.poll(() => page.getByText('Nessun comune trovato: prova con un altro nome.').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'CHIEDI PREVENTIVO' }).isDisabled()).toBe(true)
    await page.context().close()
  })

  it('pages the suggestions by 5, with a last option for the next ones, by mouse and keyboard', async () => {
    const page = await open('/', 375)
    const address = page.getByRole('combobox', { name: "Dove serve l'intervento?" })
    const options = page.getByRole('listbox', { name: 'Indirizzi suggeriti' }).getByRole('option')
    await address.fill('san')
    await expect.poll(() => options.count()).toBe(6)
    expect(await options.last().textContent()).toBe('Mostra altri risultati')
    await keepScreenshot(page, 'address-suggestions-375')

    await options.last().click()
    await expect.poll(() => options.count()).toBe(11)
    // The first new suggestion is the active one; the arrows reach the option for the next ones, Enter asks for them.
    expect(await options.nth(5).getAttribute('aria-selected')).toBe('true')
    // The keyboard from here, the pointer off the list: a pointer left over an option makes it the active one when the
    // browser replays a mouse move after the list grew, as hovering does, which on a busy machine came between the arrows.
    await page.mouse.move(0, 0)
    for (let step = 0; step < 5; step++) await address.press('ArrowDown')
    expect(await options.nth(10).getAttribute('aria-selected')).toBe('true')
    await address.press('Enter')
    await expect.poll(() => options.count()).toBe(15)
    expect(await options.allTextContents()).not.toContain('Mostra altri risultati')
    await address.press('Enter')
    expect(await address.inputValue()).toBe('Cusano Milanino, MI, Italia')
    expect(await page.getByRole('button', { name: 'CHIEDI PREVENTIVO' }).isDisabled()).toBe(false)
    await page.context().close()
  })

  it('opens a most requested service with no location', async () => {
    const page = await open('/')
    await page
      .getByRole('link', { name: /Zanzariere/ })
      .first()
      .click()
    await page.waitForURL(`${server.url}/zanzariere`)
    await expect.poll(() => page.getByText('Per favore, seleziona un indirizzo valido per continuare.').count()).toBe(1)
    await page.context().close()
  })
})

describe('changing service or town', () => {
  it('on a service page, another service keeps the chosen location', async () => {
    const page = await open('/fabbro')
    const address = page.getByRole('combobox', { name: "Indirizzo dell'intervento" })
    await address.fill('rozz')
    const suggestions = page.getByRole('listbox', { name: 'Indirizzi suggeriti' }).getByRole('option')
    await expect.poll(() => suggestions.count()).toBe(1)
    await suggestions.click()
    await expect.poll(() => page.getByLabel('Nome e Cognome').count()).toBe(1)
    await page.getByLabel('Scegli il servizio').selectOption('vetraio')
    await page.waitForURL(`${server.url}/vetraio`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Richiedi un Preventivo per Vetraio')
    await expect.poll(() => page.getByRole('combobox', { name: "Indirizzo dell'intervento" }).inputValue()).toBe('Rozzano, MI, Italia')
    await page.context().close()
  })

  it('on a town page, another town opens that town', async () => {
    const page = await open('/legnano')
    await page.getByLabel('Scegli il comune').selectOption('magenta')
    await page.waitForURL(`${server.url}/magenta`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Artigiani a Magenta')
    await page.context().close()
  })

  it('on a service-in-town page, service and town changes land on the URL with the recomputed check code', async () => {
    const page = await open(sPath('idraulico', 'rho'))
    await page.getByLabel('Scegli il servizio').selectOption('elettricista')
    await page.waitForURL(`${server.url}${sPath('elettricista', 'rho')}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Preventivi Elettricista a Rho')
    await page.getByLabel('Scegli il comune').selectOption('san-giorgio-su-legnano')
    await page.waitForURL(`${server.url}${sPath('elettricista', 'san-giorgio-su-legnano')}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Preventivi Elettricista a San Giorgio su Legnano')
    await page.context().close()
  })

  it('a wrong check code in the browser ends on the canonical address', async () => {
    const right = checkCode('spurghi', 'pero')
    const page = await open(`/s/spurghi-pero-${right === '1234' ? '4321' : '1234'}`)
    expect(new URL(page.url()).pathname).toBe(`/s/spurghi-pero-${right}`)
    await page.context().close()
  })

  it("/s/ without its parameter says 'Parametri URL mancanti.' with the 'Errore URL' toast and sends the visitor home", async () => {
    const page = await open('/s/')
    expect(new URL(page.url()).pathname).toBe('/s')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Parametri URL mancanti.')
    const toast = page.locator('li[data-state="open"]')
    await expect.poll(() => toast.textContent()).toContain('Errore URL')
    expect(await toast.textContent()).toContain('Parametri URL mancanti.')
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 })
    await page.context().close()
  })

  it('a malformed /s/ address shows the spec message and sends the visitor home', async () => {
    const page = await open('/s/idraulico')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Formato URL non corretto.')
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 })
    await page.context().close()
  })
})

describe('the quote card and the towns of the quote pages', () => {
  const pages = [
    { path: '/elettricista', name: 'service', first: "Indirizzo dell'intervento" },
    { path: '/rho', name: 'comune', first: 'Nome e Cognome' },
    { path: sPath('idraulico', 'rho'), name: 'service-in-comune', first: 'Nome e Cognome' },
  ]
  for (const { path: address, name, first } of pages) {
    it(`${name}: on a 375 px phone the request starts on the first screen, at 1280 px it stands beside the copy`, async () => {
      const page = await open(address, 375)
      const card = page.locator('section[aria-labelledby="richiesta"]')
      const top = (await card.boundingBox())!.y
      // The card's heading is on the first screen of a small phone (667 px, less the browser's bars), and the first
      // field the visitor fills is on an 800 px screen without scrolling.
      expect(top, `card at ${top} px`).toBeLessThan(500)
      expect((await page.getByLabel(first).first().boundingBox())!.y).toBeLessThan(800)
      expect(await page.getByLabel(/servizio/i).count()).toBe(1)
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width}`).toBe(true)
        await keepScreenshot(page, `quote-page-${name}-${width}`)
      }
      const copy = (await page.locator('#contenuto h2').nth(1).boundingBox())!
      const beside = (await card.boundingBox())!
      expect(beside.x).toBeGreaterThan(copy.x + copy.width)
      expect(Math.abs(beside.y - copy.y)).toBeLessThan(40)
      await page.context().close()
    })
  }

  it('a service page lists its towns whole on a phone, each link heard as the trade in that town', async () => {
    const page = await open('/elettricista', 375)
    const towns = page.getByRole('list', { name: 'Elettricista per comune' }).getByRole('link')
    expect(await towns.count()).toBe(133)
    // No name is cut: every link is as wide as its text.
    const cut = await towns.evaluateAll((links) => links.filter((link) => link.scrollWidth > link.clientWidth).map((link) => link.textContent))
    expect(cut).toEqual([])
    const sesto = page.getByRole('link', { name: 'Elettricista a Sesto San Giovanni', exact: true })
    expect(await sesto.count()).toBe(1)
    // The trade is said to screen readers only: the eye reads the town under the heading that names the trade.
    expect(await sesto.evaluate((link) => link.lastChild?.textContent)).toBe('Sesto San Giovanni')
    expect(await sesto.locator('.sr-only').boundingBox()).toMatchObject({ width: 1, height: 1 })
    await sesto.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'service-towns-375')
    await page.context().close()
  })
})

describe('the phone menu', () => {
  it('closes on a click outside it', async () => {
    const page = await open('/chi-siamo', 375)
    await page.getByRole('button', { name: 'Apri il menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Menu mobile' })
    expect(await menu.count()).toBe(1)
    // A tap low on the page, outside the menu that covers the top of the screen.
    await page.mouse.click(20, 760)
    await expect.poll(() => menu.count()).toBe(0)
    await page.context().close()
  })
})

describe('cookie consent and the quote conversion', () => {
  it('loads no tracking before consent, and fires the 10 EUR conversion with the lead id only after a yes', async () => {
    const ads = await startServer({ LOG_LEVEL: 'warn', GOOGLE_ADS_ID: 'AW-1234567890', GOOGLE_ADS_CONVERSION_LABEL: 'abcDEF123' })
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const google: string[] = []
      // No network to Google in tests: record what the page asks for and answer with an empty script.
      await context.route(/googletagmanager\.com|googleadservices\.com|doubleclick\.net/, (route) => {
        google.push(route.request().url())
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
      })
      const page = await context.newPage()
      await page.goto(`${ads.url}/`, { waitUntil: 'networkidle' })
      const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' })
      await expect.poll(() => banner.count()).toBe(1)
      expect(google).toEqual([])

      // The thank-you page with a lead id in the tab's session, as the quote form leaves it, before any consent.
      await page.evaluate(() => sessionStorage.setItem('artigiani.richiesta', JSON.stringify({ serviceName: 'Idraulico', leadId: 42 })))
      await page.goto(`${ads.url}/thank-you`, { waitUntil: 'networkidle' })
      await expect.poll(() => page.getByText('Servizio richiesto:').count()).toBe(1)
      expect(google).toEqual([])
      expect(await page.evaluate(() => window.dataLayer ?? null)).toBeNull()

      await page.getByRole('button', { name: 'Accetta' }).click()
      await expect.poll(() => google.length).toBeGreaterThan(0)
      expect(google[0]).toContain('https://www.googletagmanager.com/gtag/js?id=AW-1234567890')
      const events = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)))
      expect(events).toContainEqual(['event', 'conversion', { send_to: 'AW-1234567890/abcDEF123', value: 10, currency: 'EUR', transaction_id: '42' }])
      await context.close()

      const refusing = await browser.newContext()
      const refused: string[] = []
      await refusing.route(/googletagmanager\.com/, (route) => {
        refused.push(route.request().url())
        return route.abort()
      })
      const second = await refusing.newPage()
      await second.goto(`${ads.url}/thank-you`, { waitUntil: 'networkidle' })
      await second.getByRole('button', { name: 'Rifiuta' }).click()
      await second.reload({ waitUntil: 'networkidle' })
      expect(await second.getByRole('region', { name: 'Rispettiamo la tua privacy' }).count()).toBe(0)
      expect(refused).toEqual([])
      await refusing.close()
    } finally {
      await ads.stop()
    }
  })
})

describe('address suggestions from Google Places, when a Maps key is configured', () => {
  it('retries the Maps script after failures and offers Places predictions restricted to Italy', async () => {
    const maps = await startServer({ LOG_LEVEL: 'warn', GOOGLE_MAPS_API_KEY: 'AIzaSyTestKeyForPlaces0123456789abc' })
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const scriptRequests: string[] = []
      // No network to Google in tests: the first two loads fail, the third answers with a minimal Places library.
      await context.route(/maps\.googleapis\.com\/maps\/api\/js/, (route) => {
        scriptRequests.push(route.request().url())
        if (scriptRequests.length <= 2) return route.abort()
        const callback = new URL(route.request().url()).searchParams.get('callback')
        return route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: `window.placesRequests = [];
            window.google = { maps: { importLibrary: async () => ({
              AutocompleteSessionToken: class {},
              AutocompleteSuggestion: { fetchAutocompleteSuggestions: async (request) => {
                window.placesRequests.push({ input: request.input, regions: request.includedRegionCodes });
                if (request.input.includes('bergamo')) return { suggestions: [{ placePrediction: { placeId: 'ChIJ-bergamo', text: { text: 'Via Milano 5, 24122 Bergamo BG, Italia' } } }] };
                return { suggestions: [{ placePrediction: { placeId: 'ChIJ-via-roma', text: { text: 'Via Roma 1, Rho MI, Italia' }, mainText: { text: 'Via Roma 1' }, secondaryText: { text: 'Rho MI, Italia' } } }] };
              } } }) } };
            window[${JSON.stringify(callback)}]();`,
        })
      })
      const page = await context.newPage()
      await page.goto(`${maps.url}/`, { waitUntil: 'networkidle' })
      const address = page.getByRole('combobox', { name: "Dove serve l'intervento?" })
      // The Maps script is the address field's: it loads when the visitor reaches for the field.
      expect(scriptRequests).toEqual([])
      await address.focus()
      await expect.poll(() => scriptRequests.length).toBe(3)
      expect(new URL(scriptRequests[2]!).searchParams.get('key')).toBe('AIzaSyTestKeyForPlaces0123456789abc')
      await address.fill('via roma 1 rho')
      const suggestions = page.getByRole('listbox', { name: 'Indirizzi suggeriti' }).getByRole('option')
      await expect.poll(() => suggestions.allTextContents()).toEqual(['Via Roma 1Rho MI, Italia'])
      expect(await page.evaluate(() => (window as unknown as { placesRequests: unknown[] }).placesRequests.at(-1))).toEqual({
        input: 'via roma 1 rho',
        regions: ['it'],
      })
      await address.press('Enter')
      await page.getByRole('button', { name: 'CHIEDI PREVENTIVO' }).click()
      await page.waitForURL(`${maps.url}/elettricista`)
      const field = page.getByRole('combobox', { name: "Indirizzo dell'intervento" })
      await expect.poll(() => field.inputValue()).toBe('Via Roma 1, Rho MI, Italia')
      // The address from Google is split: its comune, one of the catalogue's, and its street, which the visitor may correct.
      const form = page.getByRole('form', { name: 'Richiedi un preventivo gratuito' })
      await expect.poll(() => form.getByText('Comune:').textContent()).toBe('Comune: Rho')
      expect(await form.getByLabel('Via e numero civico').inputValue()).toBe('Via Roma 1')
      // An address outside the province names no comune of ours: the form asks for one, and refuses to send without it.
      await field.fill('via milano 5 bergamo')
      await page.getByRole('option', { name: /Bergamo/ }).click()
      const comune = form.getByRole('combobox', { name: 'Comune' })
      await expect.poll(() => comune.inputValue()).toBe('')
      expect(await form.getByText('Non troviamo "Via Milano 5, 24122 Bergamo BG, Italia" tra i comuni').count()).toBe(1)
      await form.getByRole('button', { name: 'Invia Richiesta' }).click()
      await expect.poll(() => form.getByText("Scegli il comune dell'intervento.", { exact: true }).count()).toBe(1)
      await comune.selectOption('cinisello-balsamo')
      expect(await form.getByText("Scegli il comune dell'intervento.", { exact: true }).count()).toBe(0)
      await context.close()
    } finally {
      await maps.stop()
    }
  })
})
