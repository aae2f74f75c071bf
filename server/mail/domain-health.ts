import { Resolver } from 'node:dns/promises'
import { GetIdentityDkimAttributesCommand, SESClient } from '@aws-sdk/client-ses'
import type { DomainCheck, SendingDomainHealth } from '#shared/mail-health.ts'
import type { Logger } from '../logger.ts'

/** What the checks need to know: the sending domain, its custom MAIL FROM domain, where to ask DNS and SES. */
export type SendingDomainSettings = {
  /** The domain of MAIL_FROM's address; null when MAIL_FROM is not set. */
  domain: string | null
  mailFromDomain: string | null
  dnsServers: string[]
  sesRegion: string | null
  sesEndpoint: string | null
}

const CHECKS_KEPT_MS = 5 * 60_000
const DNS_TIMEOUT_MS = 2000
const SES_TIMEOUT_MS = 3000
const README = 'vedi il README, «Il dominio di invio»'

/** The domain of `Name <noreply@example.it>` or `noreply@example.it`. */
export function domainOfMailbox(mailbox: string | undefined): string | null {
  const address = mailbox?.match(/<([^<>]+)>\s*$/)?.[1] ?? mailbox
  const domain = address?.split('@')[1]?.trim().toLowerCase()
  return domain || null
}

let kept: { key: string; at: number; health: Promise<SendingDomainHealth> } | null = null

/**
 * The sending domain's DKIM, SPF and DMARC as far as the server can see them, checked at most every five minutes for the
 * whole process (one entry: the settings do not change while it runs), whoever asks; concurrent askers share one check.
 */
export function sendingDomainHealth(settings: SendingDomainSettings, logger: Logger, now = Date.now()): Promise<SendingDomainHealth> {
  const key = JSON.stringify(settings)
  if (kept && kept.key === key && now - kept.at < CHECKS_KEPT_MS) return kept.health
  kept = { key, at: now, health: checkSendingDomain(settings, logger) }
  return kept.health
}

/** Runs the three checks; never throws: what could not be checked says so. */
export async function checkSendingDomain(settings: SendingDomainSettings, logger: Logger): Promise<SendingDomainHealth> {
  const { domain } = settings
  if (!domain) {
    const message = 'MAIL_FROM non è impostato: non si sa da quale dominio partono le email.'
    return {
      domain,
      checkedAt: new Date().toISOString(),
      checks: [check('dkim', 'unknown', message), check('spf', 'unknown', message), check('dmarc', 'unknown', message)],
    }
  }
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 })
  if (settings.dnsServers.length) resolver.setServers(settings.dnsServers)
  const checks = await Promise.all([
    checkDkim(settings, domain, logger),
    checkSpf(resolver, settings.mailFromDomain, logger),
    checkDmarc(resolver, domain, logger),
  ])
  return { domain, checks, checkedAt: new Date().toISOString() }
}

const TITLES: Record<DomainCheck['key'], string> = { dkim: 'DKIM', spf: 'SPF (dominio MAIL FROM)', dmarc: 'DMARC' }
const check = (key: DomainCheck['key'], level: DomainCheck['level'], message: string): DomainCheck => ({ key, title: TITLES[key], level, message })

/** The TXT records of a name, each joined from its strings; [] when the name has none; null when DNS did not answer. */
async function txtRecords(resolver: Resolver, name: string, logger: Logger): Promise<string[] | null> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENODATA' || code === 'ENOTFOUND') return []
    logger.warn({ name, code }, 'sending domain check: DNS did not answer')
    return null
  }
}

const DNS_SILENT = 'Il DNS non ha risposto in tempo: il controllo verrà ripetuto tra qualche minuto.'

async function checkDmarc(resolver: Resolver, domain: string, logger: Logger): Promise<DomainCheck> {
  const name = `_dmarc.${domain}`
  const records = await txtRecords(resolver, name, logger)
  if (!records) return check('dmarc', 'unknown', DNS_SILENT)
  const dmarc = records.filter((record) => /^v=DMARC1\s*(;|$)/i.test(record.trim()))
  if (dmarc.length === 0) {
    return check('dmarc', 'danger', `Manca il record DMARC: aggiungi un record TXT ${name} con "v=DMARC1; p=none; rua=mailto:…" (${README}).`)
  }
  if (dmarc.length > 1) return check('dmarc', 'danger', `${name} ha più record DMARC e i destinatari li ignorano tutti: lasciane uno.`)
  const tags = new Map(
    dmarc[0]!
      .split(';')
      .map((tag) => tag.split('='))
      .filter((pair) => pair.length === 2)
      .map(([tag, value]) => [tag!.trim().toLowerCase(), value!.trim().toLowerCase()]),
  )
  const policy = tags.get('p')
  const reports = tags.has('rua') ? '' : ' Aggiungi anche un indirizzo per i rapporti (rua=mailto:…).'
  if (policy === 'quarantine' || policy === 'reject') return check('dmarc', 'ok', `DMARC attivo con p=${policy}.${reports}`)
  if (policy === 'none') {
    return check(
      'dmarc',
      'warning',
      `DMARC è solo in osservazione (p=none): quando i rapporti mostrano che le email partono solo da Amazon SES, passa a p=quarantine.${reports}`,
    )
  }
  return check('dmarc', 'danger', `Il record DMARC di ${name} non dice una politica valida (p=none, quarantine o reject).`)
}

async function checkSpf(resolver: Resolver, mailFromDomain: string | null, logger: Logger): Promise<DomainCheck> {
  if (!mailFromDomain) {
    return check(
      'spf',
      'warning',
      `MAIL_FROM_DOMAIN non è impostato: senza un dominio MAIL FROM personalizzato l'SPF vale per amazonses.com e non è allineato al tuo dominio (${README}).`,
    )
  }
  const records = await txtRecords(resolver, mailFromDomain, logger)
  if (!records) return check('spf', 'unknown', DNS_SILENT)
  const spf = records.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()))
  const expected = `"v=spf1 include:amazonses.com ~all"`
  if (spf.length === 0) return check('spf', 'danger', `Manca il record SPF di ${mailFromDomain}: aggiungi un record TXT ${expected}.`)
  if (spf.length > 1) return check('spf', 'danger', `${mailFromDomain} ha più record SPF e i destinatari li rifiutano: uniscili in uno solo, ${expected}.`)
  if (!/(^|\s)[+?~-]?include:amazonses\.com(\s|$)/i.test(spf[0]!)) {
    return check('spf', 'danger', `Il record SPF di ${mailFromDomain} non autorizza Amazon SES: aggiungi include:amazonses.com.`)
  }
  return check('spf', 'ok', `Il record SPF di ${mailFromDomain} autorizza Amazon SES.`)
}

async function checkDkim(settings: SendingDomainSettings, domain: string, logger: Logger): Promise<DomainCheck> {
  if (!settings.sesRegion) return check('dkim', 'unknown', 'SES_REGION non è impostato: lo stato DKIM si legge da Amazon SES.')
  const client = new SESClient({ region: settings.sesRegion, ...(settings.sesEndpoint ? { endpoint: settings.sesEndpoint } : {}), maxAttempts: 1 })
  try {
    const answer = await client.send(new GetIdentityDkimAttributesCommand({ Identities: [domain] }), { abortSignal: AbortSignal.timeout(SES_TIMEOUT_MS) })
    const attributes = answer.DkimAttributes?.[domain]
    if (!attributes) return check('dkim', 'danger', `${domain} non è un'identità di Amazon SES: aggiungilo come dominio con Easy DKIM (${README}).`)
    if (!attributes.DkimEnabled) return check('dkim', 'danger', `La firma DKIM di ${domain} è disattivata in Amazon SES: attivala (Easy DKIM).`)
    switch (attributes.DkimVerificationStatus) {
      case 'Success':
        return check('dkim', 'ok', 'Amazon SES firma le email con DKIM e ha verificato i record.')
      case 'Pending':
        return check('dkim', 'warning', 'Amazon SES sta ancora verificando i tre record CNAME di DKIM: possono servire fino a 72 ore.')
      default:
        return check('dkim', 'danger', `Amazon SES non trova i tre record CNAME di DKIM di ${domain}: controlla che siano nel DNS come li mostra SES.`)
    }
  } catch (error) {
    logger.warn({ err: error, domain }, 'sending domain check: SES did not give the DKIM status')
    return check(
      'dkim',
      'unknown',
      "Lo stato DKIM non si può leggere da Amazon SES: l'account del server non ha il permesso ses:GetIdentityDkimAttributes o SES non ha risposto.",
    )
  } finally {
    client.destroy()
  }
}
