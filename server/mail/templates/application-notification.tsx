import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { defang } from '../defang.ts'
import { DetailsTable, EmailLayout, fromPageRow, paragraph } from './layout.tsx'

/** The template parameters of docs/product.md §7.3 for a craftsman application. */
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
  /** The page of our site the form was sent from (ownPageUrl), shown as a link; absent from mails queued before it. */
  fromPageUrl?: string | null
  ipAddress: string
  userAgent: string
  adminUrl: string
}

/** Everything the applicant typed is defanged; the address and phone were validated as such. */
export function ApplicationNotification(props: ApplicationNotificationProps) {
  return (
    <EmailLayout preview={`Candidatura Artigiano da ${defang(props.contactName)}`} title="Nuova candidatura artigiano">
      <Text style={paragraph}>Un artigiano ha chiesto di entrare nella rete (n. {props.artisanId}); la candidatura è in revisione.</Text>
      <DetailsTable
        rows={[
          ['Tipo di richiesta', 'Candidatura Artigiano'],
          ['Referente', defang(props.contactName)],
          ['Email', props.email],
          ['Telefono', props.phone],
          ['Ragione sociale', defang(props.companyName)],
          ['Partita IVA', defang(props.vatNumber)],
          ['Settori', defang(props.specializationSectors)],
          ['Descrizione', defang(props.description)],
          ['Zone operative', defang(props.operativeZones)],
          ['Data e ora', props.submissionTimestamp],
          fromPageRow(props.fromPageUrl, defang(props.fromPage)),
          ['Indirizzo IP', props.ipAddress],
          ['User agent', defang(props.userAgent)],
        ]}
      />
      <Text style={{ ...paragraph, marginTop: 16 }}>
        <Link href={props.adminUrl}>Apri la candidatura nell'area riservata</Link>
      </Text>
    </EmailLayout>
  )
}
