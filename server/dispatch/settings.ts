import type { DB } from '#db/client.ts'
import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings, dispatchSettingsSchema } from '#shared/schemas/dispatch.ts'
import { type AuditInput, recordAudit } from '../repositories/audit.ts'

/** The row of app_settings that holds the office's choice, as JSON. */
const KEY = 'dispatch'

function parsed(value: string | undefined): DispatchSettings {
  if (value === undefined) return DEFAULT_DISPATCH_SETTINGS
  try {
    const result = dispatchSettingsSchema.safeParse(JSON.parse(value))
    // Only this module writes the row, through the same schema: anything else is read as "off", never guessed at.
    return result.success ? (result.data as DispatchSettings) : DEFAULT_DISPATCH_SETTINGS
  } catch {
    return DEFAULT_DISPATCH_SETTINGS
  }
}

/** Automatic dispatch as the office set it: off until it is turned on (docs/product.md §12). */
export async function readDispatchSettings(db: DB): Promise<DispatchSettings> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst()
  return parsed(row?.value)
}

/** How long the request path trusts the setting it read: a change made by another process reaches it within this. */
const SETTINGS_TTL_MS = 5_000
let recent = new WeakMap<DB, { until: number; settings: Promise<DispatchSettings> }>()

/**
 * The setting as the request path reads it (the promise of each quote, whether to wake the dispatcher): read at most
 * every SETTINGS_TTL_MS per database instead of once a quote; this process's own changes apply at once.
 */
export function currentDispatchSettings(db: DB, now = Date.now()): Promise<DispatchSettings> {
  const known = recent.get(db)
  if (known && known.until > now) return known.settings
  const settings = readDispatchSettings(db)
  recent.set(db, { until: now + SETTINGS_TTL_MS, settings })
  // A failed read is not remembered: the next request reads again.
  settings.catch(() => recent.delete(db))
  return settings
}

/**
 * Stores the office's choice with its audit record, in the caller's transaction. Turning dispatch on leaves the leads
 * that arrived while it was off to the office: only requests from now on are offered by the dispatcher. Changing the
 * office hours moves the first offer of the quotes that wait for the office to open.
 */
export async function writeDispatchSettings(
  trx: DB,
  settings: DispatchSettings,
  actor: Pick<AuditInput, 'actorId' | 'actorEmail'>,
  now = new Date(),
): Promise<{ before: DispatchSettings; after: DispatchSettings }> {
  const at = now.toISOString()
  const before = await readDispatchSettings(trx)
  const after = parsed(JSON.stringify(settings))
  const value = JSON.stringify(after)
  await trx
    .insertInto('app_settings')
    .values({ key: KEY, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute()
  const waiting = trx.updateTable('leads').where('dispatch_due_at', 'is not', null).where('dispatch_round', '=', 0)
  if (after.enabled && !before.enabled) await waiting.set({ dispatch_due_at: null }).execute()
  else if (after.enabled && JSON.stringify(after.officeHours) !== JSON.stringify(before.officeHours)) {
    // New quotes waiting for the office to open are looked at again with the new hours (the dispatcher sets their time).
    await waiting
      .where('dispatch_claimed_by', 'is', null)
      .set((eb) => ({ dispatch_due_at: eb.ref('created_at') }))
      .execute()
  }
  await recordAudit(trx, { ...actor, action: 'update', entityType: 'dispatch_settings', entityId: KEY, details: { from: before, to: after } }, at)
  recent = new WeakMap()
  return { before, after }
}
