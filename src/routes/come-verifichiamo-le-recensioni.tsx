import { createFileRoute, Link } from '@tanstack/react-router'
import type * as React from 'react'
import { countOf } from '#shared/plural.ts'
import { HIDE_REASON_KEYS, HIDE_REASONS, MAX_REPORT_NOTE_LENGTH, REPORT_REASONS, REVIEW_WINDOW_DAYS } from '#shared/reviews.ts'
import { fixedPageHead } from '../lib/seo-head.ts'
import { TextSection } from './-components/text-section.tsx'

// The review policy the EU consumer rules ask a site that shows reviews to publish (D.Lgs. 26/2023): who may review,
// what moderation removes and never removes. Written from shared/reviews.ts, which the server applies (docs/product.md §11).
export const Route = createFileRoute('/come-verifichiamo-le-recensioni')({
  head: fixedPageHead({
    title: 'Come Verifichiamo le Recensioni degli Artigiani | Artigiani Milano',
    description:
      'Chi può recensire un artigiano su Artigiani Milano, cosa togliamo e cosa non togliamo mai, come rispondono gli artigiani e come segnalare una recensione.',
    keywords: 'recensioni verificate, come verifichiamo le recensioni, moderazione recensioni, segnala recensione, Artigiani Milano',
    path: '/come-verifichiamo-le-recensioni',
  }),
  component: ReviewPolicyPage,
})

const Strong = ({ children }: { children: React.ReactNode }) => <strong className="text-ink">{children}</strong>

function ReviewPolicyPage() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Come verifichiamo le recensioni</h1>
      <p className="mt-2 text-sm font-medium text-muted">Ultimo aggiornamento: 26 novembre 2026</p>
      <p className="mt-6 leading-relaxed text-muted">
        Le recensioni sui profili degli artigiani le scrivono solo persone che hanno chiesto un preventivo attraverso questo sito e sono state messe in contatto
        con quell'artigiano. Qui spieghiamo come lo controlliamo, cosa togliamo e cosa non togliamo mai: le stesse regole valgono per ogni recensione e per ogni
        artigiano.
      </p>

      <TextSection id="chi-puo" title="1. Chi può scrivere una recensione">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <Strong>Solo chi è stato messo in contatto dal sito.</Strong> Quando un artigiano accetta una richiesta di preventivo, chi l'ha inviata riceve
            un'e-mail con un link personale: solo da quel link si può valutare l'artigiano, e solo gli artigiani che hanno accettato quella richiesta.
          </li>
          <li>
            <Strong>Una volta per lavoro.</Strong> Per ogni richiesta si può valutare ciascun artigiano una volta sola, e la valutazione inviata non si può
            cambiare.
          </li>
          <li>
            <Strong>Entro {countOf(REVIEW_WINDOW_DAYS, 'giorno', 'giorni')}.</Strong> Il link vale {countOf(REVIEW_WINDOW_DAYS, 'giorno', 'giorni')} da quando
            lo inviamo; dopo non funziona più.
          </li>
          <li>
            <Strong>Non per chi ha rinunciato.</Strong> Un artigiano che ha restituito il lavoro non può essere valutato per quel lavoro.
          </li>
          <li>Non paghiamo né premiamo nessuno per scrivere una recensione, e non accettiamo recensioni arrivate in altri modi.</li>
        </ul>
      </TextSection>

      <TextSection id="cosa-mostriamo" title="2. Cosa mostriamo">
        <p>
          Le stelle (da 1 a 5), il nome e l'iniziale del cognome di chi scrive, il comune, il servizio e il mese del lavoro, il testo e la risposta
          dell'artigiano. Mai il cognome intero, il telefono, l'e-mail o l'indirizzo. Le valutazioni senza commento sono pubblicate subito; quelle con un
          commento le leggiamo prima di pubblicarle.
        </p>
      </TextSection>

      <TextSection id="cosa-togliamo" title="3. Cosa togliamo">
        <p>Nascondiamo una recensione solo per uno di questi motivi:</p>
        <ul className="list-disc space-y-2 pl-5">
          {HIDE_REASON_KEYS.map((reason) => (
            <li key={reason}>{HIDE_REASONS[reason]}</li>
          ))}
        </ul>
        <p>
          Una recensione nascosta non viene cancellata: resta nei nostri archivi con il motivo, chi ha deciso e quando, e chi l'ha scritta riceve un'e-mail che
          spiega il motivo.
        </p>
      </TextSection>

      <TextSection id="cosa-non-togliamo" title="4. Cosa non togliamo mai">
        <p>
          <Strong>Non togliamo mai una recensione perché è negativa</Strong>: un voto basso o una critica al lavoro restano pubblicati. Gli artigiani non
          possono togliere né modificare le recensioni, e non pagano per averne di migliori.
        </p>
      </TextSection>

      <TextSection id="risposte" title="5. Le risposte degli artigiani">
        <p>
          L'artigiano può rispondere una volta a ogni recensione: la risposta compare sotto la recensione, dopo che l'abbiamo letta con le stesse regole.
          Rispondere non cambia la recensione né le sue stelle.
        </p>
      </TextSection>

      <TextSection id="segnalare" title="6. Come segnalare una recensione">
        <p>
          Sotto ogni recensione c'è il collegamento «Segnala»: scegli un motivo (uno di quelli del punto 3, o «{REPORT_REASONS.altro}») e, se vuoi, aggiungi una
          nota di al massimo {MAX_REPORT_NOTE_LENGTH} caratteri. Leggiamo ogni segnalazione e decidiamo con le regole di questa pagina. Per segnalare non serve
          registrarsi; non conserviamo il tuo indirizzo IP, solo un codice che ci permette di contare le segnalazioni e di fermare gli abusi.
        </p>
      </TextSection>

      <TextSection id="diritti" title="7. I diritti di chi scrive">
        <p>
          Chi ha scritto una recensione può chiederci di toglierne il testo (restano le stelle). Se chiede la cancellazione dei propri dati, la recensione resta
          con le stelle e il testo, firmata «Cliente verificato» e senza alcun collegamento con la persona o la sua richiesta. Per queste richieste scrivici
          dalla pagina{' '}
          <Link to="/contattaci" className="text-brand-700 underline">
            Contattaci
          </Link>
          ; i dettagli sono nella{' '}
          <Link to="/privacy-policy" className="text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </TextSection>
    </main>
  )
}
