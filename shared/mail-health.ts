/** Where a 30-day rate stands against what Amazon SES and the big mailbox providers tolerate. */
export type HealthLevel = 'ok' | 'warning' | 'danger'

/**
 * SES puts an account under review at a 5% bounce rate (and pauses sending at 10%); complaints hurt above 0.1% and
 * Gmail and Yahoo refuse senders above 0.3% (SES pauses at 0.5%). Amber starts well before the review.
 */
export const BOUNCE_THRESHOLDS = { warning: 0.02, danger: 0.05 } as const
export const COMPLAINT_THRESHOLDS = { warning: 0.001, danger: 0.003 } as const

export function healthLevel(rate: number, thresholds: { warning: number; danger: number }): HealthLevel {
  if (rate >= thresholds.danger) return 'danger'
  if (rate >= thresholds.warning) return 'warning'
  return 'ok'
}

/** bounces / sent, 0 when nothing was sent. */
export const rateOf = (count: number, sent: number) => (sent > 0 ? count / sent : 0)

/** One check of the sending domain: 'unknown' when it could not be made (DNS silent, SES not answering), never an error. */
export type DomainCheckLevel = HealthLevel | 'unknown'
export type DomainCheck = { key: 'dkim' | 'spf' | 'dmarc'; title: string; level: DomainCheckLevel; message: string }
/** What the server could check of the domain the mail is sent from (README, «Il dominio di invio»), and when. */
export type SendingDomainHealth = { domain: string | null; checks: DomainCheck[]; checkedAt: string }
