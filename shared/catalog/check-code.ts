import { findComune, type Comune } from './comuni.ts'
import { findService, type Service } from './services.ts'

/** Largest check code; codes run from 0001 to 3886 (docs/product.md §5 and 9). */
export const CHECK_CODE_MAX = 3886

const FNV_OFFSET_BASIS = 0x811c9dc5
const FNV_PRIME = 0x01000193
const utf8 = new TextEncoder()

/** 32-bit FNV-1a hash of the UTF-8 bytes of `text`, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS
  for (const byte of utf8.encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, FNV_PRIME) >>> 0
  }
  return hash >>> 0
}

/**
 * The 4-digit check code of a service-in-town page:
 * (fnv1a32(`${serviceSlug}-${comuneSlug}`) % 3886) + 1, zero-padded.
 */
export function checkCode(serviceSlug: string, comuneSlug: string): string {
  const n = (fnv1a32(`${serviceSlug}-${comuneSlug}`) % CHECK_CODE_MAX) + 1
  return String(n).padStart(4, '0')
}

/** '/s/{service}-{town}-{code}' */
export function serviceInComunePath(serviceSlug: string, comuneSlug: string): string {
  return `/s/${serviceSlug}-${comuneSlug}-${checkCode(serviceSlug, comuneSlug)}`
}

export type ServiceInComuneParseError = { ok: false; reason: 'format' | 'comune' | 'service' }

export type ServiceInComuneParseSuccess = {
  ok: true
  service: Service
  comune: Comune
  /** The code found in the URL, as written. */
  code: string
  /** The code computed for this service and town. */
  canonicalCode: string
  /** The path with the computed code; redirect here (replacing history) when !codeMatches. */
  canonicalPath: string
  codeMatches: boolean
}

export type ServiceInComuneParseResult = ServiceInComuneParseError | ServiceInComuneParseSuccess

/**
 * Parses the parameter of /s/{serviceSlug}-{comuneSlug}-{checkCode} (docs/product.md §5).
 *
 * Split on '-': fewer than 2 segments is a format error. The last segment is
 * the check code. The town is searched from the end: the longest suffix of
 * the remaining segments that is a known town slug wins (both town slugs and
 * service ids may contain hyphens, e.g. 'san-giorgio-su-legnano' must win over
 * 'legnano'). What is left before the town, joined by '-', must be a known
 * service id.
 */
export function parseServiceInComuneParam(param: string): ServiceInComuneParseResult {
  const segments = param.split('-')
  if (segments.length < 2) return { ok: false, reason: 'format' }
  const code = segments[segments.length - 1] ?? ''
  const rest = segments.slice(0, -1)

  let comune: Comune | undefined
  let comuneStart = -1
  for (let start = 0; start < rest.length; start++) {
    const found = findComune(rest.slice(start).join('-'))
    if (found) {
      comune = found
      comuneStart = start
      break
    }
  }
  if (!comune) return { ok: false, reason: 'comune' }

  const service = findService(rest.slice(0, comuneStart).join('-'))
  if (!service) return { ok: false, reason: 'service' }

  const canonicalCode = checkCode(service.id, comune.slug)
  return {
    ok: true,
    service,
    comune,
    code,
    canonicalCode,
    canonicalPath: `/s/${service.id}-${comune.slug}-${canonicalCode}`,
    codeMatches: code === canonicalCode,
  }
}
