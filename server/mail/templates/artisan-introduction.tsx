import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { DetailsTable, EmailLayout, paragraph } from './layout.tsx'
import { INTRODUCTION_PROMISE } from '#shared/promise.ts'

/** The requester meets a craftsman who took their request: who will call, and how to reach them. */
export type ArtisanIntroductionProps = {
  clientName: string
  leadId: number
  serviceName: string
  companyName: string | null
  contactName: string
  phone: string
  trades: string[]
  /** "da marzo 2024", as the network counts its members. */
  memberSince: string
}

export function ArtisanIntroduction(raw: ArtisanIntroductionProps) {
  const props = defangFields(raw, ['clientName', 'companyName', 'contactName'])
  const rows: [string, string][] = [
    ...(props.companyName ? ([['Impresa', props.companyName]] as [string, string][]) : []),
    ['Referente', props.contactName],
    ['Telefono', props.phone],
    ['Mestieri', props.trades.join(', ') || props.serviceName],
    ['Nella nostra rete', props.memberSince],
  ]
  return (
    <EmailLayout
      preview={`${props.companyName ?? props.contactName} ti chiamerà per la tua richiesta di ${props.serviceName}`}
      title="Un artigiano ha preso in carico la tua richiesta"
    >
      <Text style={paragraph}>Ciao {props.clientName},</Text>
      <Text style={paragraph}>
        buone notizie per la tua richiesta di <strong>{props.serviceName}</strong> (n. {props.leadId}): {props.companyName ?? props.contactName} l'ha accettata
        e ti chiamerà a breve per fissare il sopralluogo gratuito e senza impegno.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>{INTRODUCTION_PROMISE} Il preventivo resta gratuito e non ti impegna.</Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
