import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { boundedUserAgent, deviceClass, MAX_USER_AGENT, romeDay, trafficSource } from './sources.ts'
import { MAX_ADDRESSES, MAX_SOURCES_PER_DAY, NEW_SOURCES_PER_ADDRESS, REVISIT_MS, VisitCounter, type VisitRow } from './visits.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/** A request as node:http hands it over: headers and the socket's peer address. */
function request(headers: Record<string, string>, address = '93.41.12.7'): IncomingMessage {
  return { headers: { 'user-agent': CHROME, ...headers }, socket: { remoteAddress: address } } as unknown as IncomingMessage
}

function counter(clock: { now: number }, caps: { visitsPerAddress?: number; sourceMinAddresses?: number } = {}) {
  return new VisitCounter({ proxyTrust: null, ownHost: 'artigianimilano.it', now: () => clock.now, ...caps })
}

/** The i-th of many distinct addresses. */
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

/** Visits by source, summed over pages and drains, zero sums left out. */
function bySource(...drains: VisitRow[][]): Record<string, number> {
  const sums: Record<string, number> = {}
  for (const row of drains.flat()) sums[row.source] = (sums[row.source] ?? 0) + row.visits
  return Object.fromEntries(Object.entries(sums).filter(([, visits]) => visits !== 0))
}

describe('the visit counter', () => {
  it('counts a visitor once per page within 30 minutes, and again after', () => {
    const clock = { now: Date.parse('2026-06-10T08:00:00Z') }
    const visits = counter(clock)
    visits.count(request({}), '/', '')
    clock.now += REVISIT_MS - 1
    visits.count(request({}), '/', '')
    visits.count(request({}), '/elettricista', '')
    clock.now += 1
    visits.count(request({}), '/', '')
    visits.count(request({}, '93.41.12.8'), '/', '')
    visits.count(request({ 'user-agent': IPHONE }), '/', '')
    expect(visits.drain()).toEqual({
      rows: [
        { day: '2026-06-10', path: '/', source: 'diretto', visits: 4 },
        { day: '2026-06-10', path: '/elettricista', source: 'diretto', visits: 1 },
      ],
      uncounted: [],
    })
    expect(visits.drain()).toEqual({ rows: [], uncounted: [] })
  })

  it('leaves out bots, requests without a user agent, and prefetches and prerenders of every spelling', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    const ignored: Array<Record<string, string>> = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': 'python-requests/2.32.3' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36' },
      { 'user-agent': '' },
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { 'sec-purpose': 'Prefetch; anonymous-client-ip' },
      { purpose: 'prefetch' },
      { 'x-purpose': 'preview' },
      { 'x-moz': 'prefetch' },
    ]
    for (const headers of ignored) visits.count(request(headers), '/', '')
    expect(visits.drain()).toEqual({ rows: [], uncounted: [] })
  })

  it('names the source by UTM campaign, then by referrer, else diretto; other query parameters do not matter', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') }, { sourceMinAddresses: 1 })
    const cases: Array<[string, Record<string, string>]> = [
      ['utm_source=Google&utm_medium=CPC&utm_campaign=Preventivi%20Milano&gclid=abc', {}],
      ['q=rossi&page=2', {}],
      ['', { referer: 'https://www.google.it/' }],
      ['', { referer: 'https://l.facebook.com/l.php?u=x' }],
      ['', { referer: 'https://artigianimilano.it/elettricista' }],
      ['', { referer: 'https://www.casa-blog.example/articolo' }],
      ['', { referer: 'javascript:alert(1)' }],
      ['', { referer: 'not a url' }],
    ]
    cases.forEach(([query, headers], i) => {
      visits.count(request(headers, `10.0.0.${i}`), '/idraulico', query)
    })
    expect(
      visits
        .drain()
        .rows.map((row) => [row.source, row.visits])
        .sort(),
    ).toEqual([
      ['casa-blog.example', 1],
      ['diretto', 3],
      ['facebook', 1],
      ['google / cpc / preventivi milano', 1],
      ['google', 1],
      ['interno', 1],
    ])
  })

  it('puts visits on the Italian day, also across the changes to and from summer time', () => {
    const cases: Array<[string, string]> = [
      ['2026-03-28T22:59:59Z', '2026-03-28'],
      ['2026-03-28T23:00:00Z', '2026-03-29'],
      ['2026-03-29T21:59:59Z', '2026-03-29'],
      ['2026-03-29T22:00:00Z', '2026-03-30'],
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
      ['2026-10-25T22:59:59Z', '2026-10-25'],
      ['2026-10-25T23:00:00Z', '2026-10-26'],
    ]
    for (const [at, day] of cases) expect(romeDay(Date.parse(at)), at).toBe(day)
    const clock = { now: Date.parse('2026-10-25T22:30:00Z') }
    const visits = counter(clock)
    visits.count(request({}), '/', '')
    clock.now = Date.parse('2026-10-25T23:30:00Z')
    visits.count(request({}), '/', '')
    expect(visits.drain().rows.map((row) => [row.day, row.visits])).toEqual([
      ['2026-10-25', 1],
      ['2026-10-26', 1],
    ])
  })

  it('hands counts back after a failed write, added to those counted since', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    visits.count(request({}), '/', '')
    const failed = visits.drain()
    visits.count(request({}, '10.1.1.1'), '/', '')
    for (let i = 0; i < 101; i++) visits.count(request({ 'user-agent': `${CHROME} ${i}` }, '10.1.1.2'), '/', '')
    expect(failed.uncounted).toEqual([])
    visits.restore(failed)
    visits.restore({ rows: [], uncounted: [{ day: '2026-06-10', requests: 2 }] })
    expect(visits.drain()).toEqual({
      rows: [{ day: '2026-06-10', path: '/', source: 'diretto', visits: 102 }],
      uncounted: [{ day: '2026-06-10', requests: 3 }],
    })
  })

  it('counts at most 100 visits a day from one address whatever its user agents, tallies the rest as suspicious, and counts other addresses in full', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    for (let i = 0; i < 5000; i++) visits.count(request({ 'user-agent': `${CHROME} r${i}` }, '93.41.12.7'), '/', '')
    // A visitor of that address reloading is reloading, not suspicious; a new page of that address is over its share.
    visits.count(request({ 'user-agent': `${CHROME} r0` }, '93.41.12.7'), '/', '')
    visits.count(request({ 'user-agent': `${CHROME} r0` }, '93.41.12.7'), '/idraulico', '')
    for (let i = 0; i < 1000; i++) visits.count(request({}, address(i)), '/', '')
    for (let i = 0; i < 1000; i++) visits.count(request({ 'user-agent': IPHONE }, address(i)), '/elettricista', '')
    expect(visits.drain()).toEqual({
      rows: [
        { day: '2026-06-10', path: '/', source: 'diretto', visits: 1100 },
        { day: '2026-06-10', path: '/elettricista', source: 'diretto', visits: 1000 },
      ],
      uncounted: [{ day: '2026-06-10', requests: 4901 }],
    })
    // The share is a setting.
    const strict = counter({ now: Date.parse('2026-06-10T08:00:00Z') }, { visitsPerAddress: 3 })
    for (let i = 0; i < 10; i++) strict.count(request({ 'user-agent': `${CHROME} r${i}` }), '/', '')
    expect(strict.drain()).toEqual({ rows: [{ day: '2026-06-10', path: '/', source: 'diretto', visits: 3 }], uncounted: [{ day: '2026-06-10', requests: 7 }] })
  })

  it('starts each Italian day with a new salt and empty tallies of addresses and sources', () => {
    const clock = { now: Date.parse('2026-06-10T21:50:00Z') }
    const visits = counter(clock)
    const flood = () => {
      for (let i = 0; i < 150; i++) visits.count(request({ 'user-agent': `${CHROME} r${i}` }), '/', '')
    }
    flood()
    // A campaign two addresses brought before midnight.
    visits.count(request({}, address(1)), '/idraulico', 'utm_source=volantino')
    visits.count(request({}, address(2)), '/idraulico', 'utm_source=volantino')
    const salt = (visits as unknown as { today: { salt: string } }).today.salt
    // 15 minutes later, past midnight in Milan.
    clock.now = Date.parse('2026-06-10T22:05:00Z')
    flood()
    // Today's first address of the campaign is its first of the day.
    visits.count(request({}, address(3)), '/idraulico', 'utm_source=volantino')
    expect((visits as unknown as { today: { salt: string } }).today.salt).not.toBe(salt)
    expect(visits.drain()).toEqual({
      rows: [
        { day: '2026-06-10', path: '/', source: 'diretto', visits: 100 },
        { day: '2026-06-10', path: '/idraulico', source: 'altro', visits: 2 },
        { day: '2026-06-11', path: '/', source: 'diretto', visits: 100 },
        { day: '2026-06-11', path: '/idraulico', source: 'altro', visits: 1 },
      ],
      uncounted: [
        { day: '2026-06-10', requests: 50 },
        { day: '2026-06-11', requests: 50 },
      ],
    })
  })

  it('lists a campaign once three addresses came from it, moving its earlier visits from altro to it', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    const campaign = 'utm_source=google&utm_medium=cpc&utm_campaign=rho'
    visits.count(request({}, address(1)), '/s/elettricista-rho', campaign)
    visits.count(request({}, address(1)), '/rho', campaign)
    visits.count(request({ 'user-agent': IPHONE }, address(1)), '/s/elettricista-rho', campaign)
    const first = visits.drain().rows
    expect(first).toEqual([
      { day: '2026-06-10', path: '/s/elettricista-rho', source: 'altro', visits: 2 },
      { day: '2026-06-10', path: '/rho', source: 'altro', visits: 1 },
    ])
    visits.count(request({}, address(2)), '/s/elettricista-rho', campaign)
    visits.count(request({}, address(3)), '/s/elettricista-rho', campaign)
    visits.count(request({}, address(4)), '/s/elettricista-rho', campaign)
    const second = visits.drain().rows
    expect(second).toEqual([
      { day: '2026-06-10', path: '/s/elettricista-rho', source: 'altro', visits: -2 },
      { day: '2026-06-10', path: '/s/elettricista-rho', source: 'google / cpc / rho', visits: 5 },
      { day: '2026-06-10', path: '/rho', source: 'altro', visits: -1 },
      { day: '2026-06-10', path: '/rho', source: 'google / cpc / rho', visits: 1 },
    ])
    expect(bySource(first, second)).toEqual({ 'google / cpc / rho': 6 })
    // Names nobody can choose are listed at once.
    visits.count(request({ referer: 'https://www.google.it/' }, address(9)), '/', '')
    visits.count(request({ referer: 'https://artigianimilano.it/' }, address(9)), '/milano', '')
    visits.count(request({}, address(9)), '/rho', 'utm_source=Facebook')
    expect(bySource(visits.drain().rows)).toEqual({ google: 1, interno: 1, facebook: 1 })
  })

  it('lists a source another process listed (read back from the database), with the visits it had here', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    visits.count(request({}, address(1)), '/idraulico', 'utm_source=volantino')
    visits.count(request({}, address(2)), '/rho', 'utm_source=volantino')
    const first = visits.drain().rows
    visits.knowSources('2026-06-10', ['diretto', 'altro', 'volantino', 'casa-blog.example'])
    visits.count(request({}, address(3)), '/idraulico', 'utm_source=volantino')
    visits.count(request({ referer: 'https://casa-blog.example/' }, address(3)), '/', '')
    expect(bySource(first, visits.drain().rows)).toEqual({ volantino: 3, 'casa-blog.example': 1 })
  })

  it('does not let junk campaigns from one address or from many push out a real campaign that arrives later', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    for (let i = 0; i < 1000; i++) visits.count(request({ 'user-agent': `${CHROME} r${i}` }, '93.41.12.7'), '/', `utm_source=spazzatura-${i}`)
    for (let i = 0; i < 2000; i++) visits.count(request({}, address(i)), '/', `utm_source=rifiuto-${i}&utm_campaign=${i}`)
    const junk = visits.drain()
    expect(bySource(junk.rows)).toEqual({ altro: 2100 })
    expect(junk.uncounted).toEqual([{ day: '2026-06-10', requests: 900 }])
    for (let i = 0; i < 3; i++) visits.count(request({}, address(5000 + i)), '/idraulico', 'utm_source=newsletter&utm_campaign=dicembre')
    expect(bySource(visits.drain().rows)).toEqual({ 'newsletter / dicembre': 3 })
  })

  it('keeps the campaigns and the referring sites apart, in the day’s lists and in what one address may put forward', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    let next = 0
    const fromThree = (query: string, headers: Record<string, string> = {}) => {
      for (let k = 0; k < 3; k++) visits.count(request(headers, address(next++)), '/', query)
    }
    for (let c = 0; c <= MAX_SOURCES_PER_DAY; c++) fromThree(`utm_source=campagna-${c}`)
    fromThree('', { referer: 'https://www.casa-blog.example/articolo' })
    const sums = bySource(visits.drain().rows)
    expect(Object.keys(sums).filter((source) => source.startsWith('campagna-'))).toHaveLength(MAX_SOURCES_PER_DAY)
    expect(sums[`campagna-${MAX_SOURCES_PER_DAY}`]).toBeUndefined()
    expect(sums.altro).toBe(3)
    expect(sums['casa-blog.example']).toBe(3)

    // One address spends its share of new campaigns; it can still bring a new site, but not one more campaign.
    const fresh = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    for (let c = 0; c < NEW_SOURCES_PER_ADDRESS + 3; c++) fresh.count(request({}, '93.41.12.7'), `/pagina-${c}`, `utm_source=prova-${c}`)
    for (const from of ['93.41.12.7', '93.41.12.8', '93.41.12.9']) fresh.count(request({ referer: 'https://forum.example/' }, from), '/', '')
    for (const from of ['93.41.12.8', '93.41.12.9']) fresh.count(request({}, from), '/pagina-6', `utm_source=prova-6`)
    for (const from of ['93.41.12.8', '93.41.12.9']) fresh.count(request({}, from), '/pagina-0', `utm_source=prova-0`)
    expect(bySource(fresh.drain().rows)).toEqual({ altro: NEW_SOURCES_PER_ADDRESS + 3 + 2 - 1, 'forum.example': 3, 'prova-0': 3 })
  })

  it('counts every address past the day’s 50,000 tallied, without caps, and keeps user agents short in a bounded cache', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    for (let i = 0; i < MAX_ADDRESSES + 1000; i++) visits.count(request({}, address(i)), '/', '')
    expect(visits.drain().rows).toEqual([{ day: '2026-06-10', path: '/', source: 'diretto', visits: MAX_ADDRESSES + 1000 }])

    const long = (i: number) => `${CHROME} ${String(i).padStart(6, '0')}${'x'.repeat(15_000)}`
    for (let i = 0; i < 5000; i++) visits.count(request({ 'user-agent': long(i) }, address(i)), '/elettricista', '')
    const bots = (visits as unknown as { bots: Map<string, boolean> }).bots
    expect(Math.max(...[...bots.keys()].map((agent) => agent.length))).toBe(MAX_USER_AGENT)
    expect([...bots.keys()].reduce((sum, agent) => sum + agent.length, 0)).toBeLessThanOrEqual(1_000_000)
    // The verdict reads the first 400 characters: a bot that hides its name after them passes for a browser, as any bot can by lying.
    expect(boundedUserAgent(`${'a'.repeat(MAX_USER_AGENT)}Googlebot`)).toBe('a'.repeat(MAX_USER_AGENT))
    visits.count(request({ 'user-agent': `Googlebot/2.1 ${'a'.repeat(20_000)}` }), '/', '')
    expect(visits.drain().rows).toEqual([{ day: '2026-06-10', path: '/elettricista', source: 'diretto', visits: 5000 }])
  })

  it('reads the device class, and bounds the source of long inputs', () => {
    expect([IPHONE, CHROME, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'Mozilla/5.0 (Linux; Android 14; SM-X710)', null].map(deviceClass)).toEqual([
      'mobile',
      'desktop',
      'tablet',
      'tablet',
      null,
    ])
    const long = `${'a'.repeat(100_000)}!`
    expect(deviceClass(long)).toBe('desktop')
    expect(trafficSource('', `https://${'a.'.repeat(50_000)}com/`, 'artigianimilano.it')).toBe('diretto')
    expect(trafficSource(`utm_source=${long}`, undefined, 'artigianimilano.it')).toHaveLength(60)
  })
})
