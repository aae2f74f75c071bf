import type { DB } from '#db/client.ts'
import type { AuditActorKind, AuditEntry } from '#db/schema.ts'

export type AuditInput = {
  actorId: string | null
  actorEmail: string | null
  /** An administrator unless said otherwise. */
  actorKind?: AuditActorKind
  action: string
  entityType: string
  entityId: string | number
  details?: Record<string, unknown>
}

/** The actor of an administrator's action in the back office. */
export const byAdministrator = (user: { id: string; email: string }) => ({ actorId: user.id, actorEmail: user.email })

/** The actor of a craftsman's own change, made from their area. */
export const byArtisan = (artisan: { id: number; email: string }) => ({ actorId: String(artisan.id), actorEmail: artisan.email, actorKind: 'artisan' as const })

/** Records who did what to which entity; call inside the change's transaction. */
export async function recordAudit(db: DB, entry: AuditInput, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      created_at: now,
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      actor_kind: entry.actorKind ?? 'administrator',
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute()
}

export function auditHistory(db: DB, entityType: string, entityId: string | number): Promise<AuditEntry[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}
