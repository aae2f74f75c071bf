import { describe, expect, it } from 'vitest'
import { serviceInComunePath } from '#shared/catalog/index.ts'
import { addDays, lastDays, romeDay } from '#shared/italian-time.ts'
import { COST_INVALID, MONTH_INVALID, PERIOD_INVALID, PERIOD_TOO_LONG } from '#shared/schemas/statistics.ts'
import { errorOf, serveSignedIn } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addLead, quoteLead } from './helpers/admin-leads.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { publicClient, sendForm, solveCaptcha } from './helpers/requests.ts'

const ADMIN = { email: 'statistiche@artigianimilano.it', password: 'password-di-prova-2026' }
// Visitors come from addresses of their own, as behind the proxy in production: a source is listed once three addresses
// sent it, and each address has a daily share of visits.
const office = serveSignedIn(ADMIN, { TRUST_PROXY: '127.0.0.1', VISIT_FLUSH_SECONDS: '1' }, startApp)
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** The n-th of many distinct client addresses, as the proxy forwards them. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

describe('the Statistiche screen’s figures', () => {
  it('put visits counted on the pages and the requests they brought side by side, by page type, service, town, source and landing page', async () => {
    const serviceInRho = serviceInComunePath('elettricista', 'rho')
    const visit = (path: string, n: number, headers: Record<string, string> = {}) =>
      fetch(`${office.server.url}${path}`, { headers: { 'user-agent': `${CHROME} v${n}`, 'x-forwarded-for': addressOf(n), ...headers } }).then((r) =>
        r.arrayBuffer(),
      )
    // Ten visitors on the electricians of Rho from a Google Ads campaign, four on the home page, two on Rho's page.
    for (let i = 0; i < 10; i++) await visit(`${serviceInRho}?utm_source=google&utm_medium=cpc&utm_campaign=rho`, i)
    for (let i = 0; i < 4; i++) await visit('/', 100 + i, { referer: 'https://www.google.it/' })
    for (let i = 0; i < 2; i++) await visit('/rho', 200 + i)
    // Two of them ask for a quote.
    const visitor = publicClient(office.server.url, { 'user-agent': CHROME })
    const campaign = { utm: { source: 'google', medium: 'cpc', campaign: 'rho' }, landing: { page: serviceInRho } }
    await sendForm(visitor, 'quote', { ...campaign, location: { label: 'Rho', placeId: 'comune-rho' }, comuneSlug: 'rho', ...(await solveCaptcha(visitor)) })
    await sendForm(visitor, 'quote', {
      utm: undefined,
      landing: { page: '/', referrer: 'https://www.google.it' },
      serviceId: 'idraulico',
      answers: { problema: 'perdita' },
      location: { label: 'Rho', placeId: 'comune-rho' },
      comuneSlug: 'rho',
      ...(await solveCaptcha(visitor)),
    })
    await expect
      .poll(() => readRows<{ n: number }>(office.server.databasePath, 'select coalesce(sum(visits), 0) as n from visit_days')[0]!.n, { timeout: 15_000 })
      .toBe(16)

    const today = romeDay(Date.now())
    const month = today.slice(0, 7)
    await office.trpc.admin.statistics.setCost.mutate({ month, source: 'google / cpc / rho', cost: 300 })
    const report = await office.trpc.admin.statistics.report.query({ from: addDays(today, -6), to: today })
    expect(report.totals).toEqual({ visits: 16, requests: 2 })
    expect(report.uncounted).toBe(0)
    expect(report.days.at(-1)).toEqual({ day: today, visits: 16, requests: 2 })
    expect(report.days).toHaveLength(7)
    // The dashboard's "last 30 days" are Statistiche's "Ultimi 30 giorni".
    const last30 = await office.trpc.admin.statistics.report.query(lastDays(30))
    expect(last30.totals.requests).toBe(2)
    expect((await office.trpc.admin.dashboard.stats.query()).leadsLast30Days).toBe(last30.totals.requests)
    const rows = (table: Array<{ label: string; visits: number; requests: number }>) => table.map(({ label, visits, requests }) => [label, visits, requests])
    expect(rows(report.pageTypes)).toEqual([
      ['Servizio in un comune', 10, 1],
      ['Home page', 4, 1],
      ['Comuni', 2, 0],
    ])
    expect(rows(report.services)).toEqual([
      ['Elettricista', 10, 1],
      ['Idraulico', 0, 1],
    ])
    expect(rows(report.comuni)).toEqual([['Rho', 12, 2]])
    expect(rows(report.landingPages)).toEqual([
      [serviceInRho, 10, 1],
      ['/', 4, 1],
      ['/rho', 2, 0],
    ])
    // The campaign's cost: the days of this month in the period, out of the month's days.
    const monthDays = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate()
    const daysInPeriod = report.days.filter((d) => d.day.startsWith(month)).length
    expect(report.sources.map(({ label, visits, requests, costCents }) => [label, visits, requests, costCents])).toEqual([
      ['google / cpc / rho', 10, 1, Math.round((30_000 * daysInPeriod) / monthDays)],
      ['google', 4, 1, null],
      ['diretto', 2, 0, null],
    ])
    expect(report.costs).toEqual([{ month, source: 'google / cpc / rho', costCents: 30_000 }])
    expect(readRows(office.server.databasePath, "select action, entity_type from audit_log where entity_type = 'campaign_cost'")).toEqual([
      { action: 'update', entity_type: 'campaign_cost' },
    ])
    // Removing the figure.
    await office.trpc.admin.statistics.setCost.mutate({ month, source: 'google / cpc / rho', cost: null })
    expect((await office.trpc.admin.statistics.report.query({ from: today, to: today })).costs).toEqual([])
  })

  it('put each request on its Italian day across the changes of summer time, and forget an erased one', async () => {
    const at = [
      '2026-03-28T22:59:00Z',
      '2026-03-28T23:30:00Z',
      '2026-03-29T21:59:00Z',
      '2026-03-29T22:00:00Z',
      '2026-10-24T21:59:00Z',
      '2026-10-24T22:30:00Z',
      '2026-10-25T22:59:00Z',
      '2026-10-25T23:00:00Z',
    ]
    const ids: number[] = []
    for (const [i, createdAt] of at.entries())
      ids.push(await addLead(office.server.databasePath, quoteLead({ email: `ora-legale-${i}@example.com` }), [], createdAt))
    const perDay = async (from: string, to: string) =>
      (await office.trpc.admin.statistics.report.query({ from, to })).days.map((day) => [day.day, day.requests])
    expect(await perDay('2026-03-28', '2026-03-30')).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
    ])
    expect(await perDay('2026-10-24', '2026-10-26')).toEqual([
      ['2026-10-24', 1],
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ])
    changeRows(office.server.databasePath, 'delete from leads where id = ?', ids[1])
    expect(await perDay('2026-03-29', '2026-03-29')).toEqual([['2026-03-29', 1]])
    expect((await office.trpc.admin.statistics.report.query({ from: '2026-03-28', to: '2026-10-26' })).totals.requests).toBe(7)
  })

  it('read a period ending today from each key’s total, a past one from the days, both equal to a count of the requests, whatever changed', async () => {
    const today = romeDay(Date.now())
    const landing = '/elettricista-totali-di-prova'
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString()
    const ids: number[] = []
    for (const daysAgo of [0, 3, 3, 12, 40]) {
      ids.push(await addLead(office.server.databasePath, quoteLead({ email: `totali-${daysAgo}@example.com`, landingPage: landing }), [], at(daysAgo)))
    }
    const requestsFrom = async (from: string, to: string) =>
      (await office.trpc.admin.statistics.report.query({ from, to })).landingPages.find((row) => row.key === landing)?.requests ?? 0
    /** Each attribution's kept total and last day are those of its last day's running total. */
    const keysAgree = () =>
      expect(readRows(office.server.databasePath, 'select dimension, key, total, last_day from lead_day_keys order by dimension, key')).toEqual(
        readRows(
          office.server.databasePath,
          `select d.dimension, d.key, d.cumulative as total, d.day as last_day from lead_days d
          where d.day = (select max(day) from lead_days e where e.dimension = d.dimension and e.key = d.key) order by d.dimension, d.key`,
        ),
      )
    expect(await requestsFrom(addDays(today, -6), today)).toBe(3)
    expect(await requestsFrom(addDays(today, -29), today)).toBe(4)
    expect(await requestsFrom(addDays(today, -29), addDays(today, -1))).toBe(3)
    keysAgree()
    // A lead moved to another day and page, and one deleted: the totals follow.
    changeRows(office.server.databasePath, 'update leads set created_at = ? where id = ?', at(20), ids[0])
    changeRows(office.server.databasePath, "update leads set landing_page = '/altrove' where id = ?", ids[3])
    changeRows(office.server.databasePath, 'delete from leads where id = ?', ids[1])
    expect(await requestsFrom(addDays(today, -6), today)).toBe(1)
    expect(await requestsFrom(addDays(today, -29), today)).toBe(2)
    expect(await requestsFrom(addDays(today, -59), addDays(today, -10))).toBe(2)
    keysAgree()
    // The visits' pages and sources keep theirs as the visits are counted.
    for (const [keys, days, key] of [
      ['visit_paths', 'page_visit_days', 'path'],
      ['visit_sources', 'visit_source_days', 'source'],
    ]) {
      expect(readRows(office.server.databasePath, `select ${key} as key, total, last_day from ${keys} order by ${key}`)).toEqual(
        readRows(
          office.server.databasePath,
          `select d.${key} as key, d.cumulative as total, d.day as last_day from ${days} d
          where d.day = (select max(day) from ${days} e where e.${key} = d.${key}) order by d.${key}`,
        ),
      )
    }
  })

  it('refuse a period backwards, malformed or longer than two years, and a cost that is not an amount in euro, changing nothing', async () => {
    const today = romeDay(Date.now())
    // Each call's refusal is caught as soon as the call is made: awaited one after the other, a later one would
    // otherwise be refused while nothing listens yet (an unhandled rejection).
    const calls: Array<[Promise<unknown>, string]> = [
      [office.trpc.admin.statistics.report.query({ from: today, to: addDays(today, -1) }), PERIOD_INVALID],
      [office.trpc.admin.statistics.report.query({ from: '2026-02-30', to: today }), PERIOD_INVALID],
      [office.trpc.admin.statistics.report.query({ from: '24/11/2026', to: today }), PERIOD_INVALID],
      [office.trpc.admin.statistics.report.query({ from: addDays(today, -731), to: today }), PERIOD_TOO_LONG],
      [office.trpc.admin.statistics.setCost.mutate({ month: '2026-13', source: 'google / cpc / rho', cost: 1 }), MONTH_INVALID],
      [office.trpc.admin.statistics.setCost.mutate({ month: '2026-11', source: 'google / cpc / rho', cost: -1 }), COST_INVALID],
      [office.trpc.admin.statistics.setCost.mutate({ month: '2026-11', source: 'google / cpc / rho', cost: 0.001 }), COST_INVALID],
      [office.trpc.admin.statistics.setCost.mutate({ month: '2026-11', source: 'google / cpc / rho', cost: 2_000_000 }), COST_INVALID],
    ]
    const refusals = calls.map(([call, message]) => [errorOf(call), message] as const)
    const costsBefore = readRows(office.server.databasePath, 'select * from campaign_costs')
    for (const [refusal, message] of refusals) expect(await refusal).toMatchObject({ status: 400, message })
    expect(readRows(office.server.databasePath, 'select * from campaign_costs')).toEqual(costsBefore)
    expect(await office.trpc.admin.statistics.report.query({ from: addDays(today, -730), to: today })).toMatchObject({ period: { to: today } })
  })
})

describe('the Statistiche screen’s figures under a flood', () => {
  const flooded = serveSignedIn(
    { email: 'statistiche-abusi@artigianimilano.it', password: ADMIN.password },
    { TRUST_PROXY: '127.0.0.1', VISIT_FLUSH_SECONDS: '1' },
    startApp,
  )
  /** Sends each request, 25 at a time. */
  const visitAll = async (requests: Array<{ path: string; from: string; userAgent?: string; referer?: string }>) => {
    for (let start = 0; start < requests.length; start += 25) {
      await Promise.all(
        requests.slice(start, start + 25).map(({ path, from, userAgent, referer }, i) =>
          fetch(`${flooded.server.url}${path}`, {
            headers: { 'user-agent': userAgent ?? `${CHROME} ${start + i}`, 'x-forwarded-for': from, ...(referer ? { referer } : {}) },
          }).then((r) => r.arrayBuffer()),
        ),
      )
    }
  }
  const written = () =>
    readRows<{ visits: number; uncounted: number }>(
      flooded.server.databasePath,
      'select coalesce(sum(visits), 0) as visits, coalesce(sum(uncounted), 0) as uncounted from visit_days',
    )[0]!
  const today = () => romeDay(Date.now())

  it('count at most 100 visits a day from one address whatever its user agents, say how many requests were left uncounted as suspicious, and count many addresses in full', async () => {
    // One address, a new user agent for each of 300 requests.
    await visitAll(Array.from({ length: 300 }, (_, i) => ({ path: '/', from: '203.0.113.66', userAgent: `${CHROME} falso-${i}` })))
    // 200 visitors of their own.
    await visitAll(Array.from({ length: 200 }, (_, i) => ({ path: '/elettricista', from: addressOf(1000 + i) })))
    await expect.poll(written, { timeout: 15_000, interval: 500 }).toEqual({ visits: 300, uncounted: 200 })
    const report = await flooded.trpc.admin.statistics.report.query({ from: addDays(today(), -6), to: today() })
    expect(report.totals.visits).toBe(300)
    expect(report.uncounted).toBe(200)
    expect(report.pageTypes.map(({ label, visits }) => [label, visits])).toEqual([
      ['Servizi', 200],
      ['Home page', 100],
    ])
    // A period without that day has none.
    expect((await flooded.trpc.admin.statistics.report.query({ from: addDays(today(), -6), to: addDays(today(), -1) })).uncounted).toBe(0)
  })

  it('do not let 300 junk campaigns from one address push out a real one arriving later from several, and keep referring sites apart from campaigns', async () => {
    const sourcesOf = async () =>
      Object.fromEntries((await flooded.trpc.admin.statistics.report.query({ from: today(), to: today() })).sources.map((row) => [row.key, row.visits]))
    const before = written()
    // 320 junk campaigns from one address: its 100 visits are altro, its other 220 requests suspicious.
    await visitAll(Array.from({ length: 320 }, (_, i) => ({ path: `/idraulico?utm_source=spazzatura-${i}&utm_campaign=${i}`, from: '203.0.113.77' })))
    // Then a real campaign, from three visitors.
    await visitAll([0, 1, 2].map((i) => ({ path: '/idraulico?utm_source=google&utm_medium=cpc&utm_campaign=idraulici', from: addressOf(2000 + i) })))
    await expect.poll(written, { timeout: 15_000, interval: 500 }).toEqual({ visits: before.visits + 103, uncounted: before.uncounted + 220 })
    const sources = await sourcesOf()
    expect(sources['google / cpc / idraulici']).toBe(3)
    expect(Object.keys(sources).filter((key) => key.startsWith('spazzatura'))).toEqual([])
    expect(sources.altro).toBe(100)

    // 300 campaigns listed, each from three addresses: the day's list of campaigns is full, not the one of sites.
    let next = 3000
    const fromThree = (path: string, referer?: string) => [0, 1, 2].map(() => ({ path, from: addressOf(next++), referer }))
    await visitAll(Array.from({ length: 299 }, (_, c) => fromThree(`/fabbro?utm_source=campagna-${c}`)).flat())
    await visitAll([...fromThree('/fabbro?utm_source=campagna-in-piu'), ...fromThree('/fabbro', 'https://www.casa-blog.example/articolo')])
    await expect.poll(() => written().visits, { timeout: 15_000, interval: 500 }).toBe(before.visits + 103 + 903)
    const full = await sourcesOf()
    expect(Object.keys(full).filter((key) => key.startsWith('campagna-'))).toHaveLength(299)
    expect(full['campagna-in-piu']).toBeUndefined()
    expect(full.altro).toBe(103)
    expect(full['casa-blog.example']).toBe(3)
  })
})
