import type { ReactNode } from 'react'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { defangFileName } from '../defang.ts'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'
import { acceptedSoFarLabel, OFFER_RULE, offeredToLabel } from '#shared/promise.ts'
import { type AnswerProps, answerRows } from './answer-rows.tsx'

/** A job offered to a craftsman: what and where, never who, until they accept it. */
export type LeadOfferProps = {
  artisanName: string
  leadId: number
  serviceName: string
  town: string | null
  description: string
  attachmentNames: string[]
  requestedAt: string
  /** Craftsmen the lead stands offered to, this one included. */
  offeredTo: number
  /** How many of them had accepted when the offer was made; absent in mails queued before it was counted. */
  acceptedSoFar?: number
  acceptUrl: string
  declineUrl: string
  /** The day the links stop working, as an Italian reader writes it. */
  validUntil: string
} & AnswerProps

export function LeadOffer(raw: LeadOfferProps) {
  const props = {
    ...defangFields(raw, ['artisanName', 'description']),
    attachmentNames: raw.attachmentNames.map(defangFileName),
  }
  const where = props.town ? ` a ${props.town}` : ''
  const rows: [string, ReactNode][] = [
    ['Servizio', props.serviceName],
    ['Comune', props.town ?? 'Non specificato'],
    ...answerRows(raw),
    ['Descrizione', props.description || 'Nessuna descrizione fornita.'],
    ['Allegati', props.attachmentNames.length ? props.attachmentNames.join(', ') : 'Nessun allegato'],
    ['Arrivata il', props.requestedAt],
    ['Proposta a', offeredToLabel(props.offeredTo)],
    ...(props.acceptedSoFar === undefined ? [] : ([['Accettata finora da', acceptedSoFarLabel(props.acceptedSoFar)]] as [string, string][])),
  ]
  return (
    <EmailLayout preview={`Nuovo lavoro: ${props.serviceName}${where}. Ti interessa?`} title={`Nuovo lavoro: ${props.serviceName}${where}`}>
      <Text style={paragraph}>Ciao {props.artisanName},</Text>
      <Text style={paragraph}>
        abbiamo una richiesta di preventivo (n. {props.leadId}) nella tua zona. Se il lavoro ti interessa, accettalo: riceverai subito nome, telefono e
        indirizzo del cliente, che ti aspetta per il sopralluogo gratuito. Il lavoro lo fatturi tu al cliente.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>{OFFER_RULE}</Text>
      <Section style={{ margin: '20px 0 0' }}>
        <ActionButton href={props.acceptUrl}>Accetto il lavoro</ActionButton>
      </Section>
      <Section style={{ margin: '0 0 8px' }}>
        <ActionButton href={props.declineUrl} tone="neutral">
          Non sono disponibile
        </ActionButton>
      </Section>
      <Text style={{ ...paragraph, fontSize: 13, color: '#52525b' }}>
        I link valgono fino al {props.validUntil} e servono solo a te: non inoltrare questa email.
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
