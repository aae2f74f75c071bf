import type { DB } from '#db/client.ts'
import type { LeadEventsTable } from '#db/schema.ts'
import type { LeadEventKind } from '#shared/enums.ts'

export type LeadEventInput = {
  leadId: number
  kind: LeadEventKind
  artisanId?: number | null
  /** The administrator's e-mail, 'artigiano', 'cliente' or 'sistema'. */
  actor: string
  details?: Record<string, unknown>
}

/** Appends a step to a lead's timeline; call inside the change's transaction. */
export async function recordLeadEvent(db: DB, event: LeadEventInput, now = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('lead_events')
    .values({
      lead_id: event.leadId,
      created_at: now,
      kind: event.kind,
      artisan_id: event.artisanId ?? null,
      actor: event.actor,
      details: event.details ? JSON.stringify(event.details) : null,
    })
    .execute()
}

export type TimelineEntry = {
  at: string
  kind: LeadEventKind | 'received' | 'email_sent' | 'email_failed'
  artisanId: number | null
  actor: string | null
  details: Record<string, unknown>
}

/** A lead's story, oldest first: its arrival, every recorded step, and when each offer's e-mail left or failed. */
export async function leadTimeline(db: DB, leadId: number): Promise<TimelineEntry[]> {
  const [lead, events, mails] = await Promise.all([
    db.selectFrom('leads').select('created_at').where('id', '=', leadId).executeTakeFirst(),
    db.selectFrom('lead_events').selectAll().where('lead_id', '=', leadId).orderBy('id').execute(),
    db
      .selectFrom('lead_assignments as la')
      .innerJoin('email_outbox as o', 'o.id', 'la.email_outbox_id')
      .innerJoin('artisans as a', 'a.id', 'la.artisan_id')
      .select(['la.artisan_id', 'a.contact_name', 'o.status', 'o.sent_at', 'o.updated_at'])
      .where('la.lead_id', '=', leadId)
      .where('o.status', 'in', ['sent', 'failed'])
      .execute(),
  ])
  if (!lead) return []
  const entries: TimelineEntry[] = [{ at: lead.created_at, kind: 'received', artisanId: null, actor: 'cliente', details: {} }]
  for (const event of events) entries.push(eventEntry(event))
  for (const mail of mails) {
    entries.push({
      at: mail.status === 'sent' ? mail.sent_at! : mail.updated_at,
      kind: mail.status === 'sent' ? 'email_sent' : 'email_failed',
      artisanId: mail.artisan_id,
      actor: 'sistema',
      details: { artisanName: mail.contact_name },
    })
  }
  // Stable: steps recorded in the same millisecond keep their order.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry)
}

function eventEntry(event: Pick<LeadEventsTable, 'created_at' | 'kind' | 'artisan_id' | 'actor' | 'details'>): TimelineEntry {
  return {
    at: event.created_at,
    kind: event.kind,
    artisanId: event.artisan_id,
    actor: event.actor,
    details: event.details ? (JSON.parse(event.details) as Record<string, unknown>) : {},
  }
}
