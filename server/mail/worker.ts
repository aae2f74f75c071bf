import { randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import type { DB } from '#db/client.ts'
import type { EmailOutboxRow } from '#db/schema.ts'
import { type Env, mailSetup } from '../env.ts'
import { databaseFault, jobErrors } from '../faults.ts'
import type { Logger } from '../logger.ts'
import { findLeadAttachments } from '../repositories/leads.ts'
import { claimDueEmails, markEmailAttemptFailed, markEmailSent, releaseClaimsOf, setAsideIfSuppressed } from '../repositories/outbox.ts'
import { defangFileName } from './defang.ts'
import { encodedBodySize, encodedSize, type MailAttachment, type MailMessage } from './mime.ts'
import { MAIL_REF_HEADER, outboxRef } from './ses-events.ts'
import type { SendPacer } from './send-pacer.ts'
import { classifySendError, MailSendError, type MailTransport, SES_MAX_MESSAGE_BYTES } from './ses.ts'
import { parseQueuedTemplate, renderQueuedTemplate } from './templates/index.ts'

const BATCH = 50
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000
/** About a day of retries with the default base delay before a mail is marked failed. */
const MAX_ATTEMPTS = 12
/** Longest wait between two tries to record a mail SES took while the database does not answer. */
const MAX_RECORD_WAIT_MS = 2000

/** Whether this process can send the outbox's mail: without MAIL_FROM, NOTIFY_EMAIL and SES_REGION it stays queued (README, Mail). */
export function mailConfigured(env: Env): boolean {
  return mailSetup(env).configured
}

const wakers = new Set<() => void>()

/** Tells the worker of this process that new mail was committed, so it does not wait for its next poll. */
export function notifyOutbox() {
  for (const wake of wakers) wake()
}

export type OutboxWorker = { start(): void; stop(): Promise<void>; wake(): void }

/**
 * Sends queued e-mails with the given transport; retries throttling and network failures with exponential backoff.
 * `pacer` is the process's one send rate, shared with the campaigns (docs/decisions/045); outbox mail goes first.
 */
export function createOutboxWorker({
  db,
  env,
  logger,
  transport,
  pacer,
}: {
  db: DB
  env: Env
  logger: Logger
  transport: MailTransport
  pacer: SendPacer
}): OutboxWorker {
  const log = logger.child({ component: 'outbox' })
  // A claimed batch is this process's until it is sent: long enough for the whole batch at the send rate.
  const leaseMs = Math.max(5 * 60_000, (3 * BATCH * 1000) / env.MAIL_RATE_PER_SECOND)
  const concurrency = Math.max(1, Math.min(32, Math.ceil(env.MAIL_RATE_PER_SECOND)))
  const errors = jobErrors(log, 'outbox')
  // Mail committed by this process wakes the worker at once (notifyOutbox); the poll finds retries that came due and
  // mail queued by other processes.
  const idlePollMs = env.MAIL_OUTBOX_POLL_SECONDS * 1000
  // This worker's claims carry it. Claims it may hold unsent (the database failed, perhaps after committing a claim
  // whose answer never came): given back at once when the database answers, not after the lease.
  const claimant = randomUUID()
  let holdsUnsent = false
  let running = false
  // Aborted at stop: lanes waiting for a slot give their mail back instead of sending it.
  let stopped = new AbortController()
  let loop: Promise<void> | null = null
  let wakeUp: (() => void) | null = null
  const wake = () => wakeUp?.()

  async function idle(ms: number) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wakeUp = () => {
        clearTimeout(timer)
        resolve()
      }
    })
    wakeUp = null
  }

  async function attachmentsFor(row: EmailOutboxRow, message: MailMessage): Promise<MailMessage> {
    if (!row.attach_lead_files || row.lead_id === null) return message
    const files = await findLeadAttachments(db, row.lead_id)
    if (!files.length) return message
    // Files that would take the message past SES's limit are linked from the admin area instead.
    let budget = SES_MAX_MESSAGE_BYTES - encodedBodySize(message)
    const attached: MailAttachment[] = []
    const linked: string[] = []
    for (const file of files) {
      const size = encodedSize(file.size, file.file_name)
      if (size <= budget) {
        attached.push({ fileName: file.file_name, contentType: file.content_type, content: file.content })
        budget -= size
      } else {
        linked.push(file.file_name)
      }
    }
    if (!linked.length) return { ...message, attachments: attached }
    const url = `${env.PUBLIC_URL}/admin/leads?lead=${row.lead_id}`
    const note = `Allegati troppo grandi per questa email (${linked.map(defangFileName).join(', ')}): li trovi nell'area riservata, ${url}`
    const escaped = note.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    const link = `<p style="font-size:14px;margin:16px 24px">${escaped.replace(url, `<a href="${url}">${url}</a>`)}</p>`
    const html = message.html.includes('</body>') ? message.html.replace('</body>', `${link}</body>`) : message.html + link
    return { ...message, html, text: `${message.text}\n\n${note}`, attachments: attached }
  }

  async function renderTemplate(name: string, props: string) {
    try {
      return await renderQueuedTemplate(parseQueuedTemplate(name, props))
    } catch (error) {
      // Rendering the same values again gives the same error: no point retrying.
      throw new MailSendError(`template ${name} could not be rendered: ${(error as Error).message}`, 'permanent')
    }
  }

  /** Sends one claimed mail and records the outcome; false when the database failed and the mail was left claimed. Never throws. */
  async function sendOne(row: EmailOutboxRow): Promise<boolean> {
    const to = row.to_address || env.NOTIFY_EMAIL!
    let messageId: string
    try {
      if (await setAsideIfSuppressed(db, row)) {
        log.info({ outboxId: row.id, category: row.category }, 'e-mail not sent: the address is on the suppression list')
        return true
      }
      const body = row.template ? await renderTemplate(row.template, row.template_props ?? '{}') : { html: row.html, text: row.text }
      const message = await attachmentsFor(row, {
        from: env.MAIL_FROM!,
        to,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        ...body,
        headers: { ...(row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {}), [MAIL_REF_HEADER]: outboxRef(row.id) },
      })
      if (!(await pacer.take('outbox', stopped.signal))) {
        holdsUnsent = true
        return true
      }
      ;({ messageId } = await transport.send(message))
    } catch (error) {
      if (databaseFault(error)) return notSent(error)
      return recordFailure(row, error)
    }
    await recordSent(row, messageId)
    return true
  }

  function notSent(error: unknown): false {
    holdsUnsent = true
    errors.failed(error, 'e-mail not sent')
    return false
  }

  async function recordFailure(row: EmailOutboxRow, error: unknown): Promise<boolean> {
    const failure = classifySendError(error)
    const attempts = row.attempts + 1
    const retry = failure.kind !== 'permanent' && attempts < MAX_ATTEMPTS
    const delay = Math.min(MAX_RETRY_DELAY_MS, env.MAIL_RETRY_BASE_MS * 2 ** (attempts - 1)) * (0.8 + Math.random() * 0.4)
    const nextAttemptAt = retry ? new Date(Date.now() + delay).toISOString() : null
    try {
      await markEmailAttemptFailed(db, row.id, failure.message, nextAttemptAt)
    } catch (dbError) {
      // Not recorded: tried again once the database answers, without counting this attempt.
      if (databaseFault(dbError)) return notSent(dbError)
      errors.failed(dbError, 'e-mail failure not recorded')
      return true
    }
    const entry = { outboxId: row.id, category: row.category, attempts, kind: failure.kind, error: failure.message, nextAttemptAt }
    if (retry) log.warn(entry, 'e-mail not sent, will retry')
    else log.error(entry, 'e-mail failed for good')
    return true
  }

  /**
   * SES took the mail: it is recorded as sent however long the database takes to answer again, or its lease would end
   * and it would go out twice. Only a stop during an outage leaves it unrecorded (then it is sent again, at least once).
   */
  async function recordSent(row: EmailOutboxRow, messageId: string) {
    for (let wait = 250; ; wait = Math.min(MAX_RECORD_WAIT_MS, wait * 2)) {
      try {
        await markEmailSent(db, row.id, messageId)
        log.info({ outboxId: row.id, category: row.category, attempts: row.attempts + 1 }, 'e-mail sent')
        return
      } catch (error) {
        if (!errors.failed(error, 'sent e-mail not recorded yet')) return
        if (!running) {
          log.error({ outboxId: row.id }, 'stopping while the database does not answer: a sent e-mail is not recorded and will be sent again')
          return
        }
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  async function run() {
    while (running) {
      let due: EmailOutboxRow[]
      try {
        // No mail of this worker is in flight here.
        if (holdsUnsent) {
          await releaseClaimsOf(db, claimant)
          holdsUnsent = false
        }
        due = await claimDueEmails(db, new Date().toISOString(), BATCH, new Date(Date.now() + leaseMs).toISOString(), claimant)
        errors.succeeded()
      } catch (error) {
        if (databaseFault(error)) holdsUnsent = true
        errors.failed(error, 'could not read the outbox')
        await idle(idlePollMs)
        continue
      }
      if (!due.length) {
        await idle(idlePollMs)
        continue
      }
      let index = 0
      let databaseFailed = false
      const lanes = Array.from({ length: Math.min(concurrency, due.length) }, async () => {
        while (running && !databaseFailed && index < due.length) if (!(await sendOne(due[index++]!))) databaseFailed = true
      })
      await Promise.all(lanes)
      // Stopping, or the database failed: the claimed mails not sent yet are due again at once, for this process or another one.
      if (index < due.length) holdsUnsent = true
      if (databaseFailed) await idle(idlePollMs)
      else if (!running && holdsUnsent) await releaseClaimsOf(db, claimant).catch((err) => log.error({ err }, 'could not release the outbox'))
    }
  }

  return {
    start() {
      if (running) return
      running = true
      stopped = new AbortController()
      // Each lane waiting for its slot listens for the stop.
      setMaxListeners(concurrency + 1, stopped.signal)
      wakers.add(wake)
      loop = run()
    },
    async stop() {
      running = false
      wakers.delete(wake)
      wake()
      stopped.abort()
      await loop
      transport.close()
    },
    wake,
  }
}
