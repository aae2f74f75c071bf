import { describe, expect, it } from 'vitest'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { pruneConfirmationSends, takeConfirmationSlot } from './confirmation-sends.ts'

const HOUR = 60 * 60 * 1000
const start = Date.parse('2026-11-26T08:00:00.000Z')
const database = serveTestDatabase()

const rows = () => database().selectFrom('confirmation_sends').select('sent_at').orderBy('sent_at').execute()

describe('confirmations per mailbox', () => {
  it('allow three in 24 hours to one mailbox however its address is spelled, and a fourth once the first is a day old', async () => {
    const spellings = ['mario.rossi@gmail.com', 'Mario.Rossi+casa@Gmail.com', ' mariorossi@googlemail.com ']
    for (const [i, email] of spellings.entries()) expect(await takeConfirmationSlot(database(), email, start + i * HOUR)).toBe(true)
    expect(await takeConfirmationSlot(database(), 'MARIOROSSI@gmail.com', start + 23 * HOUR)).toBe(false)
    expect(await takeConfirmationSlot(database(), 'luisa.bianchi@example.com', start + 23 * HOUR)).toBe(true)
    // The first count is past its day, though still stored: it no longer counts.
    expect(await takeConfirmationSlot(database(), 'mario.rossi@gmail.com', start + 24 * HOUR + 1)).toBe(true)
    expect(await takeConfirmationSlot(database(), 'mario.rossi@gmail.com', start + 24 * HOUR + 2)).toBe(false)
  })

  it('are forgotten by the pruning once a day old, the newer ones kept', async () => {
    await takeConfirmationSlot(database(), 'mario.rossi@gmail.com', start)
    await takeConfirmationSlot(database(), 'luisa.bianchi@example.com', start + 12 * HOUR)
    expect(await pruneConfirmationSends(database(), start + 24 * HOUR - 1)).toBe(0)
    expect(await pruneConfirmationSends(database(), start + 24 * HOUR)).toBe(1)
    expect(await rows()).toEqual([{ sent_at: start + 12 * HOUR }])
  })
})
