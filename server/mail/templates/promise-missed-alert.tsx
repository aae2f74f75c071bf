import { Text } from '@react-email/text'
import { PROMISE_DEADLINE } from '#shared/promise.ts'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** To the office: a request passed its promise with no craftsman's acceptance. */
export type PromiseMissedAlertProps = {
  leadId: number
  serviceName: string
  place: string | null
  receivedAt: string
  dueAt: string
  offers: number
  pending: number
  declined: number
  /** Whether the requester was written to (not when the address is suppressed or had no confirmation). */
  requesterTold: boolean
  leadUrl: string
}

export function PromiseMissedAlert(raw: PromiseMissedAlertProps) {
  const props = defangFields(raw, ['place'])
  const offers = props.offers
    ? `${props.offers} in tutto: ${props.pending} senza risposta, ${props.declined} ${props.declined === 1 ? 'rifiutata' : 'rifiutate'}`
    : 'Nessuna: la richiesta non è mai stata offerta'
  const rows: [string, string][] = [
    ['Preventivo', `n. ${props.leadId}, ${props.serviceName}${props.place ? ` a ${props.place}` : ''}`],
    ['Ricevuto il', props.receivedAt],
    ['Scadenza della promessa', props.dueAt],
    ['Offerte', offers],
    ['Cliente', props.requesterTold ? 'Avvisato via e-mail' : 'Non avvisato (indirizzo escluso dagli invii o senza conferma)'],
  ]
  return (
    <EmailLayout preview={`Il preventivo n. ${props.leadId} non ha ancora un artigiano`} title={`Preventivo n. ${props.leadId} ancora senza artigiano`}>
      <Text style={paragraph}>
        Nessun artigiano ha accettato questa richiesta {PROMISE_DEADLINE}, come promesso al cliente. Proponila a qualcun altro o chiama il cliente.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }} />
      <ActionButton href={props.leadUrl}>Apri il preventivo</ActionButton>
    </EmailLayout>
  )
}
