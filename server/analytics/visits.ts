import { hash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isbot } from 'isbot'
import { clientAddress, type ProxyTrust } from '../http/client-address.ts'
import { boundedUserAgent, kindOfName, romeDay, type SourceKind, sourceOf } from './sources.ts'

/** User agents already judged bot or browser: real traffic repeats a few thousand of them. */
const MAX_KNOWN_AGENTS = 5_000
/** Characters of user agent kept in that cache (each at most MAX_USER_AGENT): about 2 MB of strings at most. */
const MAX_KNOWN_AGENT_CHARS = 1_000_000

/** A visitor seen again on the same page within this time is reloading, not visiting again. */
export const REVISIT_MS = 30 * 60_000
/** Distinct campaigns, and apart from them distinct referring sites, listed per day; the rest are counted as 'altro'. */
export const MAX_SOURCES_PER_DAY = 300
/** Campaigns, and apart from them referring sites, not yet listed that one address may put forward in a day. */
export const NEW_SOURCES_PER_ADDRESS = 5
/**
 * Sources of each kind waiting for their addresses; a new one beyond them drops the one that waited longest since an
 * address joined it, so junk from many addresses delays a real campaign's listing but cannot block it for the day.
 */
const MAX_PENDING_SOURCES = 300
/** Pages whose visits a waiting source keeps, to move them to it once it is listed (a campaign lands on one or two). */
const MAX_PENDING_PAGES = 20
/**
 * Addresses tallied in a day (about 80 bytes each). Beyond them visits are counted without a cap and put forward no
 * source: an attacker with that many addresses could stay under the cap anyway, and a real rush is still counted.
 */
export const MAX_ADDRESSES = 50_000
/** Page views remembered in one generation; a flood fills it sooner and rotates it early, so memory stays bounded. */
const MAX_GENERATION = 100_000
/** X-Forwarded-For values longer than this are not remembered on the connection, only read each time. */
const MAX_REMEMBERED_FORWARDED = 256

export const DEFAULT_VISITS_PER_ADDRESS = 100
export const DEFAULT_SOURCE_MIN_ADDRESSES = 3

/** Visits of a page from a source on a day; negative for 'altro' when visits move to a source listed since. */
export type VisitRow = { day: string; path: string; source: string; visits: number }
/** What the counter hands over: the visits, and the requests left uncounted as suspicious, per day. */
export type VisitTotals = { rows: VisitRow[]; uncounted: Array<{ day: string; requests: number }> }

/** One address's day: its visits counted, and the sources of each kind not yet listed that it put forward. */
type Tally = { visits: number; campaign: number; site: number }
/** A campaign or site not yet listed: the addresses that sent it, and its visits so far (counted as 'altro'). */
type Pending = { addresses: Set<number>; pages: Map<string, number> }

/** Everything about one Italian day that must not outlive it: the salt and what is counted per address and source. */
type Day = {
  day: string
  salt: string
  addresses: Map<number, Tally>
  listed: Set<string>
  listedCount: { campaign: number; site: number }
  /** Least recently joined first. */
  pending: { campaign: Map<string, Pending>; site: Map<string, Pending> }
}

/** 48 bits of a SHA-256 as a number: a map of numbers costs far less memory and garbage than one of strings. */
const hash48 = (text: string) => Number.parseInt(hash('sha256', text, 'hex').slice(0, 12), 16)

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
 * Each address counts at most `visitsPerAddress` visits a day (the rest are tallied as suspicious), and a campaign
 * or referring site is listed only once `sourceMinAddresses` addresses sent it that day.
 */
export class VisitCounter {
  private today: Day | null = null
  private bots = new Map<string, boolean>()
  private botChars = 0
  /**
   * What a kept-alive connection's requests share, worked out once: its user agent's verdict and the hashes of the
   * visitor and of the address. Kept on the socket (a WeakMap: gone with the connection), redone when the day, the
   * user agent or the forwarded address changes; the user agent is kept cut to MAX_USER_AGENT characters.
   */
  private connections = new WeakMap<object, { day: string; userAgent: string; forwarded: string | null; bot: boolean; visitor: number; address: number }>()
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
  private uncounted = new Map<string, number>()
  private readonly visitsPerAddress: number
  private readonly sourceMinAddresses: number

  constructor(
    private readonly options: {
      proxyTrust: ProxyTrust
      ownHost: string
      now?: () => number
      /** Visits counted per address and day (VISITS_PER_ADDRESS_PER_DAY). */
      visitsPerAddress?: number
      /** Distinct addresses a campaign or site needs in a day before it is listed (VISIT_SOURCE_MIN_ADDRESSES). */
      sourceMinAddresses?: number
    },
  ) {
    this.visitsPerAddress = options.visitsPerAddress ?? DEFAULT_VISITS_PER_ADDRESS
    this.sourceMinAddresses = options.sourceMinAddresses ?? DEFAULT_SOURCE_MIN_ADDRESSES
  }

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

  /** `userAgent` is already cut to MAX_USER_AGENT characters; the cache is bounded in entries and in characters. */
  private isBot(userAgent: string): boolean {
    let bot = this.bots.get(userAgent)
    if (bot === undefined) {
      if (this.bots.size >= MAX_KNOWN_AGENTS || this.botChars + userAgent.length > MAX_KNOWN_AGENT_CHARS) {
        this.bots.clear()
        this.botChars = 0
      }
      bot = isbot(userAgent)
      this.bots.set(userAgent, bot)
      this.botChars += userAgent.length
    }
    return bot
  }

  /**
   * The state of the Italian day: when the day changes, a new random salt (yesterday's hashes cannot be linked to
   * today's) and new tallies per address and source, the old ones dropped whole.
   */
  private dayState(day: string): Day {
    if (this.today?.day !== day) {
      this.today = {
        day,
        salt: randomBytes(32).toString('base64'),
        addresses: new Map(),
        listed: new Set(),
        listedCount: { campaign: 0, site: 0 },
        pending: { campaign: new Map(), site: new Map() },
      }
      this.current = new Map()
      this.previous = new Map()
      this.currentSize = 0
    }
    return this.today
  }

  /** The address's tally; none once the day has MAX_ADDRESSES of them. */
  private tally(today: Day, address: number): Tally | undefined {
    let tally = today.addresses.get(address)
    if (!tally && today.addresses.size < MAX_ADDRESSES) {
      tally = { visits: 0, campaign: 0, site: 0 }
      today.addresses.set(address, tally)
    }
    return tally
  }

  /**
   * Sources listed today, read back from the database at start and after each flush: the caps hold across restarts,
   * and a source another process listed is listed here too, with the visits it had here.
   */
  knowSources(day: string, sources: Iterable<string>): void {
    const today = this.dayState(day)
    for (const source of sources) {
      const kind = kindOfName(source)
      if (kind === 'fixed' || today.listed.has(source)) continue
      const pending = today.pending.campaign.get(source) ?? today.pending.site.get(source)
      today.pending.campaign.delete(source)
      today.pending.site.delete(source)
      this.list(today, kind, source, pending)
    }
  }

  /** Lists a source for the day; the visits it had while waiting move from 'altro' to it. */
  private list(today: Day, kind: 'campaign' | 'site', name: string, pending: Pending | undefined): void {
    today.listed.add(name)
    today.listedCount[kind]++
    for (const [page, visits] of pending?.pages ?? []) {
      this.add(today.day, page, 'altro', -visits)
      this.add(today.day, page, name, visits)
    }
  }

  /** One answered page: `path` is the page's path, `query` the request's query string (only UTM parameters are read). */
  count(req: IncomingMessage, path: string, query: string): void {
    const { headers } = req
    const userAgent = boundedUserAgent(headers['user-agent'])
    const forwardedHeader = String(headers['x-forwarded-for'] ?? '')
    const forwarded = forwardedHeader.length <= MAX_REMEMBERED_FORWARDED ? forwardedHeader : null
    const at = this.now()
    const day = this.dayOf(at)
    const today = this.dayState(day)
    let connection = this.connections.get(req.socket)
    if (!connection || connection.day !== day || connection.userAgent !== userAgent || connection.forwarded === null || connection.forwarded !== forwarded) {
      const bot = !userAgent || this.isBot(userAgent)
      const address = bot ? '' : clientAddress(req, this.options.proxyTrust)
      const visitor = bot ? 0 : hash48(`${today.salt}${address}\n${userAgent}`)
      const addressKey = bot ? 0 : hash48(`${today.salt}${address}`)
      connection = { day, userAgent, forwarded, bot, visitor, address: addressKey }
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
    const tally = this.tally(today, connection.address)
    if (tally && tally.visits >= this.visitsPerAddress) {
      // One address, more pages than people behind one address see in a day: a new user agent per request, a script.
      this.uncounted.set(day, (this.uncounted.get(day) ?? 0) + 1)
      return
    }
    if (tally) tally.visits++
    let views = this.current.get(path)
    if (!views) {
      views = new Map()
      this.current.set(path, views)
    }
    if (!views.has(connection.visitor)) this.currentSize++
    views.set(connection.visitor, at)
    this.add(day, path, this.attribute(today, tally, connection.address, path, sourceOf(query, headers.referer, this.options.ownHost)), 1)
  }

  /**
   * The name a visit is counted under: its source once listed; 'altro' while a campaign or site waits for
   * `sourceMinAddresses` addresses (its visits so far move to it when it is listed), or when the address already put
   * forward its share of new sources, or the day's lists are full.
   */
  private attribute(today: Day, tally: Tally | undefined, address: number, path: string, source: { name: string; kind: SourceKind }): string {
    const { name, kind } = source
    if (kind === 'fixed' || today.listed.has(name)) return name
    if (!tally || today.listedCount[kind] >= MAX_SOURCES_PER_DAY) return 'altro'
    const waiting = today.pending[kind]
    let pending = waiting.get(name)
    if (!pending) {
      if (tally[kind] >= NEW_SOURCES_PER_ADDRESS) return 'altro'
      if (waiting.size >= MAX_PENDING_SOURCES) waiting.delete(waiting.keys().next().value!)
      pending = { addresses: new Set(), pages: new Map() }
      waiting.set(name, pending)
    }
    if (!pending.addresses.has(address)) {
      if (tally[kind] >= NEW_SOURCES_PER_ADDRESS) return 'altro'
      tally[kind]++
      pending.addresses.add(address)
      waiting.delete(name)
      waiting.set(name, pending)
    }
    if (pending.addresses.size >= this.sourceMinAddresses) {
      waiting.delete(name)
      this.list(today, kind, name, pending)
      return name
    }
    if (pending.pages.has(path) || pending.pages.size < MAX_PENDING_PAGES) pending.pages.set(path, (pending.pages.get(path) ?? 0) + 1)
    return 'altro'
  }

  private add(day: string, path: string, source: string, visits: number): void {
    const rowKey = `${day}\n${path}\n${source}`
    const row = this.counts.get(rowKey)
    if (row) row.visits += visits
    else this.counts.set(rowKey, { day, path, source, visits })
  }

  /** The totals counted since the last call, handed over for the database; the counter starts again from zero. */
  drain(): VisitTotals {
    const rows = [...this.counts.values()].filter((row) => row.visits !== 0)
    const uncounted = [...this.uncounted].map(([day, requests]) => ({ day, requests }))
    this.counts.clear()
    this.uncounted.clear()
    return { rows, uncounted }
  }

  /** Counts handed back after a failed write, to be tried again with the next flush. */
  restore({ rows, uncounted }: VisitTotals): void {
    for (const row of rows) this.add(row.day, row.path, row.source, row.visits)
    for (const { day, requests } of uncounted) this.uncounted.set(day, (this.uncounted.get(day) ?? 0) + requests)
  }
}
