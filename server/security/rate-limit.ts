import { TRPCError } from '@trpc/server'
import { RATE_LIMITED } from '#shared/schemas/common.ts'
import type { Env } from '../env.ts'
import { middleware } from '../trpc/init.ts'

/** A fixed-window counter per key, in memory: the site runs as one process. */
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

/** Public form submissions per client IP (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS): 429 beyond it. */
export const formRateLimit = middleware(({ ctx, next }) => {
  const retryAfter = limiterFor(ctx.env).hit(ctx.ip)
  if (retryAfter > 0) {
    ctx.responseHeaders.set('Retry-After', String(retryAfter))
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: RATE_LIMITED })
  }
  return next()
})
