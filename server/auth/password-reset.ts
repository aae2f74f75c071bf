import type { DB } from '#db/client.ts'
import type { AdminUser } from '#db/schema.ts'
import type { Logger } from '../logger.ts'
import { renderEmail } from '../mail/render.ts'
import { notifyOutbox } from '../mail/worker.ts'
import { PasswordResetEmail } from '../mail/templates/password-reset.tsx'
import { enqueueEmail } from '../repositories/outbox.ts'
import { countRecentResetTokens, createResetToken, newResetToken, RESET_TOKEN_TTL_SECONDS } from '../repositories/sessions.ts'

/** Live links per account; beyond it requests are answered the same but send nothing, so nobody floods an inbox. */
const MAX_LIVE_RESET_LINKS = 3

/** Stores a single-use token and queues the recovery e-mail with its link (the token sits in the fragment, never sent to servers). */
export async function sendPasswordResetEmail(db: DB, publicUrl: string, admin: AdminUser, logger: Logger): Promise<void> {
  if ((await countRecentResetTokens(db, admin.id)) >= MAX_LIVE_RESET_LINKS) {
    logger.warn({ adminId: admin.id }, 'password reset not sent: too many live links for this account')
    return
  }
  const token = newResetToken()
  const resetUrl = `${publicUrl}/admin/update-password#access_token=${token}`
  const { html, text } = await renderEmail(PasswordResetEmail({ resetUrl, validMinutes: RESET_TOKEN_TTL_SECONDS / 60 }))
  await db.transaction().execute(async (trx) => {
    await createResetToken(trx, admin.id, token)
    await enqueueEmail(trx, { to: admin.email, subject: 'Recupero password - Area Riservata Artigiani Milano', html, text, category: 'password-reset' })
  })
  notifyOutbox()
  logger.info({ adminId: admin.id }, 'password reset e-mail queued')
}
