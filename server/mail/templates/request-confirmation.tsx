import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { DetailsTable, EmailLayout, paragraph } from './layout.tsx'
import { CALL_PROMISE, MISSED_PROMISE_NOTICE, promiseDueLine, REQUEST_PROMISE } from '#shared/promise.ts'

/** What the requester receives: we got the request, and what happens next. */
export type RequestConfirmationProps = {
  kind: 'quote' | 'contact'
  contactName: string
  serviceName: string
  description: string
  locationLabel: string | null
  submissionTimestamp: string
  /** A quote's promise, "mercoledì 2 dicembre alle 14:00" (server/leads/promise.ts); absent from mails queued before it. */
  promiseDue?: string | null
}

export function RequestConfirmation(raw: RequestConfirmationProps) {
  // Whatever reaches the requester's inbox from the form is defanged: this mail goes to any address typed in it.
  const props = defangFields(raw, ['contactName', 'serviceName', 'description', 'locationLabel'])
  const isQuote = props.kind === 'quote'
  const rows: [string, string][] = isQuote
    ? [
        ['Servizio', props.serviceName],
        ['Località', props.locationLabel ?? 'Non specificato'],
        ['Descrizione', props.description],
        ['Inviata il', props.submissionTimestamp],
      ]
    : [
        ['Oggetto', props.serviceName],
        ['Messaggio', props.description],
        ['Inviato il', props.submissionTimestamp],
      ]
  return (
    <EmailLayout
      preview={isQuote ? 'Abbiamo ricevuto la tua richiesta di preventivo' : 'Abbiamo ricevuto il tuo messaggio'}
      title={isQuote ? 'Abbiamo ricevuto la tua richiesta' : 'Abbiamo ricevuto il tuo messaggio'}
    >
      <Text style={paragraph}>Ciao {props.contactName},</Text>
      {isQuote ? (
        <>
          <Text style={paragraph}>
            grazie per aver richiesto un preventivo per <strong>{props.serviceName}</strong>. {CALL_PROMISE}
            {props.promiseDue ? ` ${promiseDueLine(props.promiseDue)}` : ''} {MISSED_PROMISE_NOTICE}
          </Text>
          <Text style={paragraph}>{REQUEST_PROMISE}</Text>
        </>
      ) : (
        <Text style={paragraph}>grazie per averci scritto. Ti risponderemo via email, di solito entro un giorno lavorativo.</Text>
      )}
      <Text style={paragraph}>Ecco un riepilogo di quanto ci hai inviato:</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>Se non hai inviato tu questa richiesta, puoi ignorare questa email.</Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
