export { romeDay } from '#shared/italian-time.ts'

/** Search engines and social networks by their hosts' registrable names: all of Google's country sites are 'google'. */
const KNOWN_HOSTS: Array<[RegExp, string]> = [
  [/(^|\.)google\.[a-z.]+$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)duckduckgo\.com$/, 'duckduckgo'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'yahoo'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'linkedin'],
  [/(^|\.)(t\.co|x\.com|twitter\.com)$/, 'x'],
  [/(^|\.)ecosia\.org$/, 'ecosia'],
  [/(^|\.)chatgpt\.com$/, 'chatgpt'],
]

const MAX_PART = 60

/** A campaign value as the owner reads it: trimmed, lowercase, printable, at most 60 characters. */
function cleanPart(value: string | null): string {
  if (!value) return ''
  return value
    .normalize('NFC')
    .replace(/[\p{C}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, MAX_PART)
}

/** The source of a campaign link: 'google / cpc / preventivi-milano' from its utm_source, utm_medium and utm_campaign. */
export function campaignSource(source: string | null | undefined, medium?: string | null, campaign?: string | null): string | null {
  const parts = [cleanPart(source ?? null), cleanPart(medium ?? null), cleanPart(campaign ?? null)]
  if (!parts[0]) return null
  return parts.filter(Boolean).join(' / ')
}

/** The site a visitor came from, by its referrer: a known name, else the host without 'www.'; null when none or unreadable. */
export function referrerSource(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer || referrer.length > 2048) return null
  // The common case, a link within the site, without parsing a URL.
  if (referrer.startsWith(`https://${ownHost}/`)) return 'interno'
  let host: string
  try {
    const url = new URL(referrer)
    if (url.protocol === 'android-app:') return url.hostname.startsWith('com.google.') ? 'google' : null
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    host = url.hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return null
  }
  if (!host) return null
  const site = ownHost.replace(/^www\./, '')
  if (host === site || host.endsWith(`.${site}`)) return 'interno'
  for (const [pattern, name] of KNOWN_HOSTS) if (pattern.test(host)) return name
  return host.replace(/^www\./, '').slice(0, MAX_PART)
}

/** Names that need no confirmation: a fixed list, so no visitor can grow it. */
const FIXED_NAMES = new Set(['diretto', 'interno', 'altro', ...KNOWN_HOSTS.map(([, name]) => name)])

/**
 * A source's kind: `fixed` for the names above, else a UTM `campaign` or a referring `site`, the free-form values a
 * visitor chooses, which the visit counter lists only once several addresses sent them (docs/decisions/025).
 */
export type SourceKind = 'fixed' | 'campaign' | 'site'

/** The kind of a source name read back from the database, where only the name was kept. */
export function kindOfName(name: string): SourceKind {
  if (FIXED_NAMES.has(name)) return 'fixed'
  return /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(name) ? 'site' : 'campaign'
}

/**
 * Where a page view comes from, and the kind of that name: the UTM campaign of its URL, else the referrer's site
 * ('interno' for a link within the site), else 'diretto' (typed, bookmarked, or a referrer the browser withheld).
 */
export function sourceOf(query: string, referrer: string | undefined, ownHost: string): { name: string; kind: SourceKind } {
  if (query.includes('utm_')) {
    const params = new URLSearchParams(query)
    const campaign = campaignSource(params.get('utm_source'), params.get('utm_medium'), params.get('utm_campaign'))
    if (campaign) return { name: campaign, kind: FIXED_NAMES.has(campaign) ? 'fixed' : 'campaign' }
  }
  const site = referrerSource(referrer, ownHost)
  if (!site) return { name: 'diretto', kind: 'fixed' }
  return { name: site, kind: FIXED_NAMES.has(site) ? 'fixed' : 'site' }
}

/** The source's name alone (see sourceOf). */
export function trafficSource(query: string, referrer: string | undefined, ownHost: string): string {
  return sourceOf(query, referrer, ownHost).name
}

/** Characters of a user agent worth reading: real ones are 100-300; the rest of a longer one is ignored. */
export const MAX_USER_AGENT = 400

/**
 * A user agent cut to MAX_USER_AGENT characters, in a string of its own: V8's `slice` of a long string keeps the whole
 * original alive behind the slice, so a cache of slices of 15 KB headers would still hold the 15 KB.
 */
export function boundedUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return ''
  if (userAgent.length <= MAX_USER_AGENT) return userAgent
  return Buffer.from(userAgent.slice(0, MAX_USER_AGENT), 'utf16le').toString('utf16le')
}

/** Phone, tablet or computer, from the user agent, for the leads' attribution. */
export function deviceClass(userAgent: string | null | undefined): 'mobile' | 'tablet' | 'desktop' | null {
  if (!userAgent) return null
  const ua = boundedUserAgent(userAgent)
  if (/iPad|Tablet|Nexus (7|9|10)|SM-T\d|Kindle|Silk/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'tablet'
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua)) return 'mobile'
  return 'desktop'
}
