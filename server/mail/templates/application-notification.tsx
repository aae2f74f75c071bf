import { Link, Text } from '@react-email/components'
import { DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** The template parameters of SPEC 7.3 for a craftsman application. */
export type ApplicationNotificationProps = {
  artisanId: number
  contactName: string
  email: string
  phone: string
  companyName: string
  vatNumber: string
  specializationSectors: string
  description: string
  operativeZones: string
  submissionTimestamp: string
  fromPage: string
  ipAddress: string
  userAgent: string
  adminUrl: string
}

export function ApplicationNotification(props: ApplicationNotificationProps) {
  return (
    <EmailLayout preview={`Candidatura Artigiano da ${props.contactName}`} title="Nuova candidatura artigiano">
      <Text style={paragraph}>Un artigiano ha chiesto di entrare nella rete (n. {props.artisanId}); la candidatura è in revisione.</Text>
      <DetailsTable
        rows={[
          ['Tipo di richiesta', 'Candidatura Artigiano'],
          ['Referente', props.contactName],
          ['Email', props.email],
          ['Telefono', props.phone],
          ['Ragione sociale', props.companyName],
          ['Partita IVA', props.vatNumber],
          ['Settori', props.specializationSectors],
          ['Descrizione', props.description],
          ['Zone operative', props.operativeZones],
          ['Data e ora', props.submissionTimestamp],
          ['Pagina di provenienza', props.fromPage],
          ['Indirizzo IP', props.ipAddress],
          ['User agent', props.userAgent],
        ]}
      />
      <Text style={{ ...paragraph, marginTop: 16 }}>
        <Link href={props.adminUrl}>Apri la candidatura nell'area riservata</Link>
      </Text>
    </EmailLayout>
  )
}
