import { describe, expect, it } from 'vitest'
import { serveMemoryDatabase } from '#tests/helpers/memory-database.ts'
import { enqueueEmail, markEmailSent } from './outbox.ts'

const database = serveMemoryDatabase()

describe('a sent e-mail', () => {
  it('is recorded once: recording it again (a retry after a commit whose answer was lost) changes nothing', async () => {
    const db = database()
    const id = await enqueueEmail(db, {
      category: 'quote-confirmation',
      to: 'mario.rossi@example.com',
      subject: 'Richiesta ricevuta',
      html: '<p>Ciao</p>',
      text: 'Ciao',
    })
    await markEmailSent(db, id, 'ses-1', '2026-11-26T08:00:00.000Z')
    await markEmailSent(db, id, 'ses-1', '2026-11-26T08:00:05.000Z')
    expect(await db.selectFrom('email_outbox').select(['status', 'attempts', 'sent_at', 'message_id']).where('id', '=', id).execute()).toEqual([
      { status: 'sent', attempts: 1, sent_at: '2026-11-26T08:00:00.000Z', message_id: 'ses-1' },
    ])
  })
})
