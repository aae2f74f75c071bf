import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bumpPublicVersion } from '#server/profiles/public-version.ts'
import { checkCode, comuni, services } from '#shared/catalog/index.ts'
import { LANDING_ARTISANS } from '#shared/reviews.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { htmlText } from './helpers/html-text.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { publishChanges as publish, publishedCraftsman } from './helpers/profiles.ts'

// The landing pages' craftsmen blocks and the sitemap follow the published profiles (server/profiles/directory.ts):
// at once in the process that made the change (refreshPublicPages), within PUBLIC_PAGES_POLL_SECONDS otherwise.

const PUBLIC_URL = 'https://www.artigianimilano.it'
let site: InProcessSite

beforeAll(async () => {
  site = await startApp({ PUBLIC_URL, PUBLIC_PAGES_POLL_SECONDS: '0.2' })
})
afterAll(() => site?.stop())

const sPath = (service: string, comune: string) => `/s/${service}-${comune}-${checkCode(service, comune)}`

async function get(path: string) {
  const response = await fetch(site.url + path)
  return { status: response.status, etag: response.headers.get('etag'), html: await response.text() }
}

/** The block of a page: null without one, else its cards' names, profile links and rating in words. */
function block(html: string) {
  const section = html.match(/<section aria-labelledby="artigiani-in-evidenza"[\s\S]*?<\/section>/)?.[0]
  if (!section) return null
  const cards = [...section.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!)
  return {
    section,
    names: cards.map((card) => htmlText(card.match(/<h3[^>]*>([\s\S]*?)<\/h3>/)![1]!)),
    links: cards.map((card) => card.match(/href="([^"]+)"/)![1]),
    spoken: cards.map((card) =>
      htmlText(card.match(/<span class="sr-only">([\s\S]*?)<\/span>/)?.[1] ?? card.match(/<p class="mt-2[^"]*">([^<]*)<\/p>/)?.[1] ?? ''),
    ),
  }
}

const sitemapPaths = async () => {
  const xml = await (await fetch(`${site.url}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(PUBLIC_URL.length))
}

const fourPointEight = [...Array(32).fill(5), ...Array(8).fill(4)] as number[]

describe('the craftsmen of the landing pages', () => {
  const milano = comuni.find((c) => c.slug === 'milano')!
  const rho = comuni.find((c) => c.slug === 'rho')!
  let fixtures: Record<string, { id: number; slug: string }>
  let before: { etag: string | null; html: string }
  let sitemapBefore: string[]

  beforeAll(async () => {
    expect(services.find((s) => s.id === 'elettricista')?.sectorName).toBe('Elettricista')
    before = await get('/elettricista')
    sitemapBefore = await sitemapPaths()
    const db = site.db
    fixtures = {
      // 40 reviews averaging 4.8 outrank a single 5: the average is smoothed towards a prior (directory.ts).
      many: await publishedCraftsman(db, 'Elettrica Brambilla', ['Elettricista', 'Idraulico'], [milano.name, rho.name], fourPointEight),
      single: await publishedCraftsman(db, 'Luce Sicura', ['Elettricista'], [milano.name], [5]),
      fours: await publishedCraftsman(db, 'Impianti Colombo', ['Elettricista'], [rho.name], [4, 4, 4]),
      none: await publishedCraftsman(db, 'Volt Nuovi', ['Elettricista'], ['  MILANO ', 'Rhò'], []),
      plumber: await publishedCraftsman(db, 'Idraulica Rossi', ['Idraulico'], [milano.name], [5, 5]),
    }
    for (let i = 0; i < 4; i++) fixtures[`extra${i}`] = await publishedCraftsman(db, `Elettro ${'ABCD'[i]}`, ['Elettricista'], [milano.name], [3])
    // Written but never published: no block and no sitemap shows it.
    const unpublished = await publishedCraftsman(db, 'Elettrico Privato', ['Elettricista'], [milano.name], [5, 5, 5, 5, 5])
    await db.updateTable('artisan_profiles').set({ published_at: null }).where('artisan_id', '=', unpublished.id).execute()
    await publish(db)
  })

  it('a page cached before the change is rendered again with the block, at most 6, best rated first, trade and town matched', async () => {
    expect(before.etag).toBeTruthy()
    expect(block(before.html)).toBeNull()
    const after = await get('/elettricista')
    expect(after.etag).not.toBe(before.etag)
    expect(block(after.html)?.names).toEqual(['Elettrica Brambilla', 'Luce Sicura', 'Impianti Colombo', 'Elettro A', 'Elettro B', 'Elettro C'])
    expect(block(after.html)?.names).toHaveLength(LANDING_ARTISANS)
  })

  it('each card links to the profile and says the rating in words, or that there is none yet', async () => {
    const card = block((await get('/milano')).html)!
    expect(card.names).toEqual(['Elettrica Brambilla', 'Idraulica Rossi', 'Luce Sicura', 'Elettro A', 'Elettro B', 'Elettro C'])
    expect(card.links).toEqual(
      [fixtures.many, fixtures.plumber, fixtures.single, fixtures.extra0, fixtures.extra1, fixtures.extra2].map((f) => `/artigiani/${f!.slug}`),
    )
    expect(card.spoken.slice(0, 3)).toEqual(['4,8 su 5, 40 recensioni', '5,0 su 5, 2 recensioni', '5,0 su 5, 1 recensione'])
    expect(card.section).toContain('href="/come-verifichiamo-le-recensioni"')
    expect(card.section).not.toContain('<script')
    expect(card.section).not.toMatch(/@example\.com|333 1234567|Titolare/)
  })

  it('a service-in-town page shows only who serves both, craftsmen without reviews after the reviewed ones', async () => {
    const milanoElettricista = block((await get(sPath('elettricista', 'milano'))).html)!
    expect(milanoElettricista.names).toEqual(['Elettrica Brambilla', 'Luce Sicura', 'Elettro A', 'Elettro B', 'Elettro C', 'Elettro D'])
    const rhoElettricista = block((await get(sPath('elettricista', 'rho'))).html)!
    // Zones match as the office's matching does (normalizeZone): 'Rhò' is Rho.
    expect(rhoElettricista.names).toEqual(['Elettrica Brambilla', 'Impianti Colombo', 'Volt Nuovi'])
    expect(rhoElettricista.spoken).toEqual(['4,8 su 5, 40 recensioni', '4,0 su 5, 3 recensioni', 'Ancora nessuna recensione'])
    const rhoIdraulico = block((await get(sPath('idraulico', 'rho'))).html)!
    expect(rhoIdraulico.names).toEqual(['Elettrica Brambilla'])
    // The page's own trade comes first on each card.
    expect(rhoIdraulico.section).toContain('Idraulico · Elettricista')
    expect(rhoElettricista.section).toContain('Elettricista · Idraulico')
  })

  it('a page that nobody published serves shows no block at all', async () => {
    for (const path of ['/imbianchino', '/sesto-san-giovanni', sPath('imbianchino', 'milano')]) {
      const { status, html } = await get(path)
      expect(status, path).toBe(200)
      expect(block(html), path).toBeNull()
      expect(html, path).not.toContain('come-verifichiamo-le-recensioni')
    }
  })

  it('a page with the block is valid HTML for html-validate', async () => {
    expect(await htmlProblems((await get('/milano')).html)).toEqual([])
    expect(await htmlProblems((await get(sPath('elettricista', 'rho'))).html)).toEqual([])
  })

  it('the sitemap lists the published profiles, not the unpublished one', async () => {
    const paths = await sitemapPaths()
    const profiles = paths.filter((path) => path.startsWith('/artigiani/'))
    expect(profiles.sort()).toEqual(
      Object.values(fixtures)
        .map((f) => `/artigiani/${f.slug}`)
        .sort(),
    )
    expect(paths.filter((path) => !path.startsWith('/artigiani/'))).toEqual(sitemapBefore)
    expect(sitemapBefore.filter((path) => path.startsWith('/artigiani/'))).toEqual([])
    expect(new Set(paths).size).toBe(paths.length)
    // A sitemap part that does not exist is an unknown page like any other (an unknown slug points at /zone-servite).
    expect((await fetch(`${site.url}/sitemap-1.xml`, { redirect: 'manual' })).status).toBe(301)
  })

  it('a profile that goes private leaves the blocks and the sitemap within the poll interval, with nothing else told', async () => {
    const cached = await get(sPath('elettricista', 'rho'))
    expect(block(cached.html)?.names).toContain('Impianti Colombo')
    // As another process would: the change and its version, committed without telling this one.
    await site.db
      .updateTable('artisan_profiles')
      .set({ published_at: null, unpublished_at: new Date().toISOString() })
      .where('artisan_id', '=', fixtures.fours!.id)
      .execute()
    await bumpPublicVersion(site.db)
    await expect
      .poll(async () => block((await get(sPath('elettricista', 'rho'))).html)?.names, { timeout: 10_000 })
      .toEqual(['Elettrica Brambilla', 'Volt Nuovi'])
    expect(await sitemapPaths()).not.toContain(`/artigiani/${fixtures.fours!.slug}`)
    expect(block((await get('/elettricista')).html)?.names).not.toContain('Impianti Colombo')
  })

  it('a review hidden by moderation no longer counts in the stars', async () => {
    await site.db.updateTable('reviews').set({ status: 'hidden', hidden_reason: 'insulti' }).where('artisan_id', '=', fixtures.single!.id).execute()
    await publish(site.db)
    const card = block((await get('/milano')).html)!
    const index = card.names.indexOf('Luce Sicura')
    expect(index).toBe(-1)
    expect(block((await get(sPath('elettricista', 'milano'))).html)!.spoken.at(-1)).toBe('Ancora nessuna recensione')
  })
})
