import type { DB } from '#db/client.ts'
import { postponeSendSlots, reserveSendSlots } from '../repositories/send-slots.ts'
import type { SendSchedule } from './send-pacer.ts'

const wallClockMs = () => performance.timeOrigin + performance.now()

/** A slot reserved longer ago than this was left over from before the process went idle: another process may be using that time now. */
const STALE_MS = 1000

/**
 * MAIL_RATE_PER_SECOND for every process together: each process reserves a few slots at a time from the schedule kept
 * in the database (mail_send_slots) and hands them to its pacer (send-pacer.ts). Slots are on the wall clock, which
 * the machines of one deploy keep in step (NTP).
 */
export function sharedSendSchedule(db: DB, perSecond: number): SendSchedule {
  const intervalUs = 1_000_000 / perSecond
  // About 50 ms of the schedule per reservation: one small UPDATE for every few mails, little left unused at a stop.
  const batch = Math.max(1, Math.min(50, Math.round(perSecond / 20)))
  let slots: number[] = []
  return {
    async next(notBefore) {
      for (;;) {
        while (slots.length && slots[0]! < wallClockMs() - STALE_MS) slots.shift()
        const slot = slots.shift()
        if (slot !== undefined) return Math.max(slot, notBefore)
        const first = (await reserveSendSlots(db, batch, intervalUs, wallClockMs() * 1000)) / 1000
        slots = Array.from({ length: batch }, (_, i) => first + (i * intervalUs) / 1000)
      }
    },
    postpone(until) {
      slots = []
      void postponeSendSlots(db, until * 1000).catch(() => undefined)
    },
  }
}
