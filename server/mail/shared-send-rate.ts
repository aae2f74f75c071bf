import { type DB, engineOf } from '#db/client.ts'
import { RateLimiter } from '../newsletter/rate-limiter.ts'
import { postponeSendSlots, reserveSendSlots } from '../repositories/send-slots.ts'

/** What the mail workers wait on before each SES call. */
export type SendRate = {
  /** Resolves at this caller's send slot. */
  take(): Promise<void>
  /** No slot before `ms` from now (SES said slow down). */
  pauseFor(ms: number): void
  /** Lets every waiting caller go at once (shutting down). */
  release(): void
}

const nowUs = () => (performance.timeOrigin + performance.now()) * 1000

/**
 * MAIL_RATE_PER_SECOND for every process together: each process reserves a few slots at a time from the schedule kept
 * in the database (mail_send_slots) and waits for each. Slots are on the wall clock, which the machines of one
 * deploy keep in step (NTP).
 */
class SharedSendRate implements SendRate {
  private readonly intervalUs: number
  private readonly batch: number
  private slots: number[] = []
  private refill: Promise<void> | null = null
  private readonly waiting = new Set<() => void>()
  private released = false

  constructor(
    private readonly db: DB,
    perSecond: number,
  ) {
    this.intervalUs = 1_000_000 / perSecond
    // About 50 ms of the schedule per reservation: one small UPDATE for every few mails, little left unused at a stop.
    this.batch = Math.max(1, Math.min(50, Math.round(perSecond / 20)))
  }

  async take(): Promise<void> {
    while (!this.slots.length && !this.released) {
      this.refill ??= reserveSendSlots(this.db, this.batch, this.intervalUs, nowUs())
        .then((first) => {
          for (let i = 0; i < this.batch; i++) this.slots.push(first + i * this.intervalUs)
        })
        .finally(() => {
          this.refill = null
        })
      await this.refill
    }
    const slot = this.slots.shift()
    if (slot === undefined) return
    const delayMs = (slot - nowUs()) / 1000
    if (delayMs < 1 || this.released) return
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.waiting.delete(done)
        resolve()
      }
      const timer = setTimeout(done, delayMs)
      this.waiting.add(done)
    })
  }

  pauseFor(ms: number): void {
    this.slots = []
    void postponeSendSlots(this.db, nowUs() + ms * 1000).catch(() => undefined)
  }

  release(): void {
    this.released = true
    for (const done of [...this.waiting]) done()
  }
}

/**
 * The send rate of this process's mail workers. On PostgreSQL several processes send: they share one schedule in the
 * database. SQLite has one process: its schedule stays in memory, with no write per slot.
 */
export function sendRateFor(db: DB, perSecond: number): SendRate {
  return engineOf(db) === 'postgres' ? new SharedSendRate(db, perSecond) : new RateLimiter(perSecond)
}
