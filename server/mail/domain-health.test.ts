import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDns } from '#tests/helpers/dns.ts'
import { createLogger } from '../logger.ts'
import { checkSendingDomain, domainOfMailbox, type SendingDomainSettings, sendingDomainHealth } from './domain-health.ts'

const logger = createLogger('silent')
const SPF = 'v=spf1 include:amazonses.com ~all'

// The test's own DNS: one sending domain per case, and a name that never answers.
const dns = await startDns({
  txt: {
    '_dmarc.ok.example': ['v=DMARC1; p=quarantine; rua=mailto:dmarc@ok.example'],
    'mail.ok.example': [SPF, 'google-site-verification=abc'],
    'mail.nodmarc.example': [SPF],
    '_dmarc.watching.example': ['v=DMARC1; p=none; rua=mailto:dmarc@watching.example'],
    'mail.watching.example': [SPF],
    '_dmarc.nospf.example': ['v=DMARC1; p=reject'],
    'mail.nospf.example': ['v=spf1 include:_spf.google.com ~all'],
  },
  silent: ['_dmarc.silent.example', 'mail.silent.example'],
})

// A stand-in for SES's query API: the DKIM status of each domain, or a refusal as for an account without the permission.
const ses = http.createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => (body += chunk))
  request.on('end', () => {
    const domain = new URLSearchParams(body).get('Identities.member.1') ?? ''
    if (domain === 'denied.example') {
      response.writeHead(403, { 'content-type': 'text/xml' })
      response.end(
        '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>not authorized</Message></Error><RequestId>1</RequestId></ErrorResponse>',
      )
      return
    }
    const status = domain === 'watching.example' ? 'Pending' : 'Success'
    response.writeHead(200, { 'content-type': 'text/xml' })
    response.end(
      `<GetIdentityDkimAttributesResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><GetIdentityDkimAttributesResult><DkimAttributes><entry><key>${domain}</key><value><DkimEnabled>true</DkimEnabled><DkimVerificationStatus>${status}</DkimVerificationStatus><DkimTokens><member>token</member></DkimTokens></value></entry></DkimAttributes></GetIdentityDkimAttributesResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></GetIdentityDkimAttributesResponse>`,
    )
  })
})
let sesEndpoint = ''

beforeAll(async () => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test')
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test')
  await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve))
  sesEndpoint = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await dns.close()
  await new Promise((resolve) => ses.close(resolve))
})

const settings = (domain: string | null, overrides: Partial<SendingDomainSettings> = {}): SendingDomainSettings => ({
  domain,
  mailFromDomain: domain && `mail.${domain}`,
  dnsServers: [dns.server],
  sesRegion: 'eu-south-1',
  sesEndpoint,
  ...overrides,
})

/** Each check's level and message, by check. */
async function checks(domainSettings: SendingDomainSettings) {
  const health = await checkSendingDomain(domainSettings, logger)
  return Object.fromEntries(health.checks.map((check) => [check.key, [check.level, check.message]]))
}

describe('the sending domain checks', () => {
  it('all good: DKIM verified by SES, SPF of the MAIL FROM domain includes amazonses.com, DMARC quarantines', async () => {
    expect(await checks(settings('ok.example'))).toEqual({
      dkim: ['ok', 'Amazon SES firma le email con DKIM e ha verificato i record.'],
      spf: ['ok', 'Il record SPF di mail.ok.example autorizza Amazon SES.'],
      dmarc: ['ok', 'DMARC attivo con p=quarantine.'],
    })
  })

  it('no DMARC record: says which TXT record to add', async () => {
    expect((await checks(settings('nodmarc.example'))).dmarc).toEqual([
      'danger',
      'Manca il record DMARC: aggiungi un record TXT _dmarc.nodmarc.example con "v=DMARC1; p=none; rua=mailto:…" (vedi il README, «Il dominio di invio»).',
    ])
  })

  it('p=none: only watching, and when to move to quarantine; DKIM still being verified', async () => {
    const found = await checks(settings('watching.example'))
    expect(found.dmarc).toEqual([
      'warning',
      'DMARC è solo in osservazione (p=none): quando i rapporti mostrano che le email partono solo da Amazon SES, passa a p=quarantine.',
    ])
    expect(found.dkim).toEqual(['warning', 'Amazon SES sta ancora verificando i tre record CNAME di DKIM: possono servire fino a 72 ore.'])
  })

  it('an SPF record without include:amazonses.com, and a DMARC record without a report address', async () => {
    const found = await checks(settings('nospf.example'))
    expect(found.spf).toEqual(['danger', 'Il record SPF di mail.nospf.example non autorizza Amazon SES: aggiungi include:amazonses.com.'])
    expect(found.dmarc).toEqual(['ok', 'DMARC attivo con p=reject. Aggiungi anche un indirizzo per i rapporti (rua=mailto:…).'])
  })

  it('DNS not answering: a calm word for each DNS check, no error', async () => {
    const found = await checks(settings('silent.example'))
    const silent = 'Il DNS non ha risposto in tempo: il controllo verrà ripetuto tra qualche minuto.'
    expect([found.spf, found.dmarc]).toEqual([
      ['unknown', silent],
      ['unknown', silent],
    ])
  })

  it('SES refusing the DKIM question, no MAIL FROM domain or no MAIL_FROM at all: said, not thrown', async () => {
    expect((await checks(settings('denied.example'))).dkim).toEqual([
      'unknown',
      "Lo stato DKIM non si può leggere da Amazon SES: l'account del server non ha il permesso ses:GetIdentityDkimAttributes o SES non ha risposto.",
    ])
    expect((await checks(settings('ok.example', { mailFromDomain: null }))).spf).toEqual([
      'warning',
      "MAIL_FROM_DOMAIN non è impostato: senza un dominio MAIL FROM personalizzato l'SPF vale per amazonses.com e non è allineato al tuo dominio (vedi il README, «Il dominio di invio»).",
    ])
    expect(Object.values(await checks(settings(null))).map(([level]) => level)).toEqual(['unknown', 'unknown', 'unknown'])
  })

  it('is checked once per five minutes for the whole process, whoever asks', async () => {
    const first = sendingDomainHealth(settings('ok.example'), logger, 1_000_000)
    expect(sendingDomainHealth(settings('ok.example'), logger, 1_000_000 + 4 * 60_000)).toBe(first)
    const later = sendingDomainHealth(settings('ok.example'), logger, 1_000_000 + 5 * 60_000)
    expect(later).not.toBe(first)
    expect((await later).checks.map((check) => check.level)).toEqual(['ok', 'ok', 'ok'])
  })

  it('reads the domain of MAIL_FROM in both its forms', () => {
    expect(domainOfMailbox('Artigiani Milano <noreply@ArtigianiMilano.it>')).toBe('artigianimilano.it')
    expect(domainOfMailbox('noreply@artigianimilano.it')).toBe('artigianimilano.it')
    expect(domainOfMailbox(undefined)).toBeNull()
  })
})
