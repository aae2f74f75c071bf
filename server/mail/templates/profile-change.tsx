import { Text } from '@react-email/text'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/**
 * To the office: a craftsman proposed a change to their public profile (a description, a photo, a reply to a review)
 * from their area. Sent for the first change of a batch only; what was typed is not repeated (the queue shows it).
 */
export type ProfileChangeProps = {
  artisanName: string
  /** What was proposed, as PROFILE_CHANGE_KINDS names it. */
  kind: string
  queueUrl: string
}

export function ProfileChange(raw: ProfileChangeProps) {
  const props = defangFields(raw, ['artisanName'])
  return (
    <EmailLayout preview={`${props.artisanName} ha proposto una modifica al profilo`} title="Modifica del profilo da approvare">
      <Text style={paragraph}>
        {props.artisanName} ha proposto una modifica al suo profilo pubblico dall'area artigiani. Resta in attesa finché l'ufficio non la approva o la rifiuta;
        in caso di rifiuto l'artigiano legge il motivo.
      </Text>
      <DetailsTable
        rows={[
          ['Artigiano', props.artisanName],
          ['Modifica', props.kind],
        ]}
      />
      <Text style={{ ...paragraph, marginTop: 16 }} />
      <ActionButton href={props.queueUrl}>Apri le modifiche profilo</ActionButton>
    </EmailLayout>
  )
}
