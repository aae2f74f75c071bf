import { describe, expect, it } from 'vitest'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { auditHistory, byAdministrator, byArtisan, recordAudit } from './audit.ts'

const database = serveTestDatabase()

const ADMIN = { id: 'admin-1', email: 'accessi@artigianimilano.it' }
const CRAFTSMAN = { id: 42, email: 'artigiano@impianti-esempio.it' }

describe('the audit log', () => {
  it('records who did what to which entity, and reads an entity’s history newest first, entries of one instant latest written first', async () => {
    const db = database()
    await recordAudit(
      db,
      { ...byArtisan(CRAFTSMAN), action: 'sign_in', entityType: 'artisan', entityId: 42, details: { via: 'link' } },
      '2026-11-26T08:00:00.000Z',
    )
    await recordAudit(db, { ...byAdministrator(ADMIN), action: 'sign_in_link_sent', entityType: 'artisan', entityId: '42' }, '2026-11-26T09:00:00.000Z')
    await recordAudit(
      db,
      { ...byArtisan(CRAFTSMAN), action: 'sessions_ended', entityType: 'artisan', entityId: 42, details: { sessions: 2 } },
      '2026-11-26T09:00:00.000Z',
    )
    await recordAudit(db, { actorId: null, actorEmail: 'cli', action: 'create', entityType: 'admin_user', entityId: 'admin-1' }, '2026-11-26T10:00:00.000Z')
    await recordAudit(db, { ...byAdministrator(ADMIN), action: 'update', entityType: 'artisan', entityId: 420 }, '2026-11-26T10:00:00.000Z')

    const history = await auditHistory(db, 'artisan', 42)
    expect(history.map(({ id, ...entry }) => entry)).toEqual([
      {
        created_at: '2026-11-26T09:00:00.000Z',
        actor_id: '42',
        actor_email: CRAFTSMAN.email,
        actor_kind: 'artisan',
        action: 'sessions_ended',
        entity_type: 'artisan',
        entity_id: '42',
        details: '{"sessions":2}',
      },
      {
        created_at: '2026-11-26T09:00:00.000Z',
        actor_id: ADMIN.id,
        actor_email: ADMIN.email,
        actor_kind: 'administrator',
        action: 'sign_in_link_sent',
        entity_type: 'artisan',
        entity_id: '42',
        details: null,
      },
      {
        created_at: '2026-11-26T08:00:00.000Z',
        actor_id: '42',
        actor_email: CRAFTSMAN.email,
        actor_kind: 'artisan',
        action: 'sign_in',
        entity_type: 'artisan',
        entity_id: '42',
        details: '{"via":"link"}',
      },
    ])
    expect(await auditHistory(db, 'artisan', '42')).toEqual(history)
    expect((await auditHistory(db, 'admin_user', 'admin-1')).map((entry) => [entry.actor_id, entry.actor_email, entry.actor_kind, entry.action])).toEqual([
      [null, 'cli', 'administrator', 'create'],
    ])
    expect(await auditHistory(db, 'artisan', 7)).toEqual([])
  })

  it('keeps no entry of a change whose transaction rolled back', async () => {
    const db = database()
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actorId: 'admin-1', actorEmail: null, action: 'password_change', entityType: 'admin_user', entityId: 'admin-1' })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await auditHistory(db, 'admin_user', 'admin-1')).toEqual([])
  })
})
