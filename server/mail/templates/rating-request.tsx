import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { ActionButton, EmailLayout, paragraph } from './layout.tsx'
import { pluralOf } from '#shared/plural.ts'

/** A week after the first acceptance: one short question to the requester, and a way to get no more of them. */
export type RatingRequestProps = {
  clientName: string
  serviceName: string
  artisanNames: string[]
  /** The day of the first acceptance, as an Italian reader writes it. */
  acceptedOn: string
  rateUrl: string
  unsubscribeUrl: string
}

export function RatingRequest(raw: RatingRequestProps) {
  const props = { ...defangFields(raw, ['clientName']), artisanNames: raw.artisanNames.map((name) => defangFields({ name }, ['name']).name) }
  return (
    <EmailLayout preview={`Com'è andata con ${props.artisanNames.join(' e ')}?`} title="Com'è andata?">
      <Text style={paragraph}>Ciao {props.clientName},</Text>
      <Text style={paragraph}>
        il {props.acceptedOn} {props.artisanNames.join(' e ')} {pluralOf(props.artisanNames.length, 'ha', 'hanno')} accettato la tua richiesta di{' '}
        <strong>{props.serviceName}</strong>. Ci dici com'è andata? Basta un minuto: il tuo voto ci aiuta a scegliere gli artigiani migliori e può comparire,
        con il tuo nome e l'iniziale del cognome, sul profilo pubblico dell'artigiano.
      </Text>
      <Section style={{ margin: '16px 0' }}>
        <ActionButton href={props.rateUrl}>Dai il tuo voto</ActionButton>
      </Section>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
      <Text style={{ ...paragraph, fontSize: 12, color: '#71717a' }}>
        Non vuoi più ricevere email come questa?{' '}
        <Link href={props.unsubscribeUrl} style={{ color: '#71717a', textDecoration: 'underline' }}>
          Annulla l'iscrizione
        </Link>
        .
      </Text>
    </EmailLayout>
  )
}
