import { toPlainText } from '@react-email/render'
import { unsubscribeFooter } from './unsubscribe-footer.tsx'
import { createUnsubscribeToken } from './unsubscribe-token.ts'
import { deliveryRef, MAIL_REF_HEADER } from '../mail/ses-events.ts'

export type NewsletterMail = {
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
}

/**
 * What stays the same for every recipient of a campaign, computed once: the plain text of a large body is not free.
 * The campaign's id goes into its unsubscribe links (none in a preview or a test), so an unsubscribe names its source.
 */
export type CampaignContent = { subject: string; bodyHtml: string; bodyText: string; targetGroup: 'users' | 'artisans'; jobId: number | null }

export function campaignContent(subject: string, bodyHtml: string, targetGroup: 'users' | 'artisans', jobId: number | null = null): CampaignContent {
  return { subject, bodyHtml, bodyText: toPlainText(bodyHtml).trim(), targetGroup, jobId }
}

function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${token}`
}

/**
 * One recipient's mail: the body exactly as written, an unsubscribe footer, and the RFC 2369 / RFC 8058 headers
 * that let mail clients show their own one-click unsubscribe button.
 */
export function newsletterMail(
  content: CampaignContent,
  recipient: { email: string; emailNormalized: string; deliveryId?: number },
  options: { publicUrl: string; secret: string; mailtoAddress: string },
): NewsletterMail {
  const url = unsubscribeUrl(options.publicUrl, createUnsubscribeToken(options.secret, recipient.emailNormalized, content.jobId))
  const why =
    content.targetGroup === 'artisans'
      ? 'Ricevi questa email perché fai parte della rete di artigiani di Artigiani Milano.'
      : 'Ricevi questa email perché hai richiesto un preventivo su Artigiani Milano.'
  const footer = unsubscribeFooter(why, url)
  const closing = content.bodyHtml.search(/<\/body\s*>/i)
  const html = closing >= 0 ? content.bodyHtml.slice(0, closing) + footer + content.bodyHtml.slice(closing) : content.bodyHtml + footer
  const text = `${content.bodyText}\n\n--\n${why}\nPer annullare l'iscrizione: ${url}\n`
  return {
    to: recipient.email,
    subject: content.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${url}>, <mailto:${options.mailtoAddress}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Comes back in SES's notifications: a delivery a crash left without SES's message id is still recognised.
      ...(recipient.deliveryId ? { [MAIL_REF_HEADER]: deliveryRef(recipient.deliveryId) } : {}),
    },
  }
}
