import { Text } from '@react-email/text'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** For the office: the dispatcher found nobody to take a lead, which now waits for the office's hand (docs/product.md §12). */
export type NoArtisanProps = {
  leadId: number
  serviceName: string
  town: string | null
  /** Why, as NO_ARTISAN_REASON_LABELS says it. */
  reason: string
  leadUrl: string
}

export function NoArtisan(props: NoArtisanProps) {
  const rows: [string, string][] = [
    ['Preventivo', `n. ${props.leadId}, ${props.serviceName}${props.town ? ` a ${props.town}` : ''}`],
    ['Motivo', props.reason],
  ]
  return (
    <EmailLayout preview={`Nessun artigiano disponibile per il preventivo n. ${props.leadId}`} title="Nessun artigiano disponibile">
      <Text style={paragraph}>L'assegnazione automatica non ha trovato un artigiano per questa richiesta: scegli tu a chi proporla.</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }} />
      <ActionButton href={props.leadUrl}>Apri il preventivo</ActionButton>
    </EmailLayout>
  )
}
