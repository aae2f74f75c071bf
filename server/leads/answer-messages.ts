import { WITHDRAW_HOURS } from '#shared/lead-responses.ts'
import { italianTimestamp } from '#shared/italian-time.ts'
import { OFFER_LINK_DAYS } from './links.ts'

/**
 * What a craftsman reads when an answer to an offer cannot be taken or was already given: written once for the pages
 * behind the mail's links (server/http/lead-answer-pages.tsx) and the offers of their area (server/routers/area/offers.ts).
 */
export const OFFER_MESSAGES = {
  deleted: 'Questa richiesta non è più disponibile: è stata ritirata o cancellata. Non devi fare nulla.',
  reassigned:
    "Questa richiesta è stata affidata a un altro artigiano: l'offerta non è più valida. Non devi fare nulla, ti proporremo i prossimi lavori nella tua zona.",
  superseded: "Questa offerta non è più valida: ti abbiamo proposto di nuovo questo lavoro con un'altra email. Usa i link dell'email più recente.",
  expired: `Questo link è scaduto: i link delle offerte di lavoro valgono ${OFFER_LINK_DAYS} giorni. Se il lavoro ti interessa ancora, rispondi all'email e ti ricontatteremo.`,
  closed: 'Questa richiesta è chiusa: non serve più una risposta. Grazie.',
  alreadyAccepted: 'Hai già accettato questo lavoro.',
  acceptedNotDeclined:
    "Hai già accettato questo lavoro: trovi i contatti del cliente nell'email che ti abbiamo inviato. Da lì puoi anche rinunciare entro 24 ore.",
  withdrawTooLate: `Sono passate più di ${WITHDRAW_HOURS} ore da quando hai accettato: per rinunciare ora rispondi all'email e avvisa l'ufficio.`,
  withdrawClosed: "Questa richiesta è chiusa: non puoi più rinunciare al lavoro. Se c'è un problema, rispondi all'email e avvisa l'ufficio.",
} as const

export const alreadyDeclinedMessage = (leadId: number) => `Hai già detto di non essere disponibile per questo lavoro (n. ${leadId}). Grazie per la risposta.`

export const withdrawnMessage = (leadId: number, withdrawnAt: string) =>
  `Hai rinunciato a questo lavoro (n. ${leadId}) il ${italianTimestamp(new Date(withdrawnAt))}. Abbiamo avvisato l'ufficio.`
