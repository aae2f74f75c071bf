import { Text } from '@react-email/text'
import { defang } from '../defang.ts'
import { EmailLayout, paragraph } from './layout.tsx'

export function ApplicationConfirmation({ contactName }: { contactName: string }) {
  return (
    <EmailLayout preview="Abbiamo ricevuto la tua candidatura" title="Grazie per la tua candidatura">
      <Text style={paragraph}>Ciao {defang(contactName)},</Text>
      <Text style={paragraph}>
        abbiamo ricevuto la tua candidatura per entrare nella rete di Artigiani Milano. Verificheremo i requisiti e ti contatteremo al più presto.
      </Text>
      <Text style={paragraph}>
        Una volta approvata, riceverai le richieste dei clienti della tua zona, li contatterai direttamente e fatturerai il lavoro direttamente a loro.
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
