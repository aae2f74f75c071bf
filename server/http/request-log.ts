import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { type Logger, logRequestLine } from '../logger.ts'
import type { AppEnv } from './app-env.ts'

export type RequestLine = { requestId?: string; method: string; path: string; status: number; started: number }

/** The one line a request leaves in the log once answered, whichever path answered it. Path only: query strings can carry personal data. */
export function logRequest(logger: Logger, { requestId, method, path, status, started }: RequestLine) {
  const ms = Math.round((performance.now() - started) * 10) / 10
  if (requestId) logger.info({ requestId, method, path, status, ms }, 'request')
  else logRequestLine(logger, method, path, status, ms)
}

/**
 * Gives every request that reaches Hono an id, which procedures and renders log with (trpc/context.ts), and logs its
 * line. Answers of the fast path (fast-path.ts) have nothing else that logs, so their lines go without one.
 */
export function logRequests(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const requestId = randomUUID()
    c.set('requestId', requestId)
    await next()
    logRequest(logger, { requestId, method: c.req.method, path: c.get('path') ?? '(not canonical)', status: c.res.status, started })
  }
}
