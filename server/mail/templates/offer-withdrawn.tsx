import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** For the office: a craftsman gave back a job they had accepted. */
export type OfferWithdrawnProps = {
  leadId: number
  serviceName: string
  town: string | null
  artisanName: string
  companyName: string | null
  acceptedAt: string
  withdrawnAt: string
  othersStanding: number
  leadUrl: string
}

export function OfferWithdrawn(raw: OfferWithdrawnProps) {
  const props = defangFields(raw, ['artisanName', 'companyName'])
  const rows: [string, string][] = [
    ['Preventivo', `n. ${props.leadId}, ${props.serviceName}${props.town ? ` a ${props.town}` : ''}`],
    ['Artigiano', props.companyName ? `${props.artisanName} (${props.companyName})` : props.artisanName],
    ['Accettato il', props.acceptedAt],
    ['Rinuncia il', props.withdrawnAt],
    ['Altri artigiani sul lavoro', props.othersStanding ? String(props.othersStanding) : 'Nessuno: va riassegnato'],
  ]
  return (
    <EmailLayout preview={`${props.artisanName} ha rinunciato al preventivo n. ${props.leadId}`} title={`Rinuncia al preventivo n. ${props.leadId}`}>
      <Text style={paragraph}>{props.artisanName} ha rinunciato a un lavoro che aveva accettato.</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }} />
      <ActionButton href={props.leadUrl}>Apri il preventivo</ActionButton>
    </EmailLayout>
  )
}
