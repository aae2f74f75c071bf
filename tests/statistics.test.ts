import { describe, expect, it } from 'vitest'
import { serviceInTownPath } from '#shared/catalog/index.ts'
import { addDays, romeDay } from '#shared/rome-day.ts'
import { COST_INVALID, MONTH_INVALID, PERIOD_INVALID, PERIOD_TOO_LONG } from '#shared/schemas/statistics.ts'
import { errorOf, serveSignedIn } from './helpers/admin.ts'
import { addLead, quoteLead } from './helpers/admin-leads.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { publicClient, sendForm, solveCaptcha } from './helpers/requests.ts'

const ADMIN = { email: 'statistiche@artigianimilano.it', password: 'password-di-prova-2026' }
const office = serveSignedIn(ADMIN)
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('the Statistiche screen’s figures', () => {
  it('put visits counted on the pages and the requests they brought side by side, by page type, service, town, source and landing page', async () => {
    const serviceInRho = serviceInTownPath('elettricista', 'rho')
    const visit = (path: string, n: number, headers: Record<string, string> = {}) =>
      fetch(`${office.server.url}${path}`, { headers: { 'user-agent': `${CHROME} v${n}`, ...headers } }).then((r) => r.arrayBuffer())
    // Ten visitors on the electricians of Rho from a Google Ads campaign, four on the home page, two on Rho's page.
    for (let i = 0; i < 10; i++) await visit(`${serviceInRho}?utm_source=google&utm_medium=cpc&utm_campaign=rho`, i)
    for (let i = 0; i < 4; i++) await visit('/', 100 + i, { referer: 'https://www.google.it/' })
    for (let i = 0; i < 2; i++) await visit('/rho', 200 + i)
    // Two of them ask for a quote.
    const visitor = publicClient(office.server.url, { 'user-agent': CHROME })
    const campaign = { utm: { source: 'google', medium: 'cpc', campaign: 'rho' }, landing: { page: serviceInRho } }
    await sendForm(visitor, 'quote', { ...campaign, location: { label: 'Rho', placeId: 'comune-rho' }, ...(await solveCaptcha(visitor)) })
    await sendForm(visitor, 'quote', {
      utm: undefined,
      landing: { page: '/', referrer: 'https://www.google.it' },
      serviceId: 'idraulico',
      location: { label: 'Rho', placeId: 'comune-rho' },
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
    expect(report.days.at(-1)).toEqual({ day: today, visits: 16, requests: 2 })
    expect(report.days).toHaveLength(7)
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
    expect(rows(report.towns)).toEqual([['Rho', 12, 2]])
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
