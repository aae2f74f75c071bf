import { createFileRoute, getRouteApi, Link } from '@tanstack/react-router'
import { fixedPageHead } from '../lib/seo-head.ts'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { countOf } from '#shared/plural.ts'
import { TextSection } from './-components/text-section.tsx'

export const Route = createFileRoute('/privacy-policy')({
  head: fixedPageHead({
    title: 'Privacy Policy - Come Trattiamo i Tuoi Dati | Artigiani Milano',
    description: 'Informativa sul trattamento dei dati personali di Artigiani Milano ai sensi del Regolamento (UE) 2016/679 (GDPR).',
    keywords: 'privacy policy, informativa privacy, GDPR, dati personali, cookie, Artigiani Milano',
    path: '/privacy-policy',
  }),
  component: PrivacyPage,
})

const root = getRouteApi('__root__')

const months = (count: number) => countOf(count, 'mese', 'mesi')

function PrivacyPage() {
  const { newsletterTracking, newsletterSoftOptIn, retention } = root.useLoaderData()
  return (
    <main id="contenuto" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Privacy Policy</h1>
      <p className="mt-2 text-sm font-medium text-muted">Ultimo aggiornamento: 26 novembre 2026</p>
      <p className="mt-6 leading-relaxed text-muted">
        Questa informativa spiega quali dati personali raccogliamo quando usi il sito Artigiani Milano, perché li raccogliamo, con chi li condividiamo e quali
        diritti hai, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e del D.Lgs. 196/2003 (Codice privacy).
      </p>

      <TextSection id="titolare" title="1. Titolare del trattamento">
        <p>
          Il titolare del trattamento è Artigiani Milano, con sede a Milano. Per qualsiasi richiesta relativa ai tuoi dati puoi scriverci attraverso la pagina{' '}
          <Link to="/contattaci" className="text-brand-700 underline">
            Contattaci
          </Link>
          , indicando come oggetto «Privacy».
        </p>
      </TextSection>

      <TextSection id="categorie" title="2. Quali dati raccogliamo">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong className="text-ink">Dati che ci fornisci</strong>: nome e cognome, indirizzo e-mail, numero di telefono, indirizzo (via e numero civico) e
            comune dell'intervento, descrizione del lavoro ed eventuali allegati (foto o documenti) inviati con la richiesta di preventivo o con il modulo di
            contatto.
          </li>
          <li>
            <strong className="text-ink">Dati degli artigiani che si candidano</strong>: ragione sociale, partita IVA, nome del referente, recapiti, settori di
            specializzazione e zone operative.
          </li>
          <li>
            <strong className="text-ink">Dati tecnici</strong>: indirizzo IP, tipo di browser e di dispositivo (telefono, tablet o computer), pagina di
            provenienza, prima pagina visitata, sito da cui sei arrivato e parametri delle campagne (utm) presenti nell'indirizzo della pagina, registrati al
            momento dell'invio di un modulo.
          </li>
        </ul>
        <p>Non ti chiediamo dati particolari (ad esempio relativi alla salute): ti preghiamo di non inserirli nelle descrizioni o negli allegati.</p>
      </TextSection>

      <TextSection id="finalita" title="3. Finalità e basi giuridiche">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong className="text-ink">Gestire la tua richiesta di preventivo o di contatto</strong> e metterti in contatto con un artigiano della rete:
            esecuzione di misure precontrattuali richieste da te (art. 6.1.b GDPR).
          </li>
          <li>
            <strong className="text-ink">Valutare la candidatura di un artigiano</strong>: esecuzione di misure precontrattuali (art. 6.1.b).
          </li>
          <li>
            <strong className="text-ink">Prevenire abusi e proteggere il sito</strong> (verifiche anti-spam, registri tecnici): legittimo interesse del titolare
            (art. 6.1.f).
          </li>
          <li>
            <strong className="text-ink">Misurare l'efficacia delle campagne pubblicitarie</strong> tramite cookie di marketing: solo con il tuo consenso (art.
            6.1.a), che puoi negare o revocare in ogni momento dal banner dei cookie.
          </li>
          <li>
            <strong className="text-ink">Inviarti offerte e novità per e-mail (newsletter)</strong> se hai spuntato «{MARKETING_CONSENT_TEXT}» nel modulo di
            preventivo o di contatto: tuo consenso (art. 6.1.a GDPR e art. 130, comma 1, Codice privacy), facoltativo e separato dalla richiesta, che
            registriamo con la data e il testo che hai visto e che puoi revocare in ogni momento con il link in fondo a ogni e-mail.{' '}
            {newsletterSoftOptIn
              ? "Se ci hai chiesto un preventivo senza spuntarlo, possiamo comunque scriverti all'indirizzo che ci hai dato per proporti servizi analoghi a quelli che hai richiesto (art. 130, comma 4, Codice privacy): puoi opporti in ogni momento, gratuitamente, con il link presente in ogni e-mail o scrivendoci."
              : 'Senza quel consenso non ti inviamo newsletter: ti scriviamo solo per la tua richiesta.'}
          </li>
          <li>
            <strong className="text-ink">Adempiere obblighi di legge</strong> contabili e fiscali (art. 6.1.c).
          </li>
        </ul>
      </TextSection>

      <TextSection id="condivisione" title="4. Con chi condividiamo i dati">
        <p>
          Proponiamo il tuo lavoro a non più di tre artigiani della rete alla volta, mostrando solo il servizio, il comune, la descrizione e i nomi degli
          allegati. Nome, telefono, e-mail, indirizzo e allegati sono comunicati soltanto all'artigiano che accetta il lavoro, che li tratta come autonomo
          titolare per contattarti, fare il sopralluogo e formulare il preventivo. Ti scriviamo il nome e i recapiti di ogni artigiano che accetta.
        </p>
        <p>
          Una settimana dopo ti chiediamo com'è andata: il voto e il commento che lasci ci servono a scegliere gli artigiani a cui proporre i lavori e sono
          pubblicati come recensione sul profilo pubblico dell'artigiano, se ne ha uno, con il tuo nome e l'iniziale del cognome, il comune, il servizio e il
          mese del lavoro, mai con cognome, telefono, e-mail o indirizzo (legittimo interesse, art. 6.1.f: far sapere a chi cerca un artigiano com'è andata a
          chi l'ha già scelto). I commenti li leggiamo prima di pubblicarli, con le regole di{' '}
          <Link to="/come-verifichiamo-le-recensioni" className="text-brand-700 underline">
            Come verifichiamo le recensioni
          </Link>
          . Puoi non rispondere, e con il link in fondo all'e-mail non riceverne altre.
        </p>
        <p>
          Ci avvaliamo inoltre di fornitori che trattano i dati per nostro conto come responsabili del trattamento (art. 28 GDPR): il fornitore
          dell'infrastruttura su cui gira il sito, il servizio di invio delle e-mail e, se hai dato il consenso, Google per la misurazione delle conversioni
          pubblicitarie. I dati non sono venduti né ceduti a terzi per finalità di marketing.
        </p>
      </TextSection>

      <TextSection id="trasferimenti" title="5. Trasferimenti fuori dall'Unione europea">
        <p>
          Alcuni fornitori (ad esempio Google) possono trattare dati anche fuori dallo Spazio economico europeo. In questi casi il trasferimento avviene sulla
          base di una decisione di adeguatezza della Commissione europea (come l'EU-U.S. Data Privacy Framework) o delle clausole contrattuali tipo approvate
          dalla Commissione.
        </p>
      </TextSection>

      <TextSection id="conservazione" title="6. Per quanto tempo conserviamo i dati">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Richieste di preventivo e di contatto: {months(retention.requestMonths)} dall'ultima richiesta; poi nome, recapiti, indirizzo, descrizione e
            allegati vengono cancellati, e restano solo servizio, comune e data, in forma anonima, per le statistiche e le valutazioni degli artigiani; le
            recensioni pubblicate restano, firmate «Cliente verificato».
          </li>
          <li>
            Candidature degli artigiani: per la durata della collaborazione e per {months(retention.artisanMonths)} dopo la sua fine, o{' '}
            {months(retention.applicationMonths)} se non accolte.
          </li>
          <li>Registri tecnici: al massimo {countOf(retention.technicalDays, 'giorno', 'giorni')}, salvo necessità di accertare abusi.</li>
          <li>Dati contabili: 10 anni, come previsto dalla legge.</li>
        </ul>
      </TextSection>

      <TextSection id="diritti" title="7. I tuoi diritti">
        <p>
          Puoi chiedere in ogni momento l'accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità, e opporti al
          trattamento basato sul legittimo interesse (articoli 15-22 GDPR). Puoi revocare il consenso ai cookie di marketing senza che ciò pregiudichi la
          liceità del trattamento precedente.
        </p>
        <p>
          Le tue recensioni: la copia dei tuoi dati che ti inviamo le comprende. Puoi chiederci di togliere il testo di una recensione (restano le stelle). Se
          chiedi la cancellazione dei tuoi dati, le recensioni già pubblicate restano con le stelle e il testo, firmate «Cliente verificato» e senza più alcun
          collegamento con te o con la tua richiesta: non sono più dati che ti riguardano, e chi legge il profilo continua a sapere com'è andato quel lavoro.
        </p>
        <p>
          Per esercitare i tuoi diritti scrivici dalla pagina{' '}
          <Link to="/contattaci" className="text-brand-700 underline">
            Contattaci
          </Link>
          : rispondiamo entro 30 giorni. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).
        </p>
      </TextSection>

      <TextSection id="sicurezza" title="8. Sicurezza">
        <p>
          Proteggiamo i dati con misure tecniche e organizzative adeguate: connessioni cifrate (HTTPS), accesso all'area riservata solo al personale autorizzato
          con credenziali personali, copie di sicurezza cifrate e registrazione delle operazioni amministrative.
        </p>
      </TextSection>

      <TextSection id="minori" title="9. Minori">
        <p>
          Il sito e i servizi non sono rivolti a minori di 18 anni e non raccogliamo consapevolmente i loro dati. Se ritieni che un minore ci abbia inviato dati
          personali, contattaci e li cancelleremo.
        </p>
      </TextSection>

      <TextSection id="cookie" title="10. Cookie">
        <p>
          Il sito usa solo l'archiviazione tecnica necessaria al funzionamento (ad esempio per ricordare la tua scelta sui cookie). I cookie di marketing di
          Google Ads vengono attivati solo se li accetti nel banner; finché non scegli, nessuno script di tracciamento viene caricato.
        </p>
        <p>
          Per sapere quali pagine e quali campagne portano richieste contiamo le visite alle pagine sul nostro server, senza cookie e senza dati personali: per
          ogni giorno, pagina e provenienza (campagna, sito di provenienza o accesso diretto) registriamo solo il numero di visite. Per non contare due volte
          chi ricarica la stessa pagina entro 30 minuti usiamo in memoria un codice calcolato dall'indirizzo IP e dal browser con un valore casuale che cambia
          ogni giorno e non viene mai salvato: il codice non viene registrato e non permette di riconoscerti. Questo conteggio non richiede il tuo consenso; i
          robot dei motori di ricerca e i caricamenti anticipati delle pagine non vengono contati.
        </p>
        <p>
          {newsletterTracking
            ? "Nelle newsletter il nostro servizio email (Amazon SES) rileva se un messaggio viene aperto, con un'immagine invisibile, e quali link vengono cliccati, facendoli passare da un suo indirizzo: usiamo questi dati solo in forma di conteggi per campagna e per sapere quali contenuti interessano. Puoi evitarlo bloccando le immagini nel tuo programma di posta o annullando l'iscrizione."
            : 'Le nostre newsletter non contengono immagini o link di tracciamento: non rileviamo se le apri né quali link clicchi. Registriamo solo se il messaggio è stato consegnato o respinto dal tuo fornitore di posta, e le eventuali segnalazioni come spam, per non scriverti più.'}
        </p>
      </TextSection>

      <TextSection id="modifiche" title="11. Modifiche a questa informativa">
        <p>
          Possiamo aggiornare questa informativa per adeguarla a cambiamenti del servizio o della normativa. La data dell'ultimo aggiornamento è indicata in
          cima alla pagina; in caso di modifiche rilevanti lo segnaleremo in modo visibile sul sito.
        </p>
      </TextSection>

      <TextSection id="contatti" title="12. Contatti">
        <p>
          Per domande su questa informativa o sul trattamento dei tuoi dati usa la pagina{' '}
          <Link to="/contattaci" className="text-brand-700 underline">
            Contattaci
          </Link>
          .
        </p>
      </TextSection>
    </main>
  )
}
