import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'
import { defang, defangFileName } from '../defang.ts'
import { type AnswerProps, answerRows } from './answer-rows.tsx'
import { defangFields } from './defang-fields.ts'
import { DetailsTable, EmailLayout, fromPageRow, paragraph } from './layout.tsx'

/** The template parameters of docs/product.md §7.3 for a quote or a contact request, as the office reads them. */
export type RequestNotificationProps = {
  formType: 'Richiesta Preventivo' | 'Richiesta di Contatto'
  /** The lead's number, or the contact message's. */
  leadId: number
  contactName: string
  email: string
  phone: string
  serviceName: string
  description: string
  /** Quote requests only. */
  locationLabel: string | null
  /** Quote requests only: 'Via e numero civico' and the comune, shown apart; absent from mails queued before them. */
  street?: string | null
  comuneName?: string | null
  /** Whether the visitor ticked 'Voglio ricevere offerte e novità'; absent from mails queued before it was asked. */
  marketingConsent?: boolean
  submissionTimestamp: string
  fromPage: string
  /** The page of our site the form was sent from (ownPageUrl), shown as a link; absent from mails queued before it. */
  fromPageUrl?: string | null
  ipAddress: string
  userAgent: string
  utm: { source: string; medium: string; campaign: string; term: string; content: string }
  attachments: { name: string; size: string }[]
  /** The craftsman the request was asked of from their profile, with their page in the back office; absent from older mails. */
  preferredArtisan?: { name: string; url: string } | null
  adminUrl: string
} & AnswerProps

/** The street and the comune apart; a mail queued before the street was asked shows the place's label. */
function addressRows(props: Pick<RequestNotificationProps, 'locationLabel' | 'street' | 'comuneName'>): [string, string][] {
  if (!props.street) return [['Località', props.locationLabel ?? 'Non specificato']]
  return [
    ['Indirizzo', props.street],
    ['Comune', props.comuneName ?? 'Non specificato'],
  ]
}

export function RequestNotification(raw: RequestNotificationProps) {
  // Everything the visitor typed or their browser sent is defanged; the address and phone were validated as such.
  const props = {
    ...defangFields(raw, ['contactName', 'serviceName', 'description', 'locationLabel', 'fromPage', 'userAgent']),
    street: raw.street ? defang(raw.street) : null,
    utm: defangFields(raw.utm, ['source', 'medium', 'campaign', 'term', 'content']),
    attachments: raw.attachments.map((file) => ({ ...file, name: defangFileName(file.name) })),
  }
  const isQuote = props.formType === 'Richiesta Preventivo'
  const rows: [string, ReactNode][] = [
    [isQuote ? 'Tipo di richiesta' : 'Tipo', isQuote ? props.formType : 'Messaggio (modulo Contattaci)'],
    ['Nome', props.contactName],
    ['Email', props.email],
    ['Telefono', props.phone],
    [isQuote ? 'Servizio' : 'Oggetto', props.serviceName],
    ...(isQuote ? addressRows(props) : []),
    ...(props.preferredArtisan
      ? ([
          [
            'Artigiano preferito',
            <Link key="preferred" href={props.preferredArtisan.url}>
              {props.preferredArtisan.name}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    ...answerRows(raw),
    [isQuote ? 'Descrizione' : 'Messaggio', props.description],
    ...(props.marketingConsent === undefined ? [] : ([['Offerte e novità', props.marketingConsent ? 'Sì, consenso dato' : 'No']] as [string, string][])),
    ['Data e ora', props.submissionTimestamp],
    fromPageRow(props.fromPageUrl, props.fromPage),
    ['Indirizzo IP', props.ipAddress],
    ['User agent', props.userAgent],
    ['utm_source', props.utm.source],
    ['utm_medium', props.utm.medium],
    ['utm_campaign', props.utm.campaign],
    ['utm_term', props.utm.term],
    ['utm_content', props.utm.content],
  ]
  if (isQuote) rows.push(['Allegati', props.attachments.length ? props.attachments.map((a) => `${a.name} (${a.size})`).join('\n') : 'Nessun allegato'])
  return (
    <EmailLayout
      preview={`${props.formType} da ${props.contactName}: ${props.serviceName}`}
      title={isQuote ? `Nuova richiesta di preventivo: ${props.serviceName}` : 'Nuovo messaggio dal modulo Contattaci'}
    >
      {isQuote ? (
        <Text style={paragraph}>È arrivata una nuova richiesta di preventivo (n. {props.leadId}).</Text>
      ) : (
        <Text style={paragraph}>
          È arrivato un nuovo messaggio (n. {props.leadId}) dal modulo Contattaci: è un messaggio per l'ufficio, non una richiesta di preventivo. Per rispondere
          basta rispondere a questa email, che va a {props.contactName}.
        </Text>
      )}
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>
        <Link href={props.adminUrl}>{isQuote ? "Apri la richiesta nell'area riservata" : "Apri il messaggio nell'area riservata"}</Link>
      </Text>
    </EmailLayout>
  )
}
