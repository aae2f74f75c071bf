import type { ReactNode } from 'react'
import { Text } from '@react-email/text'
import { type AnswerProps, answerRows } from './answer-rows.tsx'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'
import { ACCEPTED_RULE } from '#shared/promise.ts'

/** What the craftsman gets on accepting: the client to call, and the way to give the job back for a day. */
export type OfferAcceptedProps = {
  artisanName: string
  leadId: number
  serviceName: string
  clientName: string
  clientPhone: string | null
  clientEmail: string
  address: string | null
  description: string
  attachmentCount: number
  answerUrl: string
  withdrawUntil: string
} & AnswerProps

export function OfferAccepted(raw: OfferAcceptedProps) {
  // The client's own words are defanged; the address, phone and e-mail stay usable: they are what the craftsman needs.
  const props = defangFields(raw, ['artisanName', 'clientName', 'description'])
  const rows: [string, ReactNode][] = [
    ['Servizio', props.serviceName],
    ['Cliente', props.clientName],
    ['Telefono', props.clientPhone ?? 'Non fornito'],
    ['Email', props.clientEmail],
    ['Indirizzo', props.address ?? 'Non specificato'],
    ...answerRows(raw),
    ['Descrizione', props.description || 'Nessuna descrizione fornita.'],
    ['Allegati', props.attachmentCount ? `${props.attachmentCount} (in allegato a questa email)` : 'Nessun allegato'],
  ]
  return (
    <EmailLayout preview={`Hai accettato il lavoro n. ${props.leadId}: ecco i contatti del cliente`} title={`Lavoro accettato: ${props.serviceName}`}>
      <Text style={paragraph}>Ciao {props.artisanName},</Text>
      <Text style={paragraph}>
        {`grazie per aver accettato il lavoro n. ${props.leadId}. ${ACCEPTED_RULE}`} Abbiamo detto al cliente che lo chiamerai tu: contattalo entro 24 ore per
        fissare il sopralluogo gratuito.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>Se non puoi più seguirlo, puoi rinunciare fino al {props.withdrawUntil}: avviseremo noi l'ufficio.</Text>
      <ActionButton href={props.answerUrl} tone="neutral">
        Apri la pagina del lavoro
      </ActionButton>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
