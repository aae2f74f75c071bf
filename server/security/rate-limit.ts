import { TRPCError } from '@trpc/server'
import { RATE_LIMITED } from '#shared/schemas/common.ts'
import { type DB, engineOf } from '#db/client.ts'
import type { Env } from '../env.ts'
import { countAttempts } from '../repositories/auth-throttle.ts'
import { sha256Hex } from './hash.ts'
import { middleware } from '../trpc/init.ts'

/** A fixed-window counter per key, in memory: on SQLite the site runs as one process. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()
  private lastSweep = 0

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (now - this.lastSweep > this.windowMs) this.sweep(now)
    const current = this.windows.get(key)
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs })
      return 0
    }
    current.count += 1
    return current.count > this.max ? Math.ceil((current.resetAt - now) / 1000) : 0
  }

  private sweep(now: number) {
    this.lastSweep = now
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
  }
}

const limiters = new WeakMap<Env, RateLimiter>()

function limiterFor(env: Env): RateLimiter {
  let limiter = limiters.get(env)
  if (!limiter) {
    limiter = new RateLimiter(env.RATE_LIMIT_MAX, env.RATE_LIMIT_WINDOW_SECONDS * 1000)
    limiters.set(env, limiter)
  }
  return limiter
}

/**
 * The same fixed window shared by every process on PostgreSQL: counted in auth_throttle (under a hash of the address,
 * as the sign-in counters are, and pruned with them) in one statement, so hits arriving at once are numbered in turn.
 */
async function sharedHit(db: DB, env: Env, ip: string): Promise<number> {
  const now = Math.floor(Date.now() / 1000)
  const [row] = await countAttempts(db, [{ key: sha256Hex(`form\0${ip}`), windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS }], now)
  return row && row.count > env.RATE_LIMIT_MAX ? Math.max(1, row.expires_at - now) : 0
}

/** Public form submissions per client IP (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS): 429 beyond it. */
export const formRateLimit = middleware(async ({ ctx, next }) => {
  const retryAfter = engineOf(ctx.db) === 'postgres' ? await sharedHit(ctx.db, ctx.env, ctx.ip) : limiterFor(ctx.env).hit(ctx.ip)
  if (retryAfter > 0) {
    ctx.responseHeaders.set('Retry-After', String(retryAfter))
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: RATE_LIMITED })
  }
  return next()
})
