import { Migrator, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '#migrations/index.ts'
import { openDatabase } from './client.ts'
import type { EmailOutboxStatus } from './schema.ts'
import { migrateToLatest } from './migrate.ts'

const SCRUB = '2026_11_23_0301_scrub_sent_reset_links'

describe(`migration ${SCRUB}`, () => {
  it('empties the body of password-reset mails already sent or failed, and leaves everything else as it was', async () => {
    const { db } = openDatabase(':memory:')
    try {
      const names = Object.keys(migrations).sort()
      const previous = names[names.indexOf(SCRUB) - 1]!
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
      const { error } = await migrator.migrateTo(previous)
      expect(error).toBeUndefined()

      const link = 'https://www.artigianimilano.it/admin/update-password#access_token=tok3nDiProva1234567890'
      const row = (category: string, status: EmailOutboxStatus, html: string) => ({
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        category,
        to_address: 'titolare@artigianimilano.it',
        subject: 'Oggetto',
        html,
        text: html,
        template_props: category === 'password-reset' ? JSON.stringify({ resetUrl: link }) : null,
        status,
        next_attempt_at: '2026-11-20T10:00:00.000Z',
      })
      await db
        .insertInto('email_outbox')
        .values([
          row('password-reset', 'sent', `<a href="${link}">Reimposta</a>`),
          row('password-reset', 'failed', `<a href="${link}">Reimposta</a>`),
          row('password-reset', 'pending', `<a href="${link}">Reimposta</a>`),
          row('contact-confirmation', 'sent', '<p>Grazie</p>'),
        ])
        .execute()

      expect(await migrateToLatest(db)).toContain(SCRUB)
      const rows = await db
        .selectFrom('email_outbox')
        .select(['category', 'status', 'to_address', 'subject', 'html', 'text', 'template_props'])
        .orderBy('id')
        .execute()
      const scrubbed = { to_address: 'titolare@artigianimilano.it', subject: 'Oggetto', html: '', template_props: null }
      expect(rows[0]).toMatchObject({ ...scrubbed, status: 'sent' })
      expect(rows[1]).toMatchObject({ ...scrubbed, status: 'failed' })
      for (const done of rows.slice(0, 2)) expect(JSON.stringify(done)).not.toContain('access_token')
      // Not yet sent: the link must still go out.
      expect(rows[2]!.html).toContain(link)
      expect(rows[3]).toMatchObject({ html: '<p>Grazie</p>', text: '<p>Grazie</p>' })
      const { rows: leftovers } = await sql<{ n: number }>`select count(*) as n from email_outbox where html like '%access_token%'`.execute(db)
      expect(leftovers[0]!.n).toBe(1)
    } finally {
      await db.destroy()
    }
  })
})
