import { type DB, engineOf } from '#db/client.ts'
import { sharedSendSchedule } from './shared-send-rate.ts'

/** Who waits for a slot: the outbox (confirmations, the office's notifications, offers) goes before campaigns. */
export type SendPriority = 'outbox' | 'newsletter'

/** Where the pacer's slots come from: this process's own schedule, or the one every process shares. */
export type SendSchedule = {
  /** The next free slot (ms on the wall clock), moved to `notBefore` when it is earlier. */
  next(notBefore: number): Promise<number>
  /** No slot before `until` (SES said slow down). */
  postpone(until: number): void
}

export const wallClockMs = () => performance.timeOrigin + performance.now()

/** Slots `1000 / perSecond` ms apart in this process: a late timer is caught up, time without waiters is not. */
export function memorySchedule(perSecond: number): SendSchedule {
  const intervalMs = 1000 / perSecond
  let nextSlot = 0
  return {
    async next(notBefore) {
      const slot = Math.max(nextSlot, notBefore)
      nextSlot = slot + intervalMs
      return slot
    },
    postpone(until) {
      nextSlot = Math.max(nextSlot, until)
    },
  }
}

type Waiter = { grant(): void; fail(error: unknown): void }

/**
 * MAIL_RATE_PER_SECOND for every mail of this process (docs/decisions/045-one-send-rate-the-outbox-first.md): the outbox and newsletter workers wait on
 * the same pacer before each SES call. A slot goes to a waiting outbox mail before any campaign mail, and whatever
 * the schedule does (a timer that fired late, slots reserved early), no `k + 1` slots are given within `k / perSecond`
 * seconds, k = the rate rounded up: never more than the rate (rounded up) in any one-second window.
 */
export class SendPacer {
  private readonly queues: Record<SendPriority, Waiter[]> = { outbox: [], newsletter: [] }
  private readonly windowMs: number
  private readonly recent: number[]
  private oldest = 0
  private pumping = false

  constructor(
    private readonly schedule: SendSchedule,
    perSecond: number,
  ) {
    const k = Math.ceil(perSecond)
    this.windowMs = (k * 1000) / perSecond
    this.recent = new Array<number>(k).fill(Number.NEGATIVE_INFINITY)
  }

  /** Resolves true at this caller's slot, false when `signal` aborts first (the worker is stopping); rejects when the schedule fails. */
  take(priority: SendPriority, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false)
    return new Promise<boolean>((resolve, reject) => {
      const queue = this.queues[priority]
      const leave = () => {
        const at = queue.indexOf(waiter)
        if (at >= 0) queue.splice(at, 1)
        resolve(false)
      }
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', leave)
          resolve(true)
        },
        fail: (error) => {
          signal?.removeEventListener('abort', leave)
          reject(error)
        },
      }
      signal?.addEventListener('abort', leave, { once: true })
      queue.push(waiter)
      if (!this.pumping) void this.pump()
    })
  }

  /** No slot before `ms` from now, for either worker (SES said slow down). */
  pauseFor(ms: number): void {
    this.schedule.postpone(wallClockMs() + ms)
  }

  private waiting(): boolean {
    return this.queues.outbox.length > 0 || this.queues.newsletter.length > 0
  }

  /** Gives out slots while anyone waits; each slot goes to whoever is first in line when it comes. */
  private async pump() {
    this.pumping = true
    // Back from idle: no slot in the past, or time nobody used would come back as a burst.
    let notBefore = wallClockMs()
    try {
      while (this.waiting()) {
        const slot = await this.schedule.next(Math.max(notBefore, this.recent[this.oldest]! + this.windowMs))
        notBefore = 0
        const wait = slot - wallClockMs()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        const waiter = this.queues.outbox.shift() ?? this.queues.newsletter.shift()
        if (!waiter) break
        this.recent[this.oldest] = wallClockMs()
        this.oldest = (this.oldest + 1) % this.recent.length
        waiter.grant()
      }
    } catch (error) {
      for (const waiter of [...this.queues.outbox.splice(0), ...this.queues.newsletter.splice(0)]) waiter.fail(error)
    } finally {
      this.pumping = false
    }
  }
}

/**
 * The one pacer of this process's mail. On PostgreSQL several processes send: their slots come from one schedule in
 * the database (mail_send_slots). SQLite has one process: its schedule stays in memory, with no write per slot.
 */
export function sendPacerFor(db: DB, perSecond: number): SendPacer {
  const schedule = engineOf(db) === 'postgres' ? sharedSendSchedule(db, perSecond) : memorySchedule(perSecond)
  return new SendPacer(schedule, perSecond)
}
