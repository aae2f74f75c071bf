import { describe, expect, it } from 'vitest'
import { publicClient, readRows, rejection, sendForm, serveRequests, solveCaptcha } from './helpers/requests.ts'
import { startApp } from './helpers/app.ts'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const site = serveRequests({}, { 'user-agent': IPHONE }, startApp)

type Attribution = { landing_page: string | null; traffic_source: string | null; device: string | null }
const lastLead = () => readRows<Attribution>(site.server.databasePath, 'select landing_page, traffic_source, device from leads order by id desc limit 1')[0]

describe('a request is attributed as the visits are', () => {
  it('to the first page of the visit, its campaign or referring site, and the device', async () => {
    const cases: Array<[Record<string, unknown>, Attribution]> = [
      [
        { landing: { page: '/s/elettricista-monza-0000', referrer: 'https://www.google.it' } },
        { landing_page: '/s/elettricista-monza-0000', traffic_source: 'google / cpc / elettricisti-autunno', device: 'mobile' },
      ],
      [
        { utm: undefined, landing: { page: '/monza', referrer: 'https://www.google.it' } },
        { landing_page: '/monza', traffic_source: 'google', device: 'mobile' },
      ],
      [
        { utm: undefined, landing: { page: '/', referrer: 'https://www.facebook.com' } },
        { landing_page: '/', traffic_source: 'facebook', device: 'mobile' },
      ],
      // Nothing from the visit: the page of the form, 'diretto'.
      [{ utm: undefined }, { landing_page: '/elettricista', traffic_source: 'diretto', device: 'mobile' }],
      // What is not a page path of the site is not kept; a script as referrer is no source.
      [
        { utm: undefined, landing: { page: '/ELETTRICISTA?x=<script>', referrer: 'javascript:alert(1)' }, fromPage: 'not a url' },
        { landing_page: null, traffic_source: 'diretto', device: 'mobile' },
      ],
    ]
    for (const [fields, expected] of cases) {
      await sendForm(site.client, 'quote', { ...fields, ...(await solveCaptcha(site.client)) })
      expect(lastLead(), JSON.stringify(fields)).toEqual(expected)
    }
  })

  it('refuses a landing page or referrer longer than 200 characters, storing nothing', async () => {
    const before = readRows<{ n: number }>(site.server.databasePath, 'select count(*) as n from leads')[0]!.n
    const desktop = publicClient(site.server.url, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' })
    for (const landing of [{ page: `/${'a'.repeat(200)}` }, { referrer: `https://${'a'.repeat(200)}.it` }]) {
      const refused = await rejection(sendForm(desktop, 'quote', { landing, ...(await solveCaptcha(desktop)) }))
      expect({ status: refused.status, paths: refused.issues.map((issue) => issue.path.join('.')) }).toEqual({
        status: 400,
        paths: [`landing.${Object.keys(landing)[0]}`],
      })
    }
    expect(readRows<{ n: number }>(site.server.databasePath, 'select count(*) as n from leads')[0]!.n).toBe(before)
  })
})
