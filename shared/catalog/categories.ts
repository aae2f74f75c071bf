import { findService, type Service } from './services.ts'

export type CategorySlug = 'servizi-casa' | 'manutenzione-riparazioni' | 'sicurezza-tecnologia' | 'servizi-specializzati'

/** A service category (docs/product.md §3); every service belongs to exactly one. */
export type Category = {
  slug: CategorySlug
  name: string
  /** Two or three Italian sentences. */
  description: string
  /** Ids of the category's services, in display order. */
  serviceIds: string[]
}

export const categories: readonly Category[] = [
  {
    slug: 'servizi-casa',
    name: 'Servizi per la Casa',
    description:
      "Tutto ciò che serve per rinnovare e personalizzare la casa: pareti, pavimenti, infissi, arredi su misura e porte d'ingresso. Artigiani selezionati di Milano e provincia ti aiutano a trasformare gli ambienti con finiture curate e preventivi gratuiti.",
    serviceIds: [
      'imbianchino',
      'cartongessista',
      'vetraio',
      'piastrellista',
      'falegname',
      'serramentista',
      'parquettista',
      'zanzariere',
      'tappezziere',
      'porte-blindate',
      'restauratore',
    ],
  },
  {
    slug: 'manutenzione-riparazioni',
    name: 'Manutenzione e Riparazioni',
    description:
      'Impianti, guasti e piccoli e grandi lavori edili: i professionisti che tengono in efficienza casa e condominio. Dalla caldaia al tetto, dallo scarico intasato alla tapparella bloccata, trovi tecnici verificati pronti a intervenire nella tua zona.',
    serviceIds: [
      'elettricista',
      'idraulico',
      'muratore',
      'fabbro',
      'tecnico-caldaie',
      'tecnico-climatizzatori',
      'spurghi',
      'tapparellista',
      'antennista',
      'lattoniere',
      'spazzacamino',
      'rimozione-muffa',
    ],
  },
  {
    slug: 'sicurezza-tecnologia',
    name: 'Sicurezza e Tecnologia',
    description:
      'Soluzioni moderne per una casa più sicura, intelligente ed efficiente. Telecamere, automazione domestica e impianti fotovoltaici progettati da installatori esperti, con un preventivo gratuito costruito sulle tue esigenze.',
    serviceIds: ['videosorveglianza', 'impianti-fotovoltaici', 'domotica'],
  },
  {
    slug: 'servizi-specializzati',
    name: 'Servizi Specializzati',
    description:
      'Interventi che richiedono ditte autorizzate, prodotti specifici e continuità nel tempo. Per disinfestazioni, derattizzazioni e pulizie condominiali ti mettiamo in contatto con aziende affidabili che operano in tutta la provincia di Milano.',
    serviceIds: ['derattizzazione', 'disinfestazioni', 'pulizie-condomini'],
  },
]

const categoriesBySlug: ReadonlyMap<string, Category> = new Map(categories.map((c) => [c.slug, c]))

/** Looks a category up by its slug in O(1). */
export function findCategory(slug: string): Category | undefined {
  return categoriesBySlug.get(slug)
}

/** The services of a category, in the category's order; empty for an unknown slug. */
export function servicesOfCategory(slug: string): Service[] {
  const category = findCategory(slug)
  if (!category) return []
  return category.serviceIds.flatMap((id) => {
    const s = findService(id)
    return s ? [s] : []
  })
}
