import { describe, expect, it } from 'vitest'
import { createCampaign } from '#tests/helpers/campaigns.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { isEmailSuppressed, listSuppressions, removeSuppression, suppressEmail, suppressErasedEmail, suppressForFeedback } from './suppressions.ts'

const database = serveTestDatabase()

const rowOf = (email: string) =>
  database()
    .selectFrom('email_suppressions')
    .select(['email_normalized', 'reason', 'detail', 'created_at', 'source_job_id'])
    .where('email_normalized', '=', email)
    .execute()

const campaign = (subject: string) => createCampaign(database(), { subject })

describe('an unsubscribe', () => {
  it('is recorded once, naming the campaign of its link; a second at the same moment, from another campaign, keeps the first', async () => {
    const first = await campaign('Novità di dicembre')
    const later = await campaign('Promemoria di dicembre')
    expect(await isEmailSuppressed(database(), 'giulia.bianchi@example.com')).toBe(false)
    const added = await Promise.all([
      suppressEmail(database(), 'giulia.bianchi@example.com', 'unsubscribed', first),
      suppressEmail(database(), 'giulia.bianchi@example.com', 'unsubscribed', later),
    ])
    expect(added.sort()).toEqual([false, true])
    const rows = await rowOf('giulia.bianchi@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reason: 'unsubscribed', detail: null })
    expect([first, later]).toContain(rows[0]!.source_job_id)
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false)
    expect(await suppressEmail(database(), 'giulia.bianchi@example.com', 'unsubscribed', later)).toBe(false)
    expect(await rowOf('giulia.bianchi@example.com')).toEqual(rows)
    expect(await isEmailSuppressed(database(), 'giulia.bianchi@example.com')).toBe(true)
    expect(await isEmailSuppressed(database(), 'luca.verdi@example.com')).toBe(false)

    // A link sent before links named their campaign.
    expect(await suppressEmail(database(), 'luca.verdi@example.com', 'unsubscribed')).toBe(true)
    expect(await rowOf('luca.verdi@example.com')).toMatchObject([{ reason: 'unsubscribed', source_job_id: null }])
  })

  it('leaves an earlier bounce, complaint or erasure as it was', async () => {
    const job = await campaign('Novità di dicembre')
    await suppressForFeedback(database(), 'mario.rossi@example.com', 'bounced', job, 'Permanent/General', '2026-11-20T10:00:00.000Z')
    await suppressErasedEmail(database(), 'anna.neri@example.com', '2026-11-20T11:00:00.000Z')
    for (const email of ['mario.rossi@example.com', 'anna.neri@example.com']) expect(await suppressEmail(database(), email, 'unsubscribed', job)).toBe(false)
    expect(await rowOf('mario.rossi@example.com')).toEqual([
      {
        email_normalized: 'mario.rossi@example.com',
        reason: 'bounced',
        detail: 'Permanent/General',
        created_at: '2026-11-20T10:00:00.000Z',
        source_job_id: job,
      },
    ])
    expect(await rowOf('anna.neri@example.com')).toEqual([
      { email_normalized: 'anna.neri@example.com', reason: 'erased', detail: null, created_at: '2026-11-20T11:00:00.000Z', source_job_id: null },
    ])
  })
})

describe("SES's reports and erasures", () => {
  it('a bounce or complaint suppresses with its reason, detail, campaign and time, once; an earlier suppression is kept as it is', async () => {
    const job = await campaign('Novità di dicembre')
    expect(await suppressForFeedback(database(), 'anna.bianchi@example.com', 'complaint', job, 'abuse', '2026-11-20T10:00:00.000Z')).toBe(1)
    expect(await suppressForFeedback(database(), 'anna.bianchi@example.com', 'bounced', null, 'Permanent/General', '2026-11-21T10:00:00.000Z')).toBe(0)
    expect(await suppressForFeedback(database(), 'paolo@example.com', 'bounced', null, 'Permanent/NoEmail', '2026-11-21T10:00:00.000Z')).toBe(1)
    await suppressEmail(database(), 'luca.neri@example.com', 'unsubscribed', job)
    expect(await suppressForFeedback(database(), 'luca.neri@example.com', 'complaint', job, 'abuse', '2026-11-22T10:00:00.000Z')).toBe(0)
    expect(await rowOf('anna.bianchi@example.com')).toEqual([
      { email_normalized: 'anna.bianchi@example.com', reason: 'complaint', detail: 'abuse', created_at: '2026-11-20T10:00:00.000Z', source_job_id: job },
    ])
    expect(await rowOf('paolo@example.com')).toEqual([
      { email_normalized: 'paolo@example.com', reason: 'bounced', detail: 'Permanent/NoEmail', created_at: '2026-11-21T10:00:00.000Z', source_job_id: null },
    ])
    expect(await rowOf('luca.neri@example.com')).toMatchObject([{ reason: 'unsubscribed', detail: null, source_job_id: job }])
  })

  it("an erased person's address becomes erased whatever it was, at the erasure's time, and stays so", async () => {
    const job = await campaign('Novità di dicembre')
    await suppressForFeedback(database(), 'mario.rossi@example.com', 'complaint', job, 'abuse', '2026-11-20T10:00:00.000Z')
    await suppressErasedEmail(database(), 'mario.rossi@example.com', '2026-11-25T09:00:00.000Z')
    await suppressErasedEmail(database(), 'luisa@example.com', '2026-11-25T09:00:00.000Z')
    expect(await suppressEmail(database(), 'mario.rossi@example.com', 'unsubscribed', job)).toBe(false)
    expect(await suppressForFeedback(database(), 'luisa@example.com', 'bounced', job, 'Permanent/General', '2026-11-26T09:00:00.000Z')).toBe(0)
    expect(await rowOf('mario.rossi@example.com')).toEqual([
      { email_normalized: 'mario.rossi@example.com', reason: 'erased', detail: 'abuse', created_at: '2026-11-25T09:00:00.000Z', source_job_id: job },
    ])
    expect(await rowOf('luisa@example.com')).toEqual([
      { email_normalized: 'luisa@example.com', reason: 'erased', detail: null, created_at: '2026-11-25T09:00:00.000Z', source_job_id: null },
    ])
  })
})

describe('Lista di esclusione', () => {
  async function listed() {
    const job = await campaign('Novità di dicembre')
    const add = (email: string, reason: 'unsubscribed' | 'bounced' | 'complaint', at: string, jobId: number | null = null) =>
      suppressForFeedback(database(), email, reason, jobId, null, at)
    await add('anna.bianchi@example.com', 'complaint', '2026-11-20T10:00:00.000Z', job)
    await add('luca.neri@example.com', 'unsubscribed', '2026-11-21T10:00:00.000Z')
    await add('mario_rossi@example.com', 'bounced', '2026-11-22T10:00:00.000Z')
    await add('per%cento@example.com', 'bounced', '2026-11-22T10:00:00.000Z')
    await add('giulia.bianchi@example.com', 'unsubscribed', '2026-11-23T10:00:00.000Z', job)
    await suppressErasedEmail(database(), 'zeta@example.com', '2026-11-19T10:00:00.000Z')
    return job
  }
  const emails = (result: { rows: { email: string }[] }) => result.rows.map((row) => row.email)

  it('lists newest first (the same moment in address order) with the subject of the source campaign, in pages with the total', async () => {
    const job = await listed()
    const page = (n: number) => listSuppressions(database(), { search: '', page: n, pageSize: 2 })
    expect(await page(1)).toEqual({
      rows: [
        {
          email: 'giulia.bianchi@example.com',
          reason: 'unsubscribed',
          detail: null,
          createdAt: '2026-11-23T10:00:00.000Z',
          sourceJobId: job,
          sourceJobSubject: 'Novità di dicembre',
        },
        { email: 'mario_rossi@example.com', reason: 'bounced', detail: null, createdAt: '2026-11-22T10:00:00.000Z', sourceJobId: null, sourceJobSubject: null },
      ],
      total: 6,
    })
    expect(emails(await page(2))).toEqual(['per%cento@example.com', 'luca.neri@example.com'])
    expect(await page(3)).toMatchObject({ rows: [{ email: 'anna.bianchi@example.com' }, { email: 'zeta@example.com', reason: 'erased' }], total: 6 })
    expect(await page(4)).toEqual({ rows: [], total: 6 })
  })

  it('searches addresses for the text ignoring its case, wildcards taken as text', async () => {
    await listed()
    const search = (text: string, page = 1, pageSize = 50) => listSuppressions(database(), { search: text, page, pageSize })
    expect(await search(' BIANCHI ')).toMatchObject({
      rows: [
        { email: 'giulia.bianchi@example.com', reason: 'unsubscribed' },
        { email: 'anna.bianchi@example.com', reason: 'complaint' },
      ],
      total: 2,
    })
    expect(await search('bianchi', 2, 1)).toMatchObject({ rows: [{ email: 'anna.bianchi@example.com' }], total: 2 })
    expect(emails(await search('%'))).toEqual(['per%cento@example.com'])
    expect(emails(await search('_'))).toEqual(['mario_rossi@example.com'])
    expect(await search('o_r')).toMatchObject({ rows: [{ email: 'mario_rossi@example.com' }], total: 1 })
    expect(await search('nessuno')).toEqual({ rows: [], total: 0 })
  })

  it('takes an address off once: the removal returns what was there, a second finds nothing, the others stay', async () => {
    const job = await listed()
    expect(await removeSuppression(database(), 'anna.bianchi@example.com')).toEqual({
      email_normalized: 'anna.bianchi@example.com',
      reason: 'complaint',
      detail: null,
      created_at: '2026-11-20T10:00:00.000Z',
      source_job_id: job,
    })
    expect(await removeSuppression(database(), 'anna.bianchi@example.com')).toBeUndefined()
    expect(await isEmailSuppressed(database(), 'anna.bianchi@example.com')).toBe(false)
    expect(await listSuppressions(database(), { search: 'bianchi', page: 1, pageSize: 50 })).toMatchObject({
      rows: [{ email: 'giulia.bianchi@example.com' }],
      total: 1,
    })
    expect((await listSuppressions(database(), { search: '', page: 1, pageSize: 50 })).total).toBe(5)
    // Mailed again, it can be suppressed again.
    expect(await suppressEmail(database(), 'anna.bianchi@example.com', 'unsubscribed', job)).toBe(true)
  })
})
