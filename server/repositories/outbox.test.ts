import { describe, expect, it } from 'vitest'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { claimDueEmails, enqueueEmail, markEmailSent, releaseClaimsOf } from './outbox.ts'

const database = serveTestDatabase()

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

describe('claims of queued e-mails', () => {
  const mail = (i: number) => ({
    category: 'quote-confirmation',
    to: `cliente${i}@example.com`,
    subject: 'Richiesta ricevuta',
    html: '<p>Ciao</p>',
    text: 'Ciao',
  })
  const now = '2026-11-26T08:00:00.000Z'
  const lease = '2026-11-26T08:05:00.000Z'

  it('give two workers claiming at once different mails, and each gives back only its own unsent ones', async () => {
    const db = database()
    for (let i = 0; i < 6; i++) await enqueueEmail(db, mail(i), '2026-11-26T07:00:00.000Z')
    const [first, second] = await Promise.all([claimDueEmails(db, now, 3, lease, 'worker-a'), claimDueEmails(db, now, 3, lease, 'worker-b')])
    const ids = [...first!, ...second!].map((row) => row.id)
    expect(new Set(ids).size).toBe(6)
    // Nothing is due while the claims' lease lasts.
    expect(await claimDueEmails(db, now, 10, lease, 'worker-c')).toEqual([])

    await markEmailSent(db, first![0]!.id, 'ses-1', now)
    expect(await releaseClaimsOf(db, 'worker-a', now)).toBe(2)
    expect(await releaseClaimsOf(db, 'worker-a', now)).toBe(0)
    const due = await claimDueEmails(db, now, 10, lease, 'worker-c')
    expect(due.map((row) => row.id).sort((a, b) => a - b)).toEqual(first!.slice(1).map((row) => row.id))
    const rows = await db.selectFrom('email_outbox').select(['id', 'status', 'claimed_by']).orderBy('id').execute()
    expect(rows.filter((row) => row.claimed_by === 'worker-b')).toHaveLength(3)
    expect(rows.find((row) => row.id === first![0]!.id)).toMatchObject({ status: 'sent', claimed_by: null })
  })
})
