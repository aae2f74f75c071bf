import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { Context as HonoContext } from 'hono'
import type { DatabaseWatch } from '../faults.ts'
import type { AppEnv } from '../http/app-env.ts'
import { readProcedureBody } from '../http/body-limit.ts'
import type { Logger } from '../logger.ts'
import type { RequestContexts } from './context.ts'
import { procedureErrorResponse } from './error-response.ts'
import { appRouter } from './router.ts'

/** tRPC calls that may share one HTTP request: back-office reads and writes, a screen's worth at most. */
const MAX_BATCH_SIZE = 10

/** Mutations must come from our own pages (docs/decisions/011-cross-site-requests.md): forms cannot set custom headers. */
export function fromOwnPages(c: HonoContext<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site')
  return (!site || site === 'same-origin' || site === 'none') && c.req.header('x-trpc-source') !== undefined
}

/** Public and sign-in procedures answer one call per request, so every throttle sees every attempt. */
function mayBatch(path: string): boolean {
  const procedures = path.slice('/trpc/'.length).split(',')
  return procedures.every((name) => name.startsWith('admin.') && !name.startsWith('admin.auth.'))
}

/** /trpc/*: the procedures of the app router over HTTP, their bodies read within their limits (body-limit.ts). */
export function procedureEndpoint({ contexts, databaseWatch, logger }: { contexts: RequestContexts; databaseWatch: DatabaseWatch; logger: Logger }) {
  return async (c: HonoContext<AppEnv>) => {
    if (c.req.method === 'POST' && !fromOwnPages(c)) return procedureErrorResponse(403, 'FORBIDDEN', 'Richiesta non consentita.')
    c.header('Cache-Control', 'no-store')
    let req = c.req.raw
    let done = () => {}
    if (c.req.method === 'POST') {
      const body = await readProcedureBody(c)
      if (!body.ok) return body.response
      req = body.request
      done = body.done
    }
    try {
      return await fetchRequestHandler({
        endpoint: '/trpc',
        req,
        router: appRouter,
        allowBatching: mayBatch(c.get('path')),
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: ({ req, resHeaders }) => contexts.of(c, req.headers, resHeaders),
        onError: ({ error, path }) => {
          // A database fault is logged once by the watch and answered 503 (trpc/init.ts).
          if (!databaseWatch.report(error) && error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'tRPC procedure failed')
        },
      })
    } finally {
      done()
    }
  }
}
