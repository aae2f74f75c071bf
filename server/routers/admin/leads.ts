import { TRPCError } from '@trpc/server'
import type { DB } from '#db/client.ts'
import {
  ARTISAN_NOT_FOUND,
  artisanNotOfferable,
  assignArtisansSchema,
  LEAD_ANONYMISED,
  LEAD_NOT_FOUND,
  leadIdSchema,
  leadListInputSchema,
  leadUpdateSchema,
  NO_NEXT_ARTISAN,
  OFFER_NOT_REVOCABLE,
  revokeOfferSchema,
  TOO_MANY_ARTISANS,
} from '#shared/schemas/admin-leads.ts'
import { MAX_ARTISANS_PER_REQUEST } from '#shared/promise.ts'
import { markTakenByHand } from '#server/dispatch/dispatcher.ts'
import { offerLead } from '#server/leads/offers.ts'
import { leadLinks } from '#server/leads/links.ts'
import { notifyOutbox } from '#server/mail/worker.ts'
import { deleteLead, findLeadDetail, listLeads, updateLeadWork } from '#server/repositories/admin-leads.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { findArtisanContacts } from '#server/repositories/artisans.ts'
import { leadRatings } from '#server/repositories/ratings.ts'
import { leadTimeline, recordLeadEvent } from '#server/repositories/lead-timeline.ts'
import { offeredArtisanIds, openOfferArtisanIds, revokeOffers } from '#server/repositories/offers.ts'
import { findMatchingArtisans } from '#server/repositories/matching.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'
import { questionnaireLines } from '#shared/catalog/questions.ts'
import { romeDay } from '#shared/italian-time.ts'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_NOT_FOUND })

/** A lead with its files, offers, ratings and timeline, as the detail dialog shows it. */
async function leadOrThrow(db: DB, id: number) {
  const lead = await findLeadDetail(db, id)
  if (!lead) throw notFound()
  const [ratings, timeline] = await Promise.all([leadRatings(db, id), leadTimeline(db, id)])
  return {
    ...lead,
    assignments: lead.assignments.map((assignment) => ({ ...assignment, rating: ratings.get(assignment.artisan_id) ?? null })),
    timeline,
    /** The answers to the service's questions and "Quando", in the catalogue's words. */
    questionnaire: questionnaireLines(lead),
  }
}

/** A lead that can still be offered: one anonymised at the end of its retention period has no contact for a craftsman. */
async function offerableLeadOrThrow(db: DB, id: number) {
  const lead = await leadOrThrow(db, id)
  if (!lead.email_normalized) throw new TRPCError({ code: 'BAD_REQUEST', message: LEAD_ANONYMISED })
  return lead
}

/** Leads as the office works them: list, detail, status and notes, matching craftsmen, deletion. */
export const leadsRouter = router({
  list: adminProcedure.input(leadListInputSchema).query(({ ctx, input: { page, ...filters } }) => listLeads(ctx.db, filters, page)),

  byId: adminProcedure.input(leadIdSchema).query(({ ctx, input }) => leadOrThrow(ctx.db, input.id)),

  update: adminProcedure.input(leadUpdateSchema).mutation(async ({ ctx, input: { id, ...change } }) => {
    return ctx.db.transaction().execute(async (trx) => {
      const result = await updateLeadWork(trx, id, change)
      if (!result) throw notFound()
      const changed = Object.fromEntries(
        (['status', 'notes'] as const)
          .filter((key) => result.before[key] !== result.after[key])
          .map((key) => [key, { from: result.before[key], to: result.after[key] }]),
      )
      if (changed.status) {
        await recordLeadEvent(trx, { leadId: id, kind: 'status_changed', actor: ctx.user.email, details: changed.status })
      }
      if (Object.keys(changed).length) {
        await recordAudit(trx, {
          ...byAdministrator(ctx.user),
          action: 'update',
          entityType: 'lead',
          entityId: id,
          details: changed,
        })
      }
      return { id, ...result.after }
    })
  }),

  matches: adminProcedure.input(leadIdSchema).query(async ({ ctx, input }) => {
    const lead = await leadOrThrow(ctx.db, input.id)
    return findMatchingArtisans(ctx.db, lead)
  }),

  /** Offers the lead to the chosen craftsmen (at most MAX_ARTISANS_PER_REQUEST standing on it, docs/product.md §12), each by an e-mail with the job and two signed links. */
  assign: adminProcedure.input(assignArtisansSchema).mutation(async ({ ctx, input }) => {
    const lead = await offerableLeadOrThrow(ctx.db, input.id)
    const requested = [...new Set(input.artisanIds)]
    const artisans = await findArtisanContacts(ctx.db, requested)
    if (artisans.length !== requested.length) throw new TRPCError({ code: 'NOT_FOUND', message: ARTISAN_NOT_FOUND })
    // Never an applicant in review, nor a craftsman inactive, suspended or on a pause, as matching never lists them.
    const today = romeDay(Date.now())
    const unfit = artisans.find((artisan) => artisan.status !== 'active' || (artisan.paused_until !== null && artisan.paused_until >= today))
    if (unfit) {
      const name = unfit.company_name ?? unfit.contact_name
      throw new TRPCError({ code: 'BAD_REQUEST', message: artisanNotOfferable(name, unfit.status === 'active' ? unfit.paused_until : null) })
    }
    const links = { env: ctx.env, secret: await leadLinks(ctx.db, ctx.env).secret() }
    const offered = await ctx.db.transaction().execute(async (trx) => {
      // The office's hand wins over automatic dispatch: marked first, so a dispatcher's round either committed before
      // (and is counted below) or finds the lead taken and does nothing (server/dispatch/dispatcher.ts).
      await markTakenByHand(trx, lead.id)
      // Read inside the transaction: two administrators may assign the same lead at once.
      const open = new Set(await openOfferArtisanIds(trx, lead.id))
      const fresh = artisans.filter((artisan) => !open.has(artisan.id))
      if (open.size + fresh.length > MAX_ARTISANS_PER_REQUEST) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MANY_ARTISANS })
      for (const artisan of fresh) {
        await offerLead(trx, links, {
          lead,
          attachmentNames: lead.attachments.map((file) => file.file_name),
          artisan,
          offeredTo: open.size + fresh.length,
          assignedBy: ctx.user.id,
          actor: ctx.user.email,
        })
      }
      if (fresh.length) {
        await recordAudit(trx, {
          ...byAdministrator(ctx.user),
          action: 'assign',
          entityType: 'lead',
          entityId: lead.id,
          details: { artisanIds: fresh.map((artisan) => artisan.id) },
        })
      }
      return fresh.length
    })
    if (offered) notifyOutbox()
    ctx.logger.info({ leadId: lead.id, assigned: offered }, 'lead offered to craftsmen')
    return leadOrThrow(ctx.db, lead.id)
  }),

  /**
   * From the dashboard's waiting leads: takes back the offers nobody answered within LEAD_RESPONSE_HOURS and offers the
   * lead to the best craftsman it was never offered to.
   */
  offerNext: adminProcedure.input(leadIdSchema).mutation(async ({ ctx, input }) => {
    const lead = await offerableLeadOrThrow(ctx.db, input.id)
    const { candidates } = await findMatchingArtisans(ctx.db, lead)
    const links = { env: ctx.env, secret: await leadLinks(ctx.db, ctx.env).secret() }
    const now = new Date()
    const result = await ctx.db.transaction().execute(async (trx) => {
      await markTakenByHand(trx, lead.id, now)
      const offered = new Set(await offeredArtisanIds(trx, lead.id))
      const next = candidates.find((candidate) => !offered.has(candidate.id))
      if (!next) throw new TRPCError({ code: 'BAD_REQUEST', message: NO_NEXT_ARTISAN })
      const olderThan = new Date(now.getTime() - ctx.env.LEAD_RESPONSE_HOURS * 3_600_000).toISOString()
      const revoked = await revokeOffers(trx, { leadId: lead.id, olderThan, actor: ctx.user.email }, now.toISOString())
      const open = await openOfferArtisanIds(trx, lead.id)
      if (open.length >= MAX_ARTISANS_PER_REQUEST) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MANY_ARTISANS })
      await offerLead(
        trx,
        links,
        {
          lead,
          attachmentNames: lead.attachments.map((file) => file.file_name),
          artisan: next,
          offeredTo: open.length + 1,
          assignedBy: ctx.user.id,
          actor: ctx.user.email,
        },
        now,
      )
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'offer_next',
        entityType: 'lead',
        entityId: lead.id,
        details: { artisanId: next.id, revokedArtisanIds: revoked },
      })
      return { artisanId: next.id, artisanName: next.company_name ?? next.contact_name, revoked: revoked.length }
    })
    notifyOutbox()
    ctx.logger.info({ leadId: lead.id, revoked: result.revoked }, 'lead offered to the next craftsman')
    return result
  }),

  /** Takes back an offer the craftsman has not answered: their links then say the job went to someone else. */
  revoke: adminProcedure.input(revokeOfferSchema).mutation(async ({ ctx, input }) => {
    await leadOrThrow(ctx.db, input.id)
    await ctx.db.transaction().execute(async (trx) => {
      const revoked = await revokeOffers(trx, { leadId: input.id, artisanIds: [input.artisanId], actor: ctx.user.email })
      if (!revoked.length) throw new TRPCError({ code: 'BAD_REQUEST', message: OFFER_NOT_REVOCABLE })
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'revoke_offer',
        entityType: 'lead',
        entityId: input.id,
        details: { artisanId: input.artisanId },
      })
    })
    return leadOrThrow(ctx.db, input.id)
  }),

  remove: adminProcedure.input(leadIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteLead(trx, input.id))) throw notFound()
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'delete', entityType: 'lead', entityId: input.id })
    })
    ctx.logger.info({ leadId: input.id }, 'lead deleted')
    return { id: input.id }
  }),
})
