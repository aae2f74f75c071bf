/**
 * The fast path: what Hono would answer from memory anyway (a cached public page, a file of the build, /healthz) is
 * written straight to node:http, one writeHead and one end, with headers made once per page, file and coding. For
 * these answers a Fetch Request and Response, the middleware chain and its header copies cost more than the answer.
 *
 * It answers only what the slow path would answer from the same memory, with the same bytes (tests/fast-path.test.ts
 * compares both on a table of requests). Anything else (another spelling of a path, a parameter that makes a page
 * render, a body, an admin path, a page not cached yet) goes to Hono untouched.
 */

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { HealthAnswer } from '../faults.ts'
import type { Logger } from '../logger.ts'
import type { CachedPage, PageCache } from '../ssr/page-cache.ts'
import { type CountVisit, cachedPageHeaders, servedFromCache } from '../ssr/pages.ts'
import type { Encoding } from './accept-encoding.ts'
import { logRequest } from './request-log.ts'
import { checkPath, pagePathOf } from './request-path.ts'
import { type StaticFile, staticEncoding, staticVariant } from './static-files.ts'

export type FastPathDeps = {
  pageCache: PageCache
  staticFiles: Map<string, StaticFile>
  health: () => Promise<HealthAnswer>
  /** The headers security-headers.ts adds to every answer (securityHeaderList). */
  securityHeaders: [string, string][]
  /** Whether a route in front of the build's files and pages (app.ts) answers this path: then Hono does. */
  routed: (path: string) => boolean
  logger: Logger
  /** Hono, for everything else. */
  slowPath: RequestListener
  /** Counts a page shown (server/analytics). */
  countVisit?: CountVisit
}

// Request targets and hosts that @hono/node-server takes as they are; others it parses, and may refuse (400).
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

const NO_PARAMETERS = new URLSearchParams()

/** Header names and values one after the other, as writeHead takes them: node:http reads a flat list faster than an object. */
type HeaderList = string[]

/** An answer ready to write: headers for GET (with Content-Length) and for HEAD (without, as Hono sends it), and the body. */
type Ready = { get: HeaderList; head: HeaderList; body: Buffer }

/** What is made once for a page or a file: its 304, and its 200 in each coding a client has asked for. */
type Prepared = { notModified: HeaderList; codings: Map<Encoding | undefined, Ready> }

/** A request listener that answers from memory what it can and hands every other request to Hono. */
export function createFastPath({ pageCache, staticFiles, health, securityHeaders, routed, logger, slowPath, countVisit }: FastPathDeps): RequestListener {
  /**
   * Headers as @hono/node-server writes the Response Hono made: with the security headers, names lowercase in sorted
   * order (as a Headers object iterates), then Content-Length when there is a body.
   */
  function outgoing(headers: Headers, contentLength?: number): HeaderList {
    for (const [name, value] of securityHeaders) headers.set(name, value)
    const out = [...headers].flat()
    if (contentLength !== undefined) out.push('Content-Length', String(contentLength))
    return out
  }

  function ready(body: Buffer, headers: Headers): Ready {
    return { get: outgoing(new Headers(headers), body.length), head: outgoing(headers), body }
  }

  // Made the first time an entry is asked for, in each coding; dropped with the page or the file.
  const prepared = new WeakMap<CachedPage | StaticFile, Prepared>()
  function preparedOf(entry: CachedPage | StaticFile, etag: string): Prepared {
    let entryPrepared = prepared.get(entry)
    if (!entryPrepared) {
      entryPrepared = { notModified: outgoing(new Headers({ ETag: etag })), codings: new Map() }
      prepared.set(entry, entryPrepared)
    }
    return entryPrepared
  }

  // The two answers /healthz gives, each made once.
  const healthAnswers = new Map<string, Ready>()
  function healthReady({ status, headers, body }: HealthAnswer): Ready {
    const key = `${status} ${body}`
    let answer = healthAnswers.get(key)
    if (!answer) {
      answer = ready(Buffer.from(body), new Headers(headers))
      healthAnswers.set(key, answer)
    }
    return answer
  }

  function send(req: IncomingMessage, res: ServerResponse, path: string, status: number, answer: Ready, started: number) {
    if (req.method === 'HEAD') {
      res.writeHead(status, answer.head)
      res.end()
    } else {
      res.writeHead(status, answer.get)
      res.end(answer.body)
    }
    logRequest(logger, { method: req.method!, path, status, started })
  }

  function sendNotModified(req: IncomingMessage, res: ServerResponse, path: string, entryPrepared: Prepared, started: number) {
    res.writeHead(304, entryPrepared.notModified)
    res.end()
    logRequest(logger, { method: req.method!, path, status: 304, started })
  }

  /** The 200 of a page or a file in a coding, made the first time it is sent. */
  function codingOf(entryPrepared: Prepared, encoding: Encoding | undefined, make: () => { body: Buffer; headers: Headers }): Ready {
    let answer = entryPrepared.codings.get(encoding)
    if (!answer) {
      const { body, headers } = make()
      answer = ready(body, headers)
      entryPrepared.codings.set(encoding, answer)
    }
    return answer
  }

  /** True when answered here. */
  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const started = performance.now()
    const { method, url: target, headers } = req
    if ((method !== 'GET' && method !== 'HEAD') || !target || !PLAIN_TARGET.test(target)) return false
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false
    if (!headers.host || !PLAIN_HOST.test(headers.host)) return false
    const queryAt = target.indexOf('?')
    const rawPath = queryAt === -1 ? target : target.slice(0, queryAt)
    const query = queryAt === -1 ? '' : target.slice(queryAt + 1)
    // Clients keep fragments to themselves; whoever sends one gets what Hono makes of it.
    if (target.includes('#')) return false
    const check = checkPath(rawPath)
    if (!check.ok) return false
    const path = check.path

    if (path === '/healthz') {
      health().then(
        (answer) => send(req, res, path, answer.status, healthReady(answer), started),
        // Nothing is written yet: Hono answers, with its error handling.
        () => slowPath(req, res),
      )
      return true
    }
    if (routed(path)) return false

    // A page or a file: 304 when the client holds this version (the same exact comparison as the slow path), else 200.
    const file = staticFiles.get(path)
    if (file) {
      const filePrepared = preparedOf(file, file.etag)
      if (headers['if-none-match'] === file.etag) sendNotModified(req, res, path, filePrepared, started)
      else {
        const encoding = staticEncoding(file, headers['accept-encoding'])
        send(
          req,
          res,
          path,
          200,
          codingOf(filePrepared, encoding, () => staticVariant(file, encoding)),
          started,
        )
      }
      return true
    }

    if (pagePathOf(path) !== path || !servedFromCache(pageCache, path, query ? new URLSearchParams(query) : NO_PARAMETERS)) return false
    const page = pageCache.get(path)
    if (!page) return false
    const pagePrepared = preparedOf(page, page.etag)
    if (countVisit && method === 'GET') countVisit(req, path, query)
    if (headers['if-none-match'] === page.etag) sendNotModified(req, res, path, pagePrepared, started)
    else {
      const { body, encoding } = pageCache.encode(path, page, headers['accept-encoding'])
      send(
        req,
        res,
        path,
        200,
        codingOf(pagePrepared, encoding, () => ({ body, headers: cachedPageHeaders(page, encoding) })),
        started,
      )
    }
    return true
  }

  return (req, res) => {
    if (!answer(req, res)) slowPath(req, res)
  }
}
