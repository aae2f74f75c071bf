import { createHash } from 'node:crypto'

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** sha256 sources for every inline executable script of a page, so the CSP needs no 'unsafe-inline'. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attrs = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/.test(attrs) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || body.length === 0) continue
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...hashes]
}

type CspOptions = { scriptHashes: string[]; extraScriptSrc?: string[]; extraConnectSrc?: string[]; extraImgSrc?: string[] }

/** See docs/decisions/001-content-security-policy.md. */
function contentSecurityPolicy({ scriptHashes, extraScriptSrc = [], extraConnectSrc = [], extraImgSrc = [] }: CspOptions): string {
  return [
    `default-src 'self'`,
    `script-src 'self' ${[...scriptHashes, ...extraScriptSrc].join(' ')}`.trim(),
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: ${extraImgSrc.join(' ')}`.trim(),
    `connect-src 'self' ${extraConnectSrc.join(' ')}`.trim(),
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

/** The third-party origins the browser needs for the optional Google services that are configured. */
function thirdPartySources(env: { GOOGLE_MAPS_API_KEY?: string; GOOGLE_ADS_ID?: string }): Omit<CspOptions, 'scriptHashes'> {
  const script: string[] = []
  const connect: string[] = []
  const img: string[] = []
  if (env.GOOGLE_MAPS_API_KEY) {
    script.push('https://maps.googleapis.com')
    connect.push('https://maps.googleapis.com', 'https://places.googleapis.com')
    img.push('https://maps.gstatic.com', 'https://maps.googleapis.com')
  }
  if (env.GOOGLE_ADS_ID) {
    script.push('https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net')
    connect.push('https://www.google.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.googletagmanager.com')
    img.push('https://www.google.com', 'https://www.google.it', 'https://googleads.g.doubleclick.net', 'https://www.googletagmanager.com')
  }
  return { extraScriptSrc: script, extraConnectSrc: connect, extraImgSrc: img }
}

/**
 * The policy of one rendered page: its own inline scripts by hash, and the Google services that are configured. Back-office
 * pages also show https images from anywhere: the newsletter editor and its preview show the images a campaign links to.
 */
export function pageSecurityPolicy(html: string, env: { GOOGLE_MAPS_API_KEY?: string; GOOGLE_ADS_ID?: string }, { backOffice = false } = {}): string {
  const sources = thirdPartySources(env)
  if (backOffice) sources.extraImgSrc = [...(sources.extraImgSrc ?? []), 'https:']
  return contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), ...sources })
}
