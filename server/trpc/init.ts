import { initTRPC } from '@trpc/server'
import type { DB } from '../../db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'

/** What every procedure sees: the database, the settings and who is asking. */
export type Context = {
  db: DB
  env: Env
  logger: Logger
  /** The client's address, from the socket or, behind a trusted proxy, X-Forwarded-For. */
  ip: string
  userAgent: string
  /** The incoming request's headers (cookies, origin); null when called during server rendering. */
  headers: Headers | null
  /** Headers to add to the response (Set-Cookie). */
  responseHeaders: Headers
}

const t = initTRPC.context<Context>().create()

export const router = t.router
export const publicProcedure = t.procedure
export const createCallerFactory = t.createCallerFactory
export const middleware = t.middleware
