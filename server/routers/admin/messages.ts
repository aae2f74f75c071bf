import { TRPCError } from '@trpc/server'
import { MESSAGE_NOT_FOUND, messageAnsweredSchema, messageIdSchema, messageListInputSchema } from '#shared/schemas/contact-messages.ts'
import { byAdministrator, recordAudit } from '#server/repositories/audit.ts'
import {
  countUnreadMessages,
  deleteContactMessage,
  findContactMessage,
  listContactMessages,
  markMessageRead,
  setMessageAnswered,
} from '#server/repositories/contact-messages.ts'
import { adminProcedure, router } from '#server/trpc/init.ts'

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND })

/** The messages of /contattaci, as the office reads and answers them: apart from the leads and their pipeline. */
export const messagesRouter = router({
  list: adminProcedure.input(messageListInputSchema).query(({ ctx, input: { page, ...filters } }) => listContactMessages(ctx.db, filters, page)),

  unread: adminProcedure.query(async ({ ctx }) => ({ unread: await countUnreadMessages(ctx.db) })),

  byId: adminProcedure.input(messageIdSchema).query(async ({ ctx, input }) => {
    const message = await findContactMessage(ctx.db, input.id)
    if (!message) throw notFound()
    return message
  }),

  /** The dialog marks a message read when it shows it (the first time only). */
  markRead: adminProcedure.input(messageIdSchema).mutation(async ({ ctx, input }) => {
    if (!(await markMessageRead(ctx.db, input.id))) throw notFound()
    return { id: input.id }
  }),

  setAnswered: adminProcedure.input(messageAnsweredSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await setMessageAnswered(trx, input.id, input.answered))) throw notFound()
      await recordAudit(trx, {
        ...byAdministrator(ctx.user),
        action: 'update',
        entityType: 'contact_message',
        entityId: input.id,
        details: { answered: input.answered },
      })
    })
    return { id: input.id, answered: input.answered }
  }),

  remove: adminProcedure.input(messageIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await deleteContactMessage(trx, input.id))) throw notFound()
      await recordAudit(trx, { ...byAdministrator(ctx.user), action: 'delete', entityType: 'contact_message', entityId: input.id })
    })
    ctx.logger.info({ messageId: input.id }, 'contact message deleted')
    return { id: input.id }
  }),
})
