import type { DB } from '#db/client.ts'
import { type CampaignFields, createNewsletterJob } from '#server/repositories/newsletter-jobs.ts'

/** A campaign's fields as the form sends them: an HTML body to the requesters, to be prepared at once. */
export const campaignFields = (overrides: Partial<CampaignFields> = {}): CampaignFields => ({
  subject: 'Novità di dicembre',
  bodyHtml: '<p>Ciao</p>',
  bodySource: null,
  editor: 'html',
  targetGroup: 'users',
  segment: {},
  status: 'pending_preparation',
  scheduledAt: null,
  ...overrides,
})

let keys = 0
/** A campaign created as the form creates it, with an idempotency key of its own; its id. */
export async function createCampaign(db: DB, overrides: Partial<CampaignFields> = {}, createdBy = 'redazione@artigianimilano.it'): Promise<number> {
  const { job } = await createNewsletterJob(db, { ...campaignFields(overrides), idempotencyKey: `chiave-${++keys}`, createdBy })
  return job.id
}
