export { romeDay } from '#shared/rome-day.ts'

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

/**
 * Where a page view comes from: the UTM campaign of its URL, else the referrer's site ('interno' for a link within the
 * site), else 'diretto' (typed, bookmarked, or a referrer the browser withheld).
 */
export function trafficSource(query: string, referrer: string | undefined, ownHost: string): string {
  if (query.includes('utm_')) {
    const params = new URLSearchParams(query)
    const campaign = campaignSource(params.get('utm_source'), params.get('utm_medium'), params.get('utm_campaign'))
    if (campaign) return campaign
  }
  return referrerSource(referrer, ownHost) ?? 'diretto'
}

/** Phone, tablet or computer, from the user agent, for the leads' attribution. */
export function deviceClass(userAgent: string | null | undefined): 'mobile' | 'tablet' | 'desktop' | null {
  if (!userAgent) return null
  const ua = userAgent.slice(0, 512)
  if (/iPad|Tablet|Nexus (7|9|10)|SM-T\d|Kindle|Silk/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return 'tablet'
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua)) return 'mobile'
  return 'desktop'
}
