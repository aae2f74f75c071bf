import { Link } from '@react-email/link'
import { Text } from '@react-email/text'
import { countOf } from '#shared/plural.ts'
import { defangFields } from './defang-fields.ts'
import { DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/**
 * To the author of a review the office hid: which review, the policy's reason, and the page that lists the reasons.
 * The review's text is not repeated: the author wrote it, and a mail would turn its addresses and numbers into links.
 */
export type ReviewHiddenProps = {
  clientName: string
  artisanName: string
  serviceName: string
  /** "marzo 2026": the month of the job the review is about. */
  jobMonth: string
  stars: number
  /** The reason's label, as HIDE_REASONS writes it. */
  reason: string
  policyUrl: string
}

export function ReviewHidden(raw: ReviewHiddenProps) {
  const props = defangFields(raw, ['clientName', 'artisanName'])
  const rows: [string, string][] = [
    ['Artigiano', props.artisanName],
    ['Lavoro', `${props.serviceName}, ${props.jobMonth}`],
    ['Voto', countOf(props.stars, 'stella', 'stelle')],
    ['Motivo', props.reason],
  ]
  return (
    <EmailLayout preview={`Non abbiamo pubblicato la tua recensione di ${props.artisanName}`} title="La tua recensione non è stata pubblicata">
      <Text style={paragraph}>Ciao {props.clientName},</Text>
      <Text style={paragraph}>
        abbiamo letto la recensione che hai scritto su {props.artisanName} e non possiamo pubblicarla, per il motivo indicato qui sotto. La conserviamo com'è,
        con il motivo e la data della decisione.
      </Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...paragraph, marginTop: 16 }}>
        Nascondiamo una recensione solo per uno dei motivi elencati in{' '}
        <Link href={props.policyUrl} style={{ color: '#b91c1c', textDecoration: 'underline' }}>
          Come verifichiamo le recensioni
        </Link>
        , mai perché è negativa. Se pensi che sia un errore, rispondi a questa email.
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
