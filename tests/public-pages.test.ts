import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkCode, comuni, services, comuneIntro, comuneIntroTemplates } from '#shared/catalog/index.ts'
import {
  ABOUT_PROMISE,
  ARTISANS_PAGE_PROMISE,
  CALL_PROMISE,
  HOME_PROMISE,
  MISSED_PROMISE_NOTICE,
  PROPOSAL_STEP,
  QUICK_QUOTES,
  QUOTES_STEP,
  REQUEST_PROMISE,
  SAVED_CALLS,
} from '#shared/promise.ts'
import { htmlText } from './helpers/html-text.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { buildDir, type RunningServer, startServer } from './helpers/server.ts'

const PUBLIC_URL = 'https://www.artigianimilano.it'
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL })
  return () => server.stop()
})

async function get(path: string) {
  const response = await fetch(server.url + path, { redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location'), headers: response.headers, html: await response.text() }
}

const h1 = (html: string) => htmlText(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '')
const title = (html: string) => htmlText(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? '')
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]
const meta = (html: string, key: string) => htmlText(html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1] ?? '')
/** The fields of a page's structured data that these tests read. */
type JsonLd = { '@type': string; areaServed?: unknown; itemListElement?: { name: string }[] }
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(htmlText(m[1]!)) as JsonLd)

const sPath = (service: string, comune: string) => `/s/${service}-${comune}-${checkCode(service, comune)}`

describe('every public template is complete in the raw HTML', () => {
  const templates: { path: string; h1: string; text?: string; types: string[] }[] = [
    { path: '/', h1: "Trova l'artigiano giusto a Milano e provincia", text: 'CHIEDI PREVENTIVO', types: ['Organization', 'WebSite'] },
    {
      path: '/elettricista',
      h1: 'Richiedi un Preventivo per Elettricista',
      text: 'Per favore, seleziona un indirizzo valido per continuare.',
      types: ['Service', 'BreadcrumbList'],
    },
    { path: '/servizi-casa', h1: 'Servizi per la Casa', text: 'Imbianchino', types: ['BreadcrumbList'] },
    { path: '/rho', h1: 'Artigiani a Rho', text: 'Servizi Disponibili a Rho', types: ['Service', 'BreadcrumbList'] },
    { path: sPath('idraulico', 'rho'), h1: 'Preventivi Idraulico a Rho', text: 'Idraulico a Rho', types: ['Service', 'BreadcrumbList'] },
    { path: '/chi-siamo', h1: 'Artigiani di fiducia, vicino a casa tua', text: 'La nostra missione', types: ['BreadcrumbList'] },
    { path: '/i-nostri-artigiani', h1: 'I nostri Artigiani', text: 'Manutenzione e Riparazioni', types: ['BreadcrumbList'] },
    { path: '/zone-servite', h1: 'Zone Servite', text: 'Nosate', types: ['BreadcrumbList'] },
    { path: '/area-artigiani', h1: 'Più clienti nella tua zona, senza intermediari', text: 'Fatturazione diretta', types: ['BreadcrumbList'] },
    { path: '/privacy-policy', h1: 'Privacy Policy', text: 'Ultimo aggiornamento: 26 novembre 2026', types: ['BreadcrumbList'] },
    {
      path: '/come-verifichiamo-le-recensioni',
      h1: 'Come verifichiamo le recensioni',
      text: 'Non togliamo mai una recensione perché è negativa',
      types: ['BreadcrumbList'],
    },
    { path: '/contattaci', h1: 'Contattaci', text: 'Scrivici un messaggio', types: ['BreadcrumbList'] },
    { path: '/thank-you', h1: 'Grazie, richiesta inviata!', text: 'entro 24 ore lavorative', types: ['BreadcrumbList'] },
    { path: '/messaggio-inviato', h1: 'Grazie, messaggio inviato!', text: 'Ti risponderemo via email', types: ['BreadcrumbList'] },
    { path: '/artisan-thank-you', h1: 'Candidatura inviata, grazie!', text: 'Area Artigiani', types: ['BreadcrumbList'] },
  ]

  for (const template of templates) {
    it(`${template.path} answers 200 with its H1, head tags and structured data`, async () => {
      const { status, html, headers } = await get(template.path)
      expect(status).toBe(200)
      expect(headers.get('content-type')).toMatch(/^text\/html/)
      expect(h1(html)).toBe(template.h1)
      if (template.text) expect(htmlText(html)).toContain(template.text)
      expect(canonical(html)).toBe(PUBLIC_URL + template.path)
      expect(meta(html, 'og:url')).toBe(PUBLIC_URL + template.path)
      expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/images/og-artigiani-milano.png`)
      expect(meta(html, 'description').length).toBeGreaterThan(50)
      expect(meta(html, 'keywords').length).toBeGreaterThan(10)
      expect(jsonLd(html).map((data) => data['@type'])).toEqual(template.types)
      expect(html).toContain('<footer')
      expect(htmlText(html)).toContain(`© ${new Date().getFullYear()} Artigiani Milano`)
    })

    it(`${template.path} has ids without spaces, each once, and labels that point at one of them`, async () => {
      const { html } = await get(template.path)
      const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => htmlText(match[1]!))
      const targets = [...html.matchAll(/\sfor="([^"]*)"/g)].map((match) => htmlText(match[1]!))
      // An HTML id is one token: no space of any kind, not empty (a label's for names one id).
      expect(ids.filter((id) => id === '' || /\s/.test(id))).toEqual([])
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
      expect(targets.filter((target) => !ids.includes(target))).toEqual([])
    })

    it(`${template.path} is valid HTML for html-validate (tests/helpers/html-validate.ts)`, async () => {
      expect(await htmlProblems((await get(template.path)).html)).toEqual([])
    })
  }

  // The page types that are not templates above: the message's thank-you page, the two not-found pages and the plain
  // pages behind the mails' links.
  for (const [path, status] of [
    ['/messaggio-inviato', 200],
    ['/nonesiste/pagina', 404],
    ['/s/idraulico-atlantide-0001', 404],
    ['/valutazione?t=x', 400],
    ['/lavori/accetta?t=x', 400],
    ['/unsubscribe?token=x', 400],
  ] as const) {
    it(`${path} is valid HTML for html-validate`, async () => {
      const page = await get(path)
      expect(page.status).toBe(status)
      expect(await htmlProblems(page.html)).toEqual([])
    })
  }

  // On a phone the request comes right under the title, before the page's copy and lists, and the card asks for the
  // service once: the page's picker where choosing opens another page, else the form's own field.
  for (const { path, before, choice } of [
    { path: '/elettricista', before: 'id="descrizione-servizio"', choice: 'Scegli il servizio' },
    { path: '/rho', before: 'id="servizi-disponibili"', choice: 'Servizio' },
    { path: sPath('idraulico', 'rho'), before: 'id="descrizione-servizio"', choice: 'Scegli il servizio' },
  ]) {
    it(`${path} carries the quote card before its copy, with one service choice`, async () => {
      const html = (await get(path)).html
      const card = html.indexOf('aria-labelledby="richiesta"')
      expect(card).toBeGreaterThan(html.indexOf('<h1'))
      expect(card).toBeLessThan(html.indexOf(before))
      const cardHtml = html.slice(card, html.indexOf(before))
      const serviceLabels = [...cardHtml.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => htmlText(m[1]!)).filter((label) => /servizio/i.test(label))
      expect(serviceLabels.map((label) => label.replace(/\s*\*$/, ''))).toEqual([choice])
    })
  }

  it('a service page lists the towns by name under a heading that names the trade, each link naming both to a screen reader', async () => {
    const html = (await get('/elettricista')).html
    const section = html.match(/<section aria-labelledby="comuni-serviti"[\s\S]*?<\/section>/)![0]
    expect(h1(section.match(/<h2[^>]*>[\s\S]*?<\/h2>/)![0].replace(/h2/g, 'h1'))).toBe('Elettricista nei comuni della provincia di Milano')
    const links = [...section.matchAll(/<a href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)]
    expect(links).toHaveLength(comuni.length)
    const sesto = links.find(([, href]) => href === sPath('elettricista', 'sesto-san-giovanni'))!
    // Seen: the town in full; heard: "Elettricista a Sesto San Giovanni".
    expect(sesto[2]).toBe('<span class="sr-only">Elettricista a </span>Sesto San Giovanni')
    expect(links.map(([, , text]) => text!.replace(/^<span class="sr-only">Elettricista a <\/span>/, ''))).toEqual(
      comuni.map((c) => c.name.replace(/'/g, '&#x27;')),
    )
    expect(section).not.toContain('truncate')
  })

  it('the home page uses the default title and lists the 8 most requested services in the spec order', async () => {
    const { html } = await get('/')
    expect(title(html)).toBe('Artigiani Milano - I Migliori Artigiani a Milano e Provincia')
    const grid = html.slice(html.indexOf('I servizi più richiesti'))
    const names = [...grid.matchAll(/<h3 class="text-lg[^"]*">([^<]+)<\/h3>/g)].map((m) => m[1])
    expect(names).toEqual([
      'Impianti Fotovoltaici',
      'Zanzariere',
      'Falegname',
      'Tapparellista',
      'Elettricista',
      'Tecnico Climatizzatori',
      'Imbianchino',
      'Porte Blindate',
    ])
    expect(html).toContain('href="/i-nostri-artigiani"')
    expect(htmlText(html)).toContain('Visualizza tutti i Servizi')
  })

  it('every page says the same about who receives a request: at most 3 selected craftsmen, never an auction (docs/product.md §12)', async () => {
    const said: Record<string, string[]> = {
      '/': [HOME_PROMISE, PROPOSAL_STEP, QUOTES_STEP, 'ricevi fino a 3 preventivi gratuiti e senza impegno da artigiani selezionati'],
      '/area-artigiani': [ARTISANS_PAGE_PROMISE],
      '/chi-siamo': [`selezionati uno per uno. ${ABOUT_PROMISE}`, SAVED_CALLS, QUICK_QUOTES, 'scegliamo fino a 3 professionisti adatti della tua zona'],
      // When a craftsman calls, and what if none does, the same whether the office or the dispatcher offers the request.
      '/thank-you': [REQUEST_PROMISE, CALL_PROMISE, MISSED_PROMISE_NOTICE, 'entro 24 ore lavorative'],
    }
    // What the pages said before the rule was written once: one craftsman, never ten, never a comparison.
    const contradictions = [
      'Un solo artigiano',
      'un artigiano scelto',
      'dieci concorrenti',
      'è tuo',
      'solo il professionista giusto',
      'il professionista adatto',
      'di preventivi da confrontare',
      'da un artigiano selezionato',
      'il professionista più adatto',
      'individuiamo un professionista',
      'un professionista verificato della tua zona ti contatterà',
      // The office may not call when automatic dispatch offers the request: no page promises it.
      'operatore ti chiam',
      'ti chiamiamo noi',
    ]
    const paths = [...new Set([...Object.keys(said), ...templates.map((template) => template.path)])]
    for (const path of paths) {
      const text = htmlText((await get(path)).html).replace(/\s+/g, ' ')
      for (const sentence of said[path] ?? []) expect(text, path).toContain(sentence)
      for (const sentence of contradictions) expect(text, path).not.toContain(sentence)
    }
    // The introductions of the 133 town pages, each from one of these.
    for (const template of comuneIntroTemplates) for (const sentence of contradictions) expect(template).not.toContain(sentence)
  })

  it('service, town and service-in-town pages name their town in the Service structured data', async () => {
    const service = jsonLd((await get('/elettricista')).html).find((d) => d['@type'] === 'Service')!
    expect(service.areaServed).toMatchObject({ '@type': 'AdministrativeArea', name: 'Città metropolitana di Milano' })
    const comunePage = jsonLd((await get('/cassina-de-pecchi')).html).find((d) => d['@type'] === 'Service')!
    expect(comunePage.areaServed).toMatchObject({ '@type': 'City', name: "Cassina de' Pecchi" })
    const serviceInComune = jsonLd((await get(sPath('fabbro', 'legnano'))).html)
    expect(serviceInComune.find((d) => d['@type'] === 'Service')!.areaServed).toMatchObject({ '@type': 'City', name: 'Legnano' })
    expect(serviceInComune.find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement?.map((item) => item.name)).toEqual(['Home', 'Fabbro a Legnano'])
  })

  it('a service page links to the service in every town and a town page to every service in the town', async () => {
    const servicePage = (await get('/imbianchino')).html
    for (const comune of comuni) expect(servicePage).toContain(`href="${sPath('imbianchino', comune.slug)}"`)
    const comunePage = (await get('/san-giorgio-su-legnano')).html
    for (const service of services) expect(comunePage).toContain(`href="${sPath(service.id, 'san-giorgio-su-legnano')}"`)
  })

  it('the town introduction is the same deterministic template on every visit', async () => {
    const comune = comuni.find((c) => c.slug === 'sesto-san-giovanni')!
    const first = htmlText((await get('/sesto-san-giovanni')).html)
    const second = htmlText((await get('/sesto-san-giovanni?utm_source=test')).html)
    expect(first).toContain(comuneIntro(comune))
    expect(second).toContain(comuneIntro(comune))
  })

  it('titles are unique across templates and pages', async () => {
    const paths = [
      '/',
      '/elettricista',
      '/idraulico',
      '/servizi-casa',
      '/milano',
      '/rho',
      sPath('idraulico', 'rho'),
      sPath('idraulico', 'milano'),
      '/chi-siamo',
      '/i-nostri-artigiani',
      '/zone-servite',
      '/area-artigiani',
      '/privacy-policy',
      '/contattaci',
      '/thank-you',
      '/messaggio-inviato',
      '/artisan-thank-you',
    ]
    const titles = await Promise.all(paths.map(async (path) => title((await get(path)).html)))
    expect(new Set(titles).size).toBe(paths.length)
  })

  it('the breadcrumb of a service-in-town page reads "{Service} a {Town}"', async () => {
    const html = (await get(sPath('tecnico-caldaie', 'cernusco-sul-naviglio'))).html
    const trail = html.match(/<nav aria-label="Percorso"[\s\S]*?<\/nav>/)![0]
    expect(htmlText(trail)).toContain('Tecnico Caldaie a Cernusco sul Naviglio')
    expect(htmlText(trail)).not.toContain(checkCode('tecnico-caldaie', 'cernusco-sul-naviglio'))
  })

  // The button can be clicked at once (its code takes over the click); a form the browser sends by itself posts, keeping the data out of the URL.
  for (const { path, form, fields, button } of [
    { path: '/contattaci', form: 'Scrivici un messaggio', fields: ['Nome e Cognome', 'Oggetto', 'Messaggio'], button: 'Invia Messaggio' },
    {
      path: '/area-artigiani',
      form: 'Candidati come artigiano partner',
      fields: ['Ragione sociale', 'Nome del referente', 'Zone operative'],
      button: 'Invia Candidatura',
    },
    { path: '/rho', form: 'Richiedi un preventivo gratuito', fields: ['Nome e Cognome', 'Servizio', 'Descrivi il lavoro'], button: 'Invia Richiesta' },
    { path: sPath('idraulico', 'rho'), form: 'Richiedi un preventivo gratuito', fields: ['Nome e Cognome', 'Descrivi il lavoro'], button: 'Invia Richiesta' },
  ]) {
    it(`${path} carries its form in the HTML, posted, with its submit button enabled`, async () => {
      const html = (await get(path)).html
      const formHtml = html.match(new RegExp(`<form[^>]*aria-label="${form}"[\\s\\S]*?</form>`))?.[0]
      expect(formHtml, `form "${form}"`).toBeDefined()
      const labels = [...formHtml!.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) => htmlText(m[1]!))
      for (const field of fields)
        expect(
          labels.some((label) => label.startsWith(field)),
          field,
        ).toBe(true)
      const submit = formHtml!.match(/<button[^>]*type="submit"[^>]*>[\s\S]*?<\/button>/)![0]
      expect(htmlText(submit)).toContain(button)
      expect(submit).not.toMatch(/<button[^>]*\sdisabled=""/)
      expect(formHtml).toMatch(/^<form[^>]*\smethod="post"/)
    })
  }

  it("the quote card of a service-in-town page has the page's service and town selected in the HTML, and its form no service field", async () => {
    const html = (await get(sPath('idraulico', 'rho'))).html
    const card = html.slice(html.indexOf('aria-labelledby="richiesta"'), html.indexOf('id="descrizione-servizio"'))
    expect([...card.matchAll(/<option[^>]*selected[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['Idraulico', 'Rho'])
    const formHtml = html.match(/<form[^>]*aria-label="Richiedi un preventivo gratuito"[\s\S]*?<\/form>/)![0]
    expect(formHtml).not.toContain('<select')
  })
})

describe('status codes and redirects', () => {
  it('a wrong check code answers 301 to the canonical /s/ address', async () => {
    const right = checkCode('idraulico', 'rho')
    const wrong = right === '0001' ? '0002' : '0001'
    const { status, location } = await get(`/s/idraulico-rho-${wrong}`)
    expect(status).toBe(301)
    expect(new URL(location!, server.url).pathname).toBe(`/s/idraulico-rho-${right}`)
  })

  it('a town slug containing another town slug is resolved to the longer one', async () => {
    const { status, html } = await get(sPath('muratore', 'san-giorgio-su-legnano'))
    expect(status).toBe(200)
    expect(h1(html)).toBe('Preventivi Muratore a San Giorgio su Legnano')
  })

  const bad: { path: string; h1: string; text?: string; seconds: number }[] = [
    { path: '/s', h1: 'Parametri URL mancanti.', seconds: 3 },
    { path: '/s/idraulico', h1: 'Formato URL non corretto.', seconds: 3 },
    {
      path: '/s/idraulico-atlantide-0001',
      h1: 'Località non trovata',
      text: "La località specificata nell'URL non è valida. Sarai reindirizzato alla homepage.",
      seconds: 5,
    },
    { path: '/s/astronauta-rho-0001', h1: 'Servizio non valido o non trovato. Sarai reindirizzato alla homepage.', seconds: 5 },
  ]
  for (const page of bad) {
    it(`${page.path} answers 404 with the spec's message and a noindex page`, async () => {
      const { status, html } = await get(page.path)
      expect(status).toBe(404)
      expect(h1(html)).toBe(page.h1)
      if (page.text) expect(htmlText(html)).toContain(page.text)
      expect(htmlText(html)).toContain(`Tra ${page.seconds} secondi tornerai alla homepage.`)
      expect(meta(html, 'robots')).toBe('noindex')
      expect(title(html)).toBe('Pagina Non Trovata | Artigiani Milano')
    })
  }

  it('/s/ without its parameter points at /s, the page of the missing parameter', async () => {
    const { status, location } = await get('/s/')
    expect(status).toBe(301)
    expect(new URL(location!, server.url).pathname).toBe('/s')
  })

  it('an unknown single-segment slug redirects to /zone-servite', async () => {
    const { status, location } = await get('/atlantide')
    expect(status).toBe(301)
    expect(new URL(location!, server.url).pathname).toBe('/zone-servite')
  })

  it('any other unknown path answers 404 "Pagina Non Trovata"', async () => {
    for (const path of ['/atlantide/nord', '/s/idraulico-rho-0408/extra', '/elettricista/extra']) {
      const { status, html } = await get(path)
      expect(status, path).toBe(404)
      expect(h1(html)).toBe('Pagina Non Trovata')
      expect(htmlText(html)).toContain("Il link che hai seguito non è valido oppure l'indirizzo (URL) non esiste.")
      expect(title(html), path).toBe('Pagina Non Trovata | Artigiani Milano')
      expect(meta(html, 'description'), path).toBe("Il link che hai seguito non è valido oppure l'indirizzo (URL) non esiste.")
      expect(meta(html, 'robots'), path).toBe('noindex')
    }
  })

  it('the breadcrumbs of a page that does not exist name no segment of its address', async () => {
    for (const path of ['/nonesiste/pagina', '/s', '/s/idraulico-atlantide-0001']) {
      const { html } = await get(path)
      const trail = html.match(/<nav aria-label="Percorso"[\s\S]*?<\/nav>/)![0]
      expect(
        [...trail.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => htmlText(m[1]!)),
        path,
      ).toEqual(['Home', 'Pagina Non Trovata'])
      expect(
        [...trail.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
        path,
      ).toEqual(['/'])
    }
  })
})

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the site, keeps crawlers out of /admin and /trpc and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain('User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /trpc')
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
  })

  it('the sitemap lists every public URL once, on PUBLIC_URL', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const urls = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    // 8 static pages, 29 services, 4 categories, 133 towns, 29 x 133 services in towns
    expect(urls.length).toBe(8 + 29 + 4 + 133 + 29 * 133)
    expect(new Set(urls).size).toBe(urls.length)
    expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true)
    expect(urls).toContain(`${PUBLIC_URL}${sPath('zanzariere', 'nosate')}`)
    expect(urls).not.toContain(`${PUBLIC_URL}/thank-you`)
  })
})

type Suggestions = { suggestions: { placeId: string; label: string; mainText: string; secondaryText: string }[]; more: boolean }

async function suggestPlaces(input: { query: string; offset?: number }): Promise<Suggestions> {
  const response = await fetch(`${server.url}/trpc/site.suggestPlaces?input=${encodeURIComponent(JSON.stringify(input))}`)
  return ((await response.json()) as { result: { data: Suggestions } }).result.data
}

describe('page data and suggestions over tRPC', () => {
  it('suggests comuni accent- and case-insensitively, with their place ids', async () => {
    expect((await suggestPlaces({ query: 'CASSINA DE PECCHI' })).suggestions[0]).toEqual({
      placeId: 'comune-cassina-de-pecchi',
      label: "Cassina de' Pecchi, MI, Italia",
      mainText: "Cassina de' Pecchi",
      secondaryText: 'Città metropolitana di Milano',
    })
    const accents = await suggestPlaces({ query: 'cesano bosconé' })
    expect(accents).toEqual({ suggestions: [expect.objectContaining({ placeId: 'comune-cesano-boscone' })], more: false })
  })

  it('suggests 5 comuni a page, as the searchable dropdown pages (docs/product.md §9)', async () => {
    const pages: Suggestions[] = []
    for (let offset = 0; offset === 0 || pages.at(-1)!.more; offset += 5) pages.push(await suggestPlaces({ query: '', offset }))
    expect(pages.slice(0, -1).every((page) => page.suggestions.length === 5)).toBe(true)
    const names = pages.flatMap((page) => page.suggestions.map((s) => s.mainText))
    expect(names).toEqual(comuni.map((c) => c.name))
    expect(pages).toHaveLength(Math.ceil(comuni.length / 5))
  })
})

describe('what a tap on a public form loads', () => {
  it('is at most 6 files more than the boot has loaded, for every island the boot can start', () => {
    // From the build's manifest (what Vite's preload helper asks for at once when an island is reached for): 6 requests
    // at most from the tap until the form answers a key (decision 062). A small module shared by an island and the back
    // office becomes a chunk of its own, one request more, unless a group of vite.config.ts takes it.
    type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] }
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir(), 'client/.vite/manifest.json'), 'utf8')) as Record<string, Chunk>
    const closure = (key: string, files = new Set<string>()): Set<string> => {
      if (files.has(manifest[key]!.file)) return files
      files.add(manifest[key]!.file)
      for (const imported of manifest[key]!.imports ?? []) closure(imported, files)
      return files
    }
    const boot = closure('src/islands/boot.ts')
    const islands = manifest['src/islands/boot.ts']!.dynamicImports ?? []
    expect(islands.length).toBeGreaterThan(4)
    const fetched = Object.fromEntries(islands.map((island) => [island, [...closure(island)].filter((file) => !boot.has(file))]))
    expect(Object.entries(fetched).filter(([, files]) => files.length > 6)).toEqual([])
  })
})

describe('the craftsmen’s area stays out of public pages', () => {
  it('names none of the area’s own chunks in a public page: no script, no modulepreload, no island', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir(), 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>
    const areaChunks = Object.entries(manifest)
      .filter(([source]) => ['src/routes/artigiano/', 'src/components/area/', 'src/area/'].some((folder) => source.startsWith(folder)))
      .map(([, chunk]) => `/${chunk.file}`)
    expect(areaChunks.length).toBeGreaterThan(0)
    for (const page of ['/', '/elettricista', '/milano', sPath('idraulico', 'rho'), '/contattaci', '/area-artigiani', '/chi-siamo']) {
      const { status, html } = await get(page)
      expect(status, page).toBe(200)
      const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0])
      expect(scripts.length, page).toBeGreaterThan(0)
      expect(
        scripts.filter((script) => areaChunks.includes(script)),
        page,
      ).toEqual([])
    }
  })

  it('loads the area’s own entry on its pages, not the back office’s with every route of the site', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir(), 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>
    const { status, html } = await get('/artigiano/accedi')
    expect(status).toBe(200)
    expect(html).toContain(`src="/${manifest['src/area/main.tsx']!.file}"`)
    expect(html).not.toContain(`/${manifest['src/main.tsx']!.file}`)
  })
})

describe('the content security policy', () => {
  it('allows no third-party script when Google services are not configured', async () => {
    const csp = (await get('/')).headers.get('content-security-policy')!
    expect(csp).not.toContain('google')
  })

  it('allows the Maps and Ads origins only when their settings are present', async () => {
    const configured = await startServer({
      PUBLIC_URL,
      GOOGLE_MAPS_API_KEY: 'AIzaSyTestKeyForCspOnly0123456789',
      GOOGLE_ADS_ID: 'AW-1234567890',
      GOOGLE_ADS_CONVERSION_LABEL: 'abcDEF123',
    })
    try {
      const csp = (await fetch(`${configured.url}/`)).headers.get('content-security-policy')!
      expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/maps\.googleapis\.com[^;]* https:\/\/www\.googletagmanager\.com/)
      expect(csp).toMatch(/connect-src 'self'[^;]*https:\/\/places\.googleapis\.com/)
    } finally {
      await configured.stop()
    }
  })
})
