// What a browser page fetches and says while a benchmark drives it: scripts and stylesheets (gzip -9 of each body,
// before or after the first interaction), requests in flight, and the console's hydration messages.
import { gzipSync } from 'node:zlib'
import type { Page, Request } from 'playwright-core'

/** React's own words, and its production builds' codes for a hydration mismatch (https://react.dev/errors/418). */
const HYDRATION_MESSAGE = /hydrat|react\.dev\/errors\/(?:418|419|422|423|425)\b/i

export type Phase = 'load' | 'interaction'
export type Fetched = { url: string; kind: 'js' | 'css'; phase: Phase; gzipBytes: number }

export type PageWatch = {
  /** Requests made from now on are counted as caused by the interaction. */
  startInteraction(): void
  /** Resolves once no request has been in flight for `quietMs`; gives up after `timeoutMs`. */
  quiet(quietMs: number, timeoutMs?: number): Promise<void>
  /** Every script and stylesheet fetched so far, once its body has been read. */
  fetched(): Promise<Fetched[]>
  /** Console warnings and errors, and uncaught exceptions, that speak of hydration. */
  hydrationMessages: string[]
}

function kindOf(request: Request): Fetched['kind'] | undefined {
  const type = request.resourceType()
  const pathname = new URL(request.url()).pathname
  if (type === 'script' || pathname.endsWith('.js')) return 'js'
  if (type === 'stylesheet' || pathname.endsWith('.css')) return 'css'
  return undefined
}

export function watchPage(page: Page): PageWatch {
  let phase: Phase = 'load'
  const phaseOf = new WeakMap<Request, Phase>()
  const files: Promise<Fetched | undefined>[] = []
  let inFlight = 0
  let lastActivity = performance.now()
  const hydrationMessages: string[] = []

  page.on('request', (request) => {
    phaseOf.set(request, phase)
    inFlight++
    lastActivity = performance.now()
  })
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1)
    lastActivity = performance.now()
  }
  page.on('requestfinished', settled)
  page.on('requestfailed', settled)
  page.on('response', (response) => {
    const request = response.request()
    const kind = kindOf(request)
    if (!kind) return
    files.push(
      response.body().then(
        (body) => ({ url: request.url(), kind, phase: phaseOf.get(request) ?? phase, gzipBytes: gzipSync(body, { level: 9 }).length }),
        // A redirect or a response the page dropped has no body to count.
        () => undefined,
      ),
    )
  })
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_MESSAGE.test(message.text())) hydrationMessages.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (HYDRATION_MESSAGE.test(error.message)) hydrationMessages.push(error.message)
  })

  return {
    startInteraction: () => {
      phase = 'interaction'
    },
    quiet: async (quietMs, timeoutMs = 15_000) => {
      const deadline = performance.now() + timeoutMs
      while (performance.now() < deadline && (inFlight > 0 || performance.now() - lastActivity < quietMs))
        await new Promise((resolve) => setTimeout(resolve, 50))
    },
    fetched: async () => (await Promise.all(files)).filter((file): file is Fetched => file !== undefined),
    hydrationMessages,
  }
}

export function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}
