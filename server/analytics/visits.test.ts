import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { deviceClass, romeDay, trafficSource } from './sources.ts'
import { MAX_SOURCES_PER_DAY, REVISIT_MS, VisitCounter } from './visits.ts'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/** A request as node:http hands it over: headers and the socket's peer address. */
function request(headers: Record<string, string>, address = '93.41.12.7'): IncomingMessage {
  return { headers: { 'user-agent': CHROME, ...headers }, socket: { remoteAddress: address } } as unknown as IncomingMessage
}

function counter(clock: { now: number }) {
  return new VisitCounter({ proxyTrust: null, ownHost: 'artigianimilano.it', now: () => clock.now })
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
    expect(visits.drain()).toEqual([
      { day: '2026-06-10', path: '/', source: 'diretto', visits: 4 },
      { day: '2026-06-10', path: '/elettricista', source: 'diretto', visits: 1 },
    ])
    expect(visits.drain()).toEqual([])
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
    expect(visits.drain()).toEqual([])
  })

  it('names the source by UTM campaign, then by referrer, else diretto; other query parameters do not matter', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
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
        .map((row) => [row.source, row.visits])
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

  it('keeps at most 300 sources a day under a flood of random campaigns, the rest counted as altro', () => {
    const clock = { now: Date.parse('2026-06-10T08:00:00Z') }
    const visits = counter(clock)
    const flood = 100_000
    for (let i = 0; i < flood; i++) {
      visits.count(
        request({ 'user-agent': `${CHROME} r${i}` }, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
        '/',
        `utm_source=x${i}&utm_campaign=${i}`,
      )
    }
    const rows = visits.drain()
    expect(rows).toHaveLength(MAX_SOURCES_PER_DAY + 1)
    expect(rows.reduce((sum, row) => sum + row.visits, 0)).toBe(flood)
    expect(rows.find((row) => row.source === 'altro')?.visits).toBe(flood - MAX_SOURCES_PER_DAY)
    // The cap holds across flushes, and a new day starts a new list.
    visits.count(request({ 'user-agent': `${CHROME} late` }), '/', 'utm_source=ancora-un-altro')
    expect(visits.drain().map((row) => row.source)).toEqual(['altro'])
    clock.now += 24 * 3_600_000
    visits.count(request({ 'user-agent': `${CHROME} tomorrow` }), '/', 'utm_source=ancora-un-altro')
    expect(visits.drain().map((row) => row.source)).toEqual(['ancora-un-altro'])
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
    expect(visits.drain().map((row) => [row.day, row.visits])).toEqual([
      ['2026-10-25', 1],
      ['2026-10-26', 1],
    ])
  })

  it('hands counts back after a failed write, added to those counted since', () => {
    const visits = counter({ now: Date.parse('2026-06-10T08:00:00Z') })
    visits.count(request({}), '/', '')
    const failed = visits.drain()
    visits.count(request({}, '10.1.1.1'), '/', '')
    visits.restore(failed)
    expect(visits.drain()).toEqual([{ day: '2026-06-10', path: '/', source: 'diretto', visits: 2 }])
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
