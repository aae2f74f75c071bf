// "Quando?" apart from the services' questions: the quote form shows it as soon as it renders, without loading them.

/** "Quando?", asked of every service including 'altro': stored as leads.timing. */
export const TIMINGS = ['urgente', 'entro-2-settimane', 'entro-3-mesi', 'solo-preventivo'] as const
export type Timing = (typeof TIMINGS)[number]
export const TIMING_QUESTION = 'Quando?'
export const TIMING_LABELS: Record<Timing, string> = {
  urgente: 'Urgente',
  'entro-2-settimane': 'Entro 2 settimane',
  'entro-3-mesi': 'Entro 3 mesi',
  'solo-preventivo': 'Solo un preventivo',
}
