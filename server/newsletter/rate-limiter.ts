/**
 * Spaces calls evenly at `perSecond`, shared by every lane of the worker. Slots follow an ideal schedule,
 * so timer lateness does not add up, and idle time does not turn into a burst.
 */
export class RateLimiter {
  private readonly intervalMs: number
  private nextSlot = 0
  private readonly waiting = new Set<() => void>()

  constructor(perSecond: number) {
    this.intervalMs = 1000 / perSecond
  }

  take(): Promise<void> {
    const now = performance.now()
    const slot = Math.max(now, this.nextSlot)
    this.nextSlot = slot + this.intervalMs
    const delay = slot - now
    if (delay < 1) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.waiting.delete(done)
        resolve()
      }
      const timer = setTimeout(done, delay)
      this.waiting.add(done)
    })
  }

  /** No slot before `ms` from now (SES said slow down). */
  pauseFor(ms: number): void {
    this.nextSlot = Math.max(this.nextSlot, performance.now() + ms)
  }

  /** Lets every waiting caller go at once (shutting down). */
  release(): void {
    for (const done of [...this.waiting]) done()
  }
}
