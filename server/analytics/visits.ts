import { hash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import { clientAddress, type ProxyTrust } from '../http/client-address.ts'
import { romeDay, trafficSource } from './sources.ts'

/** User agents already judged bot or browser: real traffic repeats a few thousand of them. */
const MAX_KNOWN_AGENTS = 5_000

/** A visitor seen again on the same page within this time is reloading, not visiting again. */
export const REVISIT_MS = 30 * 60_000
/** Distinct sources kept per day; the rest are counted as 'altro', so random UTM values cannot grow the table. */
export const MAX_SOURCES_PER_DAY = 300
/** Page views remembered in one generation; a flood fills it sooner and rotates it early, so memory stays bounded. */
const MAX_GENERATION = 100_000

export type VisitRow = { day: string; path: string; source: string; visits: number }

/** Whether the browser asked for the page ahead of a click (link prefetch, speculation rules), not to show it. */
function isPrefetch(headers: IncomingMessage['headers']): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz']
  if (purpose === undefined) return false
  const said = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-purpose'] ?? ''} ${headers['x-moz'] ?? ''}`.toLowerCase()
  return said.includes('prefetch') || said.includes('prerender') || said.includes('preview')
}

/**
 * Counts visits of public pages in memory, without cookies and without storing anything about the visitor
 * (docs/decisions/025-visits-without-cookies.md). A visitor is a hash of address and user agent salted with a random
 * value that changes every Italian day and lives only in this process; only (day, path, source) totals leave it.
 */
export class VisitCounter {
  private salt = randomBytes(32).toString('base64')
  private saltDay = ''
  private bots = new Map<string, boolean>()
  /**
   * What a kept-alive connection's requests share, worked out once: its user agent's verdict and the visitor's hash.
   * Kept on the socket (a WeakMap: gone with the connection), redone when the day, the user agent or the forwarded
   * address changes.
   */
  private connections = new WeakMap<object, { day: string; userAgent: string; forwarded: string; bot: boolean; visitor: number }>()
  /** The Italian day of the current minute, computed once a minute rather than on every request. */
  private minute = -1
  private minuteDay = ''
  /**
   * Page -> visitor (48 bits of a hash of salt, address and user agent) -> when last counted, in two generations of at most 30 minutes each:
   * a view older than the previous generation is older than 30 minutes, and both are dropped whole, not key by key.
   */
  private current = new Map<string, Map<number, number>>()
  private previous = new Map<string, Map<number, number>>()
  private currentSize = 0
  private generationStarted = 0
  private counts = new Map<string, VisitRow>()
  private sourcesByDay = new Map<string, Set<string>>()

  constructor(private readonly options: { proxyTrust: ProxyTrust; ownHost: string; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  private dayOf(at: number): string {
    const minute = Math.floor(at / 60_000)
    if (minute !== this.minute) {
      this.minute = minute
      this.minuteDay = romeDay(at)
    }
    return this.minuteDay
  }

  private isBot(userAgent: string): boolean {
    let bot = this.bots.get(userAgent)
    if (bot === undefined) {
      if (this.bots.size >= MAX_KNOWN_AGENTS) this.bots.clear()
      bot = isbot(userAgent)
      this.bots.set(userAgent, bot)
    }
    return bot
  }

  /** The day's salt: a new random one when the Italian day changes, so yesterday's hashes cannot be linked to today's. */
  private saltFor(day: string): string {
    if (day !== this.saltDay) {
      this.salt = randomBytes(32).toString('base64')
      this.saltDay = day
      this.current = new Map()
      this.previous = new Map()
      this.currentSize = 0
    }
    return this.salt
  }

  /** Sources already counted today (after a restart, read back from the database), so the cap holds across flushes. */
  knowSources(day: string, sources: Iterable<string>): void {
    const known = this.sourcesByDay.get(day) ?? new Set<string>()
    for (const source of sources) known.add(source)
    this.sourcesByDay.set(day, known)
  }

  /** One answered page: `path` is the page's path, `query` the request's query string (only UTM parameters are read). */
  count(req: IncomingMessage, path: string, query: string): void {
    const { headers } = req
    const userAgent = headers['user-agent'] ?? ''
    const forwarded = String(headers['x-forwarded-for'] ?? '')
    const at = this.now()
    const day = this.dayOf(at)
    let connection = this.connections.get(req.socket)
    if (!connection || connection.day !== day || connection.userAgent !== userAgent || connection.forwarded !== forwarded) {
      const bot = !userAgent || this.isBot(userAgent)
      const address = bot ? '' : clientAddress(req, this.options.proxyTrust)
      // 48 bits of the hash as a number: a map of numbers by page costs far less memory and garbage than one of strings.
      const visitor = bot ? 0 : Number.parseInt(hash('sha256', `${this.saltFor(day)}${address}\n${userAgent}`, 'hex').slice(0, 12), 16)
      connection = { day, userAgent, forwarded, bot, visitor }
      this.connections.set(req.socket, connection)
    }
    if (connection.bot || isPrefetch(headers)) return
    if (at - this.generationStarted >= REVISIT_MS || this.currentSize >= MAX_GENERATION) {
      this.previous = this.current
      this.current = new Map()
      this.currentSize = 0
      this.generationStarted = at
    }
    const last = this.current.get(path)?.get(connection.visitor) ?? this.previous.get(path)?.get(connection.visitor)
    if (last !== undefined && at - last < REVISIT_MS) return
    let views = this.current.get(path)
    if (!views) {
      views = new Map()
      this.current.set(path, views)
    }
    if (!views.has(connection.visitor)) this.currentSize++
    views.set(connection.visitor, at)

    let source = trafficSource(query, headers.referer, this.options.ownHost)
    const known = this.sourcesByDay.get(day) ?? new Set<string>()
    if (!known.has(source)) {
      if (known.size >= MAX_SOURCES_PER_DAY) source = 'altro'
      else known.add(source)
    }
    this.sourcesByDay.set(day, known)
    const rowKey = `${day}\n${path}\n${source}`
    const row = this.counts.get(rowKey)
    if (row) row.visits++
    else this.counts.set(rowKey, { day, path, source, visits: 1 })
  }

  /** The totals counted since the last call, handed over for the database; the counter starts again from zero. */
  drain(): VisitRow[] {
    const rows = [...this.counts.values()]
    this.counts.clear()
    // Only today's and yesterday's source sets matter for the cap.
    const today = this.dayOf(this.now())
    for (const day of this.sourcesByDay.keys()) if (day < romeDay(this.now() - 36 * 3_600_000) && day !== today) this.sourcesByDay.delete(day)
    return rows
  }

  /** Counts handed back after a failed write, to be tried again with the next flush. */
  restore(rows: VisitRow[]): void {
    for (const row of rows) {
      const rowKey = `${row.day}\n${row.path}\n${row.source}`
      const current = this.counts.get(rowKey)
      if (current) current.visits += row.visits
      else this.counts.set(rowKey, { ...row })
    }
  }
}
