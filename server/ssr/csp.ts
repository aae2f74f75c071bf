import { createHash } from 'node:crypto'

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** sha256 sources for every inline executable script of a page, so the CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attrs = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/.test(attrs) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || body.length === 0) continue
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...hashes]
}

export type CspOptions = { scriptHashes: string[]; extraScriptSrc?: string[]; extraConnectSrc?: string[]; extraImgSrc?: string[] }

/** See docs/decisions/001-content-security-policy.md. */
export function contentSecurityPolicy({ scriptHashes, extraScriptSrc = [], extraConnectSrc = [], extraImgSrc = [] }: CspOptions): string {
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
