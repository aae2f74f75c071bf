import { fnv1a32 } from './check-code.ts'
import type { Comune } from './comuni.ts'
import { MAX_ARTISANS_PER_REQUEST } from '../promise.ts'

/** The placeholder replaced by the town name in {@link comuneIntroTemplates}. */
export const COMUNE_PLACEHOLDER = '{COMUNE}'

/** The 10 SEO introductions of the town pages (docs/product.md §2.3), with the {COMUNE} placeholder. */
export const comuneIntroTemplates: readonly string[] = [
  "Cerchi un artigiano affidabile a {COMUNE}? Artigiani Milano ti mette in contatto con professionisti selezionati che lavorano ogni giorno a {COMUNE} e nei comuni vicini, dall'elettricista all'idraulico. Scegli il servizio, indica l'indirizzo e ricevi un preventivo gratuito e senza impegno.",
  'A {COMUNE} trovare il professionista giusto per un lavoro in casa non deve essere una scommessa. Collaboriamo solo con artigiani verificati, che conoscono il territorio e ti fatturano direttamente, senza intermediari né gare al ribasso. Compila il modulo e fissa un sopralluogo gratuito.',
  `Dalla piccola riparazione alla ristrutturazione completa, a {COMUNE} puoi contare su una rete di artigiani esperti e referenziati. Tu ci descrivi l'intervento, noi lo proponiamo al massimo a ${MAX_ARTISANS_PER_REQUEST} professionisti adatti della zona, che ti richiamano per un preventivo chiaro e gratuito.`,
  'Vivi a {COMUNE} e ti serve un intervento in casa, in ufficio o in condominio? Con Artigiani Milano richiedi in pochi minuti un preventivo gratuito a tecnici e artigiani selezionati, che operano a {COMUNE} e dintorni, rispettano i tempi concordati e ti fatturano direttamente il lavoro.',
  'Ogni casa di {COMUNE} ha le sue esigenze, e per questo servono artigiani capaci di ascoltare prima di proporre. I professionisti della nostra rete sono scelti per competenza e serietà: indica il servizio che ti serve e ricevi un sopralluogo e un preventivo gratuiti.',
  `Un guasto improvviso o un progetto rimandato da tempo? A {COMUNE} ti aiutiamo a trovare l'artigiano giusto senza perdere giornate al telefono. Invia una sola richiesta: fino a ${MAX_ARTISANS_PER_REQUEST} professionisti verificati della tua zona ti contatteranno direttamente con un preventivo senza impegno.`,
  'Idraulici, elettricisti, imbianchini, fabbri e molti altri specialisti sono pronti a intervenire a {COMUNE}. Selezioniamo solo artigiani con esperienza dimostrata e referenze controllate, così puoi valutare ogni proposta con tranquillità. Il preventivo è sempre gratuito e non ti vincola a nulla.',
  `Chi abita a {COMUNE} sa quanto sia difficile trovare un artigiano serio e disponibile. Artigiani Milano semplifica tutto: ci indichi il lavoro e l'indirizzo, noi individuiamo fino a ${MAX_ARTISANS_PER_REQUEST} professionisti verificati vicino a te, che ti propongono un preventivo trasparente e ti fatturano direttamente.`,
  'Rinnovare casa a {COMUNE} è più semplice quando sai a chi rivolgerti. La nostra rete riunisce artigiani locali selezionati, abituati a lavorare con cura negli appartamenti e nelle villette della zona. Richiedi gratis il tuo preventivo: nessun costo nascosto e contatto diretto con il professionista.',
  'Servizi per la casa, manutenzioni e impianti a {COMUNE}: con una sola richiesta raggiungi artigiani qualificati che conoscono bene il territorio milanese. Ti ricontattiamo in tempi rapidi per organizzare un sopralluogo e un preventivo gratuito, senza impegno e senza sorprese.',
]

/** Index of the template used for a town: fnv1a32(slug) modulo the number of templates. */
export function comuneIntroIndex(comune: Comune): number {
  return fnv1a32(comune.slug) % comuneIntroTemplates.length
}

/** The SEO introduction of a town page: one template, chosen deterministically per town. */
export function comuneIntro(comune: Comune): string {
  const template = comuneIntroTemplates[comuneIntroIndex(comune)] ?? comuneIntroTemplates[0] ?? ''
  return template.split(COMUNE_PLACEHOLDER).join(comune.name)
}
