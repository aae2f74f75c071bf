import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../logger.ts'
import type { AppEnv } from './app-env.ts'

/** Gives every request an id (X-Request-Id) and logs one line when it has been answered. */
export function logRequests(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const requestId = randomUUID()
    c.set('requestId', requestId)
    await next()
    c.header('X-Request-Id', requestId)
    // Path only: query strings can carry personal data.
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.get('path') ?? '(not canonical)',
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  }
}
