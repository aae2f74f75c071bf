import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { countOf } from '#shared/plural.ts'
import { defangFields } from './defang-fields.ts'
import { ActionButton, DetailsTable, EmailLayout, paragraph } from './layout.tsx'

/** One open offer in the summary: what and where, never who (as the offer mail), and until when it can be answered. */
export type SummaryOffer = { leadId: number; serviceName: string; town: string | null; offeredAt: string; answerBy: string }

/** The morning summary a craftsman chose instead of (or beside) one mail per offer: every offer still open, and the area. */
export type OfferSummaryProps = {
  artisanName: string
  offers: SummaryOffer[]
  /** The area's offers page, where each can be accepted or declined. */
  offersUrl: string
  /** The area's "Notifiche", to change how offers reach them. */
  settingsUrl: string
}

export function OfferSummary(raw: OfferSummaryProps) {
  // The name was typed by the craftsman or an applicant: defanged as the offer mail does.
  const props = defangFields(raw, ['artisanName'])
  const count = countOf(props.offers.length, 'offerta aspetta', 'offerte aspettano')
  return (
    <EmailLayout preview={`${count} la tua risposta`} title="Le tue offerte di oggi">
      <Text style={paragraph}>Ciao {props.artisanName},</Text>
      <Text style={paragraph}>
        {count} la tua risposta. Apri l'area artigiani per vedere ogni lavoro e rispondere: se ne accetti uno, ricevi subito i contatti del cliente.
      </Text>
      {props.offers.map((offer) => (
        <Section key={offer.leadId} style={{ margin: '0 0 12px' }}>
          <DetailsTable
            rows={[
              ['Lavoro', `${offer.serviceName}${offer.town ? ` a ${offer.town}` : ''} (n. ${offer.leadId})`],
              ['Arrivata il', offer.offeredAt],
              ['Rispondi entro', offer.answerBy],
            ]}
          />
        </Section>
      ))}
      <Section style={{ margin: '20px 0 8px' }}>
        <ActionButton href={props.offersUrl}>Apri le tue offerte</ActionButton>
      </Section>
      <Text style={{ ...paragraph, fontSize: 13, color: '#52525b' }}>
        Ricevi questo riepilogo perché l'hai scelto nell'area artigiani. Puoi cambiarlo in Notifiche: {props.settingsUrl}
      </Text>
      <Text style={paragraph}>Il team di Artigiani Milano</Text>
    </EmailLayout>
  )
}
