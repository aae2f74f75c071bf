import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** What a craftsman needs to call the client: the request, the person and the place. */
export type ArtisanMatchProps = {
  artisanName: string
  leadId: number
  serviceName: string
  town: string | null
  locationLabel: string | null
  clientName: string
  clientEmail: string
  clientPhone: string | null
  description: string
  requestedAt: string
  attachmentCount: number
}

export function ArtisanMatch(raw: ArtisanMatchProps) {
  // The client's own words are defanged; the client's address and phone stay usable, they are what the craftsman needs.
  const props = defangFields(raw, ['artisanName', 'clientName', 'description', 'locationLabel'])
  const rows: [string, string][] = [
    ['Servizio', props.serviceName],
    ['Località', props.locationLabel ?? props.town ?? 'Non specificata'],
    ['Cliente', props.clientName],
    ['Telefono', props.clientPhone ?? 'Non fornito'],
    ['Email', props.clientEmail],
    ['Descrizione', props.description || 'Nessuna descrizione fornita.'],
    ['Data richiesta', props.requestedAt],
    ['Allegati', props.attachmentCount ? `${props.attachmentCount} (in allegato a questa email)` : 'Nessun allegato'],
  ]
  return (
    <EmailLayout
      preview={`Nuova richiesta di ${props.serviceName}${props.town ? ` a ${props.town}` : ''}`}
      title={`Nuova richiesta: ${props.serviceName}${props.town ? ` a ${props.town}` : ''}`}
    >
      <Text style={paragraph}>Ciao {props.artisanName},</Text>
      <Text style={paragraph}>
        ti affidiamo una richiesta di preventivo (n. {props.leadId}) nella tua zona. Contatta il cliente direttamente per fissare il sopralluogo gratuito e
        inviargli il tuo preventivo: il lavoro lo fatturi tu al cliente.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>
        Ti chiediamo di contattare il cliente entro 24 ore. Se non puoi seguire il lavoro, rispondi a questa email e lo affideremo a un altro artigiano.
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
