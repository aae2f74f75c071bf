import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'
import type { Lead } from '#db/schema.ts'
import { romeDay } from '#shared/italian-time.ts'
import { addOfficeHours, isOfficeTime, nextOfficeTime } from '#shared/office-hours.ts'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import { type DispatchSettings, NO_ARTISAN_REASON_LABELS, NO_ARTISAN_TITLE, type NoArtisanReason } from '#shared/schemas/dispatch.ts'
import type { Env } from '../env.ts'
import { jobErrors } from '../faults.ts'
import { leadLinks } from '../leads/links.ts'
import { offerLead } from '../leads/offers.ts'
import type { Logger } from '../logger.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { recordLeadEvent } from '../repositories/lead-timeline.ts'
import { findMatchingArtisans, leadComune, leadSector, type MatchCandidate } from '../repositories/matching.ts'
import { CLOSED_STATUSES, DISPATCHER, offeredArtisanIds, openOfferArtisanIds, revokeOffers } from '../repositories/offers.ts'
import { enqueueEmail, OFFICE_INBOX } from '../repositories/outbox.ts'
import { skipLocked } from '../repositories/dialect/claims.ts'
import { readDispatchSettings } from './settings.ts'

/**
 * Automatic dispatch (docs/product.md §12). Every stored quote is due for the dispatcher at once (leads.dispatch_due_at).
 * With the setting on, the dispatcher offers it in office hours to the best matches, waits LEAD_RESPONSE_HOURS of office
 * time, takes back the offers nobody answered and offers it to the next ones, for the set number of rounds; then it
 * flags the lead "Nessun artigiano disponibile" with the reason and tells the office. The office's hand always wins: a
 * lead offered by hand, or whose status the office set, is left alone. Where it stands is in the lead's row, so a
 * restart in the middle of a round loses nothing; processes sharing a database claim leads with SKIP LOCKED
 * (docs/decisions/053-automatic-dispatch.md).
 */

/** The timeline's and the audit's actor of the dispatcher's steps. */
const ACTOR = 'sistema'
const POLL_MS = 30_000
/** How long a claimed lead is this process's: a process that dies holding one gives it back after this. */
const LEASE_MS = 5 * 60_000
const BATCH = 20
/** Candidates read for a round: enough for every round after the craftsmen already offered are skipped. */
const CANDIDATES = 50

export type DispatchStep = 'off' | 'by_hand' | 'accepted' | 'closed' | 'later' | 'offered' | 'flagged' | 'lost' | 'failed'

type Deps = { db: DB; env: Env; secret: string }

/**
 * Takes up to `limit` leads the dispatcher has to look at now: those whose time came, and, while the office is open,
 * those in a round where every craftsman has already answered no (no need to wait for the round's end). Their due time
 * becomes the claim's lease: the claim is `claimant`'s until it is done with them or the lease ends.
 */
export async function claimDueLeads(db: DB, claimant: string, now: Date, officeOpen: boolean, limit = BATCH): Promise<number[]> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    const early = officeOpen
      ? sql`OR (dispatch_round > 0 AND dispatch_claimed_by IS NULL AND NOT EXISTS (
          SELECT 1 FROM lead_assignments la WHERE la.lead_id = leads.id AND la.revoked_at IS NULL AND la.withdrawn_at IS NULL
            AND (la.response IS NULL OR la.response = 'accepted')))`
      : sql``
    const { rows } = await sql<{ id: number }>`SELECT id FROM leads
      WHERE dispatch_due_at IS NOT NULL AND (dispatch_due_at <= ${at} ${early})
      ORDER BY dispatch_due_at, id LIMIT ${limit}
      ${skipLocked(trx)}`.execute(trx)
    if (!rows.length) return []
    const ids = rows.map((row) => row.id)
    await trx
      .updateTable('leads')
      .set({ dispatch_due_at: new Date(now.getTime() + LEASE_MS).toISOString(), dispatch_claimed_by: claimant })
      .where('id', 'in', ids)
      .execute()
    return ids
  })
}

/** With dispatch off, leads are the office's as they always were: nothing stays due. How many were let go. */
export async function releaseAllDue(db: DB, now: Date, batch = 1000): Promise<number> {
  let released = 0
  for (;;) {
    // Rows another process is releasing (or a request is writing) are skipped, not waited for: never a lock cycle.
    const ids = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`SELECT id FROM leads WHERE dispatch_due_at IS NOT NULL AND dispatch_due_at <= ${now.toISOString()}
        ORDER BY dispatch_due_at LIMIT ${batch} ${skipLocked(trx)}`.execute(trx)
      if (rows.length) {
        await trx
          .updateTable('leads')
          .set({ dispatch_due_at: null, dispatch_claimed_by: null })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute()
      }
      return rows.length
    })
    released += ids
    if (ids < batch) return released
  }
}

/**
 * The office took the lead over by hand (an offer from the back office): the dispatcher never touches it again. Call
 * first in the office's transaction: on PostgreSQL it locks the lead's row, so a dispatcher committing a round at the
 * same moment either finishes before (and the office sees its offers) or finds the lead taken and does nothing.
 */
export async function markTakenByHand(trx: DB, leadId: number, now = new Date()): Promise<void> {
  await trx
    .updateTable('leads')
    .set((eb) => ({ taken_by_hand_at: eb.fn.coalesce('taken_by_hand_at', eb.val(now.toISOString())), dispatch_due_at: null, dispatch_claimed_by: null }))
    .where('id', '=', leadId)
    .execute()
}

/** The lead as it stands, locked until the transaction ends on PostgreSQL (SQLite has one writer at a time). */
function lockedLead(trx: DB, leadId: number): Promise<Lead | undefined> {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', leadId)
    .$if(engineOf(trx) === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst()
}

/** Whether the office has its hand on the lead: an offer made from the back office, or a status it chose. */
async function inOfficeHands(trx: DB, lead: Lead): Promise<boolean> {
  if (lead.taken_by_hand_at || lead.status_set_by_hand_at) return true
  const byHand = await trx
    .selectFrom('lead_assignments')
    .select('id')
    .where('lead_id', '=', lead.id)
    .where((eb) => eb.or([eb('assigned_by', 'is', null), eb('assigned_by', '!=', DISPATCHER)]))
    .executeTakeFirst()
  return byHand !== undefined
}

async function hasStandingAcceptance(trx: DB, leadId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('lead_assignments')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('response', '=', 'accepted')
    .where('withdrawn_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** Craftsmen who cover the lead's trade and comune but are paused today: "tutti in pausa" rather than "nessuno copre". */
async function pausedCovering(db: DB, lead: Lead, now: Date): Promise<number> {
  const sector = leadSector(lead)
  const comune = leadComune(lead)
  if (!sector || !comune) return 0
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM artisan_coverage_comuni c
    JOIN artisans a ON a.id = c.artisan_id
    WHERE c.sector = ${sector} AND c.comune_slug = ${comune.slug} AND a.status = 'active' AND a.is_verified = 1
      AND a.paused_until IS NOT NULL AND a.paused_until >= ${romeDay(now.getTime())}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** Offerable by the dispatcher: working with us and verified, whatever else the office's list shows. */
const offerable = (candidate: MatchCandidate) => candidate.status === 'active' && Number(candidate.is_verified) === 1

/**
 * One step of the dispatcher on a lead it claimed: in one transaction that re-reads the lead (locked on PostgreSQL), so
 * a lead deleted, taken over by hand, accepted or closed since the claim is left as it is now.
 */
export async function dispatchLead(deps: Deps, leadId: number, claimant: string, settings: DispatchSettings, now: Date): Promise<DispatchStep> {
  const { db, env } = deps
  const at = now.toISOString()
  const hours = settings.officeHours
  // The slow reads before the transaction: the matching list and the files' names (re-checked inside).
  const before = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst()
  if (!before || before.dispatch_claimed_by !== claimant) return 'lost'
  const matches = settings.enabled ? await findMatchingArtisans(db, before, now, CANDIDATES) : null
  const attachmentNames = (await db.selectFrom('lead_attachments').select('file_name').where('lead_id', '=', leadId).orderBy('id').execute()).map(
    (file) => file.file_name,
  )
  const paused = matches && matches.candidates.filter(offerable).length === 0 ? await pausedCovering(db, before, now) : 0

  const step = await db.transaction().execute(async (trx): Promise<DispatchStep> => {
    const lead = await lockedLead(trx, leadId)
    if (!lead || lead.dispatch_claimed_by !== claimant) return 'lost'
    const release = (change: { dispatch_due_at: string | null; dispatch_round?: number }) =>
      trx
        .updateTable('leads')
        .set({ ...change, dispatch_claimed_by: null })
        .where('id', '=', leadId)
        .execute()
    if (!settings.enabled || !matches) {
      await release({ dispatch_due_at: null })
      return 'off'
    }
    if (await inOfficeHands(trx, lead)) {
      await release({ dispatch_due_at: null })
      return 'by_hand'
    }
    // A closed lead takes no answers, and one anonymised by retention has no contact for a craftsman.
    if (CLOSED_STATUSES.includes(lead.status) || !lead.email_normalized) {
      await release({ dispatch_due_at: null })
      return 'closed'
    }
    if (!isOfficeTime(hours, now)) {
      await release({ dispatch_due_at: nextOfficeTime(hours, now).toISOString() })
      return 'later'
    }
    // The round is over: its offers nobody answered go back, and the lead goes to the next craftsmen.
    if (lead.dispatch_round > 0) await revokeOffers(trx, { leadId, actor: ACTOR }, at)
    if (await hasStandingAcceptance(trx, leadId)) {
      await release({ dispatch_due_at: null })
      return 'accepted'
    }
    const offered = new Set(await offeredArtisanIds(trx, leadId))
    const flag = async (reason: NoArtisanReason) => {
      await trx
        .updateTable('leads')
        .set({ dispatch_due_at: null, dispatch_claimed_by: null, no_artisan_reason: reason, no_artisan_at: at })
        .where('id', '=', leadId)
        .execute()
      await recordLeadEvent(trx, { leadId, kind: 'no_artisan', actor: ACTOR, details: { reason } }, at)
      await alertOffice(trx, env, lead, reason, now)
      return 'flagged' as const
    }
    if (!matches.sector || !matches.comune) return flag('unmatched')
    if (lead.dispatch_round >= settings.rounds) return flag('all_declined')
    const standing = await openOfferArtisanIds(trx, leadId)
    const room = Math.min(settings.perRequest, MAX_ARTISANS_PER_REQUEST) - standing.length
    const next = matches.candidates.filter((candidate) => offerable(candidate) && !offered.has(candidate.id)).slice(0, Math.max(0, room))
    if (!next.length) return flag(offered.size ? 'all_declined' : paused ? 'all_paused' : 'no_coverage')
    for (const artisan of next) {
      await offerLead(trx, deps, { lead, attachmentNames, artisan, offeredTo: standing.length + next.length, assignedBy: DISPATCHER, actor: ACTOR }, now)
    }
    await release({ dispatch_due_at: addOfficeHours(hours, now, env.LEAD_RESPONSE_HOURS).toISOString(), dispatch_round: lead.dispatch_round + 1 })
    return 'offered'
  })
  if (step === 'offered' || step === 'flagged') notifyOutbox()
  return step
}

/** Tells the office a lead needs its hand: "Nessun artigiano disponibile" and why, with the link to the lead; in the flag's transaction. */
async function alertOffice(trx: DB, env: Env, lead: Lead, reason: NoArtisanReason, now: Date): Promise<void> {
  const comune = leadComune(lead)?.name ?? null
  await enqueueEmail(
    trx,
    {
      to: OFFICE_INBOX,
      subject: `${NO_ARTISAN_TITLE}: preventivo n. ${lead.id} (${lead.service_name}${comune ? ` a ${comune}` : ''})`,
      category: 'no-artisan',
      leadId: lead.id,
      template: {
        name: 'no-artisan',
        props: {
          leadId: lead.id,
          serviceName: lead.service_name,
          town: comune,
          reason: NO_ARTISAN_REASON_LABELS[reason],
          leadUrl: `${env.PUBLIC_URL}/admin/leads?lead=${lead.id}`,
        },
      },
    },
    now.toISOString(),
  )
}

/**
 * One sweep: with dispatch off, lets go of every due lead; with it on, claims the due leads a batch at a time and
 * takes each one step. What happened to how many leads.
 */
export async function runDispatch(
  deps: Deps,
  claimant: string,
  now = new Date(),
  logger?: Logger,
  settings?: DispatchSettings,
): Promise<Partial<Record<DispatchStep, number>>> {
  settings ??= await readDispatchSettings(deps.db)
  if (!settings.enabled) {
    const released = await releaseAllDue(deps.db, now)
    return released ? { off: released } : {}
  }
  const counts: Partial<Record<DispatchStep, number>> = {}
  const open = isOfficeTime(settings.officeHours, now)
  for (;;) {
    const claimed = await claimDueLeads(deps.db, claimant, now, open)
    for (const leadId of claimed) {
      try {
        const step = await dispatchLead(deps, leadId, claimant, settings, now)
        counts[step] = (counts[step] ?? 0) + 1
      } catch (error) {
        // One lead that fails keeps its claim's lease and is tried again after it; the others go on.
        if (!logger) throw error
        logger.error({ err: error, leadId }, 'automatic dispatch of a lead failed')
        counts.failed = (counts.failed ?? 0) + 1
      }
    }
    if (claimed.length < BATCH) break
  }
  return counts
}

/** Why a sweep runs: its poll, or a quote stored by this process. */
type Reason = 'poll' | 'quote'
const wakers = new Set<(reason: Reason) => void>()

/**
 * Tells this process's dispatcher a quote was stored, so it is offered within seconds rather than at the next poll.
 * Cheap on the request path: the sweep runs apart, one at a time, and with dispatch off it only reads the setting.
 */
export function notifyDispatcher() {
  for (const wake of wakers) wake('quote')
}

/** The dispatcher of this process: a sweep every POLL_MS, or at once when a quote was stored, one at a time. */
export function startDispatcher({ db, env, logger, now }: { db: DB; env: Env; logger: Logger; now: () => Date }): { stop(): Promise<void> } {
  const log = logger.child({ component: 'dispatcher' })
  const errors = jobErrors(log, 'automatic dispatch')
  const claimant = randomUUID()
  const links = leadLinks(db, env)
  let running: Promise<void> | null = null
  // The sweep asked for while one ran: a poll's outranks a quote's.
  let again: Reason | null = null
  const run = async (reason: Reason) => {
    const settings = await readDispatchSettings(db)
    // With dispatch off a new quote is the office's: the poll lets the due leads go in batches, not one write a quote.
    if (reason === 'quote' && !settings.enabled) return {}
    return runDispatch({ db, env, secret: await links.secret() }, claimant, now(), log, settings)
  }
  const sweep = (reason: Reason) => {
    if (running) {
      again = again === 'poll' ? again : reason
      return
    }
    running = run(reason)
      .then((counts) => {
        errors.succeeded()
        if (Object.keys(counts).length) log.info(counts, 'automatic dispatch')
      })
      .catch((err) => {
        errors.failed(err)
      })
      .finally(() => {
        running = null
        const next = again
        again = null
        if (next) sweep(next)
      })
  }
  const timer = setInterval(() => sweep('poll'), POLL_MS)
  timer.unref()
  wakers.add(sweep)
  sweep('poll')
  return {
    async stop() {
      clearInterval(timer)
      wakers.delete(sweep)
      await running
    },
  }
}
