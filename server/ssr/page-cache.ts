import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chooseEncoding, type Encoding } from '../http/accept-encoding.ts'

export type CachedPage = {
  status: number
  headers: Record<string, string>
  body: Buffer
  etag: string
  brotli?: Buffer
  gzip?: Buffer
}

/** Every page can be sent in either coding: the copy is made when a client first asks for it. */
const BOTH = { br: true, gzip: true }

/** Bytes an entry holds beyond its bodies: the key, the headers and the bookkeeping, roughly. */
const ENTRY_OVERHEAD = 1024

/**
 * Rendered public pages, which depend only on their path and the build; least recently used out first once
 * the bodies (with their compressed copies) and keys add up to more than maxBytes.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>()
  #bytes = 0
  #generation = 0
  constructor(readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key)
    if (page) {
      this.#entries.delete(key)
      this.#entries.set(key, page)
    }
    return page
  }

  /** Keeps a page; one rendered before the last clear (`renderedAt`, the generation when its render began) is returned, not kept. */
  set(key: string, page: Omit<CachedPage, 'etag'>, renderedAt = this.#generation): CachedPage {
    const entry = { ...page, etag: `"${createHash('sha1').update(page.body).digest('base64url')}"` }
    if (renderedAt !== this.#generation) return entry
    this.delete(key)
    this.#entries.set(key, entry)
    this.#bytes += entrySize(key, entry)
    this.#evict()
    return entry
  }

  /** The page body in the encoding the client prefers, compressed the first time it is asked for and kept (and counted). */
  encode(key: string, page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding } {
    if (page.body.length < 1024) return { body: page.body }
    const encoding = chooseEncoding(acceptEncoding, BOTH)
    if (!encoding) return { body: page.body }
    const kept = this.#entries.get(key) === page
    if (encoding === 'br') {
      if (!page.brotli) {
        page.brotli = brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        if (kept) this.#grow(page.brotli.length)
      }
      return { body: page.brotli, encoding }
    }
    if (!page.gzip) {
      page.gzip = gzipSync(page.body, { level: 9 })
      if (kept) this.#grow(page.gzip.length)
    }
    return { body: page.gzip, encoding }
  }

  delete(key: string) {
    const old = this.#entries.get(key)
    if (!old) return
    this.#entries.delete(key)
    this.#bytes -= entrySize(key, old)
  }

  /** Empties the cache: what public pages show changed (server/profiles/directory.ts). */
  clear() {
    this.#entries.clear()
    this.#bytes = 0
    this.#generation++
  }

  /** Moves at every clear: a page rendered across one is older than the clear and must not be stored (see `set`). */
  get generation() {
    return this.#generation
  }

  get size() {
    return this.#entries.size
  }

  get bytes() {
    return this.#bytes
  }

  #grow(bytes: number) {
    this.#bytes += bytes
    this.#evict()
  }

  #evict() {
    while (this.#bytes > this.maxBytes && this.#entries.size > 0) this.delete(this.#entries.keys().next().value!)
  }
}

function entrySize(key: string, page: CachedPage): number {
  return ENTRY_OVERHEAD + key.length * 2 + page.body.length + (page.brotli?.length ?? 0) + (page.gzip?.length ?? 0)
}
