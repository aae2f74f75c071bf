import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type CachedPage = {
  status: number
  headers: Record<string, string>
  body: Buffer
  etag: string
  brotli?: Buffer
  gzip?: Buffer
}

/** Rendered public pages, which depend only on the URL and the build; least recently used out first. */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>()
  constructor(readonly maxEntries: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key)
    if (page) {
      this.#entries.delete(key)
      this.#entries.set(key, page)
    }
    return page
  }

  set(key: string, page: Omit<CachedPage, 'etag'>): CachedPage {
    const entry = { ...page, etag: `"${createHash('sha1').update(page.body).digest('base64url')}"` }
    this.#entries.set(key, entry)
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
    return entry
  }

  get size() {
    return this.#entries.size
  }
}

/** The page body in the best encoding the client accepts, compressed once and kept. */
export function encodeCached(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const accept = acceptEncoding ?? ''
  if (page.body.length < 1024) return { body: page.body }
  if (/\bbr\b/.test(accept)) {
    page.brotli ??= brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
    return { body: page.brotli, encoding: 'br' }
  }
  if (/\bgzip\b/.test(accept)) {
    page.gzip ??= gzipSync(page.body, { level: 9 })
    return { body: page.gzip, encoding: 'gzip' }
  }
  return { body: page.body }
}
