import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { type AuditInput, recordAudit } from '../repositories/audit.ts'
import { bumpPublicVersion } from '../profiles/public-version.ts'
import { indexedBy } from '../repositories/dialect/index-hints.ts'

/**
 * Which requesters a newsletter may reach (docs/product.md §2.4). By default only those who ticked "Voglio ricevere
 * offerte e novità" on a quote (leads.marketing_consent_at). The owner may turn on the soft opt-in of art. 130, comma 4,
 * of the Codice privacy: then every requester not suppressed, since each newsletter carries the link to object. The
 * switch is an app setting, changed only from the back office, audited, and stated by the privacy policy.
 */
const SOFT_OPT_IN_KEY = 'newsletter_soft_opt_in'

/** Whether newsletters to requesters also reach those who did not consent (the soft opt-in); off until the owner turns it on. */
export async function readSoftOptIn(db: DB): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SOFT_OPT_IN_KEY).executeTakeFirst()
  return row?.value === 'on'
}

const forPages = new WeakMap<DB, { version: string; softOptIn: Promise<boolean> }>()

/**
 * The setting as the public pages (the privacy policy) state it: read once per version of the public pages, which a
 * change of it bumps, so a render costs no query (docs/decisions/052-public-pages-follow-a-version.md).
 */
export function softOptInForPages(db: DB, version: string): Promise<boolean> {
  const known = forPages.get(db)
  if (known?.version === version) return known.softOptIn
  const softOptIn = readSoftOptIn(db)
  forPages.set(db, { version, softOptIn })
  // A failed read is tried again by the next render, not kept until the next change.
  softOptIn.catch(() => {
    if (forPages.get(db)?.softOptIn === softOptIn) forPages.delete(db)
  })
  return softOptIn
}

/**
 * Turns the soft opt-in on or off with an audit record of who did it, in one transaction; the privacy policy, a public
 * page, follows (its version is bumped). Returns whether the setting changed.
 */
export async function changeSoftOptIn(db: DB, enabled: boolean, actor: Pick<AuditInput, 'actorId' | 'actorEmail'>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await readSoftOptIn(trx)) === enabled) return false
    const at = now.toISOString()
    const value = enabled ? 'on' : 'off'
    await trx
      .insertInto('app_settings')
      .values({ key: SOFT_OPT_IN_KEY, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute()
    await recordAudit(trx, { ...actor, action: enabled ? 'soft_opt_in_on' : 'soft_opt_in_off', entityType: 'app_setting', entityId: SOFT_OPT_IN_KEY }, at)
    await bumpPublicVersion(trx, at)
    return true
  })
}

/**
 * The condition a requester's normalised address must meet to be mailed: none with the soft opt-in, else a quote of
 * theirs with the consent (one probe of the partial index leads_marketing_consent per address).
 */
export function requesterAudience(db: DB, softOptIn: boolean, address: RawBuilder<unknown>): RawBuilder<SqlBool> {
  if (softOptIn) return sql<SqlBool>`1 = 1`
  // SQLite's planner would walk leads_segment_email and read each lead's row for its consent: 1.4 s over 1,000,000 leads.
  return sql<SqlBool>`exists (select 1 from leads c ${indexedBy(db, 'leads_marketing_consent')} where c.email_normalized = ${address} and c.marketing_consent_at is not null)`
}

/**
 * The condition a craftsman (`a`) must meet to get the craftsmen's newsletter: they have not stopped, in their area's
 * "Notifiche", every mail that is not an offer (artisans.other_mail_stopped_at).
 */
export const artisanAudience = sql<SqlBool>`a.other_mail_stopped_at is null`
