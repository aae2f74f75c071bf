import { Text } from '@react-email/text'
import { PROMISE_DEADLINE } from '#shared/promise.ts'
import { defangFields } from './defang-fields.ts'
import { EmailLayout, paragraph } from './layout.tsx'

/** To the requester when no craftsman accepted within the promise (shared/promise.ts): what happened, what happens now. */
export type PromiseMissedProps = {
  clientName: string
  serviceName: string
  /** The comune, as the request named it; null when it named none. */
  place: string | null
  /** The day the request was sent, as an Italian reader writes it. */
  sentOn: string
}

export function PromiseMissed(raw: PromiseMissedProps) {
  // The name and the place come from the form, which anyone can fill in with anyone's address.
  const props = defangFields(raw, ['clientName', 'place'])
  return (
    <EmailLayout preview="Non abbiamo ancora trovato un artigiano per la tua richiesta" title="Non abbiamo ancora trovato un artigiano">
      <Text style={paragraph}>Ciao {props.clientName},</Text>
      <Text style={paragraph}>
        il {props.sentOn} ci hai chiesto un preventivo per <strong>{props.serviceName}</strong>
        {props.place ? ` a ${props.place}` : ''}, e ti avevamo detto che un artigiano ti avrebbe chiamato {PROMISE_DEADLINE}. Non è andata così: finora nessuno
        degli artigiani a cui l'abbiamo proposta ha potuto accettarla. Ci dispiace per l'attesa.
      </Text>
      <Text style={paragraph}>
        La tua richiesta resta aperta. Il nostro ufficio ne è stato avvisato e la segue di persona: la propone ad altri artigiani della tua zona e, se serve
        qualche dettaglio in più, ti scrive o ti chiama. Appena un artigiano accetta, ti mandiamo il suo nome e il suo recapito.
      </Text>
      <Text style={paragraph}>
        Se nel frattempo hai trovato qualcuno, o vuoi aggiungere qualcosa (foto, misure, gli orari in cui sei reperibile), rispondi a questa e-mail: la leggiamo
        noi.
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
