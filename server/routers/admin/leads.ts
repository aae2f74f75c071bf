import { TRPCError } from '@trpc/server'
import { createElement } from 'react'
import type { DB } from '#db/client.ts'
import {
  ARTISAN_NOT_FOUND,
  assignArtisansSchema,
  LEAD_NOT_FOUND,
  leadIdSchema,
  leadListInputSchema,
  leadUpdateSchema,
  MAX_ASSIGNED_ARTISANS,
  TOO_MANY_ARTISANS,
} from '#shared/schemas/admin-leads.ts'
import { italianTimestamp, renderEmail } from '#server/mail/render.ts'
import { ArtisanMatch } from '#server/mail/templates/artisan-match.tsx'
import { deleteLead, findLeadDetail, listLeads, updateLeadWork } from '#server/repositories/admin-leads.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import { findArtisanContacts } from '#server/repositories/artisans.ts'
import { assignedArtisanIds, findMatchingArtisans, insertAssignment, leadTown } from '#server/repositories/matching.ts'
import { enqueueEmail } from '#server/repositories/outbox.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: LEAD_NOT_FOUND })

async function leadOrThrow(db: DB, id: number) {
  const lead = await findLeadDetail(db, id)
  if (!lead) throw notFound()
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

  assign: adminProcedure.input(assignArtisansSchema).mutation(async ({ ctx, input }) => {
    const lead = await leadOrThrow(ctx.db, input.id)
    const requested = [...new Set(input.artisanIds)]
    const artisans = await findArtisanContacts(ctx.db, requested)
    if (artisans.length !== requested.length) throw new TRPCError({ code: 'NOT_FOUND', message: ARTISAN_NOT_FOUND })
    const already = new Set(lead.assignments.map((a) => a.artisan_id))
    const fresh = artisans.filter((artisan) => !already.has(artisan.id))
    if (already.size + fresh.length > MAX_ASSIGNED_ARTISANS) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MANY_ARTISANS })

    const town = leadTown(lead)?.name ?? null
    // Rendered before the transaction, which then only writes.
    const emails = await Promise.all(
      fresh.map(async (artisan) => ({
        artisan,
        ...(await renderEmail(
          createElement(ArtisanMatch, {
            artisanName: artisan.contact_name,
            leadId: lead.id,
            serviceName: lead.service_name,
            town,
            locationLabel: lead.location_label,
            clientName: lead.full_name,
            clientEmail: lead.email,
            clientPhone: lead.phone,
            description: lead.description,
            requestedAt: italianTimestamp(new Date(lead.created_at)),
            attachmentCount: lead.attachments.length,
          }),
        )),
      })),
    )
    await ctx.db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: two administrators may assign the same lead at once.
      const current = new Set(await assignedArtisanIds(trx, lead.id))
      if (emails.some(({ artisan }) => current.has(artisan.id)) || current.size + emails.length > MAX_ASSIGNED_ARTISANS) {
        throw new TRPCError({ code: 'CONFLICT', message: TOO_MANY_ARTISANS })
      }
      for (const { artisan, html, text } of emails) {
        const outboxId = await enqueueEmail(trx, {
          to: artisan.email,
          subject: `Nuova richiesta: ${lead.service_name}${town ? ` a ${town}` : ''} (n. ${lead.id})`,
          html,
          text,
          category: 'artisan-match',
          leadId: lead.id,
          attachLeadFiles: lead.attachments.length > 0,
        })
        await insertAssignment(trx, { leadId: lead.id, artisanId: artisan.id, assignedBy: ctx.user.id, emailOutboxId: outboxId })
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
    })
    ctx.logger.info({ leadId: lead.id, assigned: fresh.length }, 'lead assigned to craftsmen')
    return leadOrThrow(ctx.db, lead.id)
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
