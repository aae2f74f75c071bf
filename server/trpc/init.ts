import { initTRPC, TRPCError } from '@trpc/server'
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
  /** The signed-in administrator, resolved from the session cookie; null for everyone else. */
  user: SessionUser | null
}

export type SessionUser = { id: string; email: string; sessionId: string }

const t = initTRPC.context<Context>().create()

export const router = t.router
export const publicProcedure = t.procedure
/** Every back-office procedure: answers UNAUTHORIZED without a valid session, and guarantees ctx.user. */
export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Accesso riservato agli amministratori.' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})
export const createCallerFactory = t.createCallerFactory
export const middleware = t.middleware
