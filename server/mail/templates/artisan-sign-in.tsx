import { Text } from '@react-email/text'
import { countOf } from '#shared/plural.ts'
import { defangFields } from './defang-fields.ts'
import { ActionButton, EmailLayout, paragraph } from './layout.tsx'

export type ArtisanSignInProps = { contactName: string; signInUrl: string; code: string; validMinutes: number }

/** The link and the code that sign a craftsman in to their area: the link in the browser that asked, the code anywhere. */
export function ArtisanSignIn(raw: ArtisanSignInProps) {
  const props = defangFields(raw, ['contactName'])
  const valid = countOf(props.validMinutes, 'minuto', 'minuti')
  return (
    <EmailLayout preview={`Il tuo codice di accesso è ${props.code}`} title="Accedi all'area artigiani">
      <Text style={paragraph}>Ciao {props.contactName},</Text>
      <Text style={paragraph}>
        per entrare nella tua area di Artigiani Milano premi il pulsante qui sotto. Il link e il codice valgono {valid} e si possono usare una sola volta.
      </Text>
      <ActionButton href={props.signInUrl}>Accedi all'area artigiani</ActionButton>
      <Text style={{ ...paragraph, marginTop: 16 }}>
        Se il link si apre in un'altra app o in un altro browser, inserisci questo codice quando ti viene chiesto:
      </Text>
      <Text style={{ fontSize: 28, fontWeight: 700, letterSpacing: 6, fontFamily: 'Menlo, Consolas, monospace', margin: '0 0 16px' }}>{props.code}</Text>
      <Text style={{ ...paragraph, fontSize: 13, color: '#52525b' }}>Se il pulsante non funziona, copia questo indirizzo nel browser: {props.signInUrl}</Text>
      <Text style={{ ...paragraph, fontSize: 13, color: '#52525b' }}>
        Se non hai chiesto tu di accedere, ignora questa email: senza il link o il codice nessuno può entrare nella tua area. Non inoltrarla a nessuno.
      </Text>
    </EmailLayout>
  )
}
