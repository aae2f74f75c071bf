import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { larger } from './dialect/functions.ts'

/**
 * Reserves `count` send slots `intervalUs` apart in the schedule every process shares, the first at `nowUs` or after
 * the slots already given out; returns the first (Unix microseconds). One atomic UPDATE: processes reserving at once
 * get consecutive, never overlapping, runs of slots.
 */
export async function reserveSendSlots(db: DB, count: number, intervalUs: number, nowUs: number): Promise<number> {
  const span = Math.round(count * intervalUs)
  const { next_slot_us } = await db
    .updateTable('mail_send_slots')
    .set({ next_slot_us: sql<number>`${larger(db, sql.ref('next_slot_us'), Math.round(nowUs))} + ${span}` })
    .where('id', '=', 1)
    .returning('next_slot_us')
    .executeTakeFirstOrThrow()
  return Number(next_slot_us) - span
}

/** No slot before `untilUs` for anyone (SES asked to slow down). */
export async function postponeSendSlots(db: DB, untilUs: number): Promise<void> {
  await db
    .updateTable('mail_send_slots')
    .set({ next_slot_us: larger(db, sql.ref('next_slot_us'), Math.round(untilUs)) })
    .where('id', '=', 1)
    .execute()
}
