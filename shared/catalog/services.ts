import type { CategorySlug } from './categories.ts'
import { type ServiceId, serviceNames } from './service-names.ts'

export { APPLICATION_SECTORS, CONTACT_SERVICE_NAME, type QuoteServiceOption, quoteServiceOptions, registerSector } from './service-names.ts'

/** A trade service offered on the site (docs/product.md §3). */
export type Service = {
  /** The slug, e.g. 'tecnico-caldaie'. */
  id: string
  /** Italian display name, e.g. 'Tecnico Caldaie'. */
  name: string
  /** The label of the admin sector list (identical to name except 'Tapezziere'). */
  sectorName: string
  /** Three short Italian paragraphs separated by a blank line ('\n\n'). */
  description: string
  /** One Italian sentence for cards. */
  shortDescription: string
  /** '/' + id */
  path: string
  /** Name of a lucide-react icon component. */
  icon: string
  /** Italian search keywords. */
  keywords: string[]
  categorySlug: CategorySlug
}

function paragraphs(...parts: string[]): string {
  return parts.join('\n\n')
}

/** What the catalogue adds to a service's id and names (service-names.ts holds those, and the order). */
type ServiceDetails = Omit<Service, 'id' | 'name' | 'sectorName' | 'path'>

const details: Record<ServiceId, ServiceDetails> = {
  elettricista: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Zap',
    shortDescription: 'Impianti elettrici a norma, guasti, quadri e nuovi punti luce con elettricisti verificati a Milano e provincia.',
    description: paragraphs(
      "Un impianto elettrico sicuro è la base di una casa tranquilla. L'elettricista che ti presentiamo interviene in appartamenti, villette e negozi di Milano e provincia, dal semplice guasto al rifacimento completo.",
      'Tra i lavori più richiesti: sostituzione del quadro elettrico e dei salvavita, aggiunta di prese e punti luce, adeguamento alle norme CEI, installazione di citofoni e rilascio della dichiarazione di conformità.',
      'Descrivi il problema nel modulo: ti mettiamo in contatto con un professionista verificato per un preventivo gratuito, senza impegno e senza sorprese in fattura.',
    ),
    keywords: [
      'elettricista milano',
      'impianto elettrico',
      'quadro elettrico',
      'guasto elettrico',
      'punti luce',
      'dichiarazione di conformità',
      'elettricista urgente',
    ],
  },
  imbianchino: {
    categorySlug: 'servizi-casa',
    icon: 'PaintRoller',
    shortDescription: 'Tinteggiatura di interni ed esterni, stucchi e finiture decorative, con cantiere pulito e tempi certi.',
    description: paragraphs(
      'Una parete rinfrescata cambia il volto di una stanza più di qualsiasi mobile nuovo. I nostri imbianchini lavorano anche in case abitate con ordine: proteggono pavimenti e arredi, stuccano le crepe e lasciano gli ambienti puliti.',
      'Si occupano di tinteggiatura di interni ed esterni, smalti per porte e ringhiere, pitture lavabili e antimuffa, effetti decorativi come spatolato e velature, oltre alla verniciatura di facciate e vani scala.',
      'Chiedi il tuo preventivo gratuito: indicaci i metri quadri e il tipo di finitura, e un pittore edile della tua zona ti contatterà per un sopralluogo.',
    ),
    keywords: ['imbianchino milano', 'tinteggiatura pareti', 'pittore edile', 'imbiancare casa', 'pittura antimuffa', 'verniciatura facciate'],
  },
  idraulico: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Droplets',
    shortDescription: 'Perdite, scarichi, sanitari e rifacimento bagni: idraulici selezionati a Milano e provincia, anche per urgenze.',
    description: paragraphs(
      "Un rubinetto che gocciola o uno scarico intasato non devono rovinarti la settimana. Gli idraulici della nostra rete intervengono in tutta l'area milanese per riparazioni rapide e per lavori più impegnativi.",
      "Possono cercare e riparare perdite, sostituire sanitari e rubinetteria, rifare l'impianto del bagno o della cucina, installare addolcitori, autoclavi e scaldabagno, e liberare tubature ostruite.",
      "Con un'unica richiesta ricevi un preventivo gratuito e senza impegno da un professionista selezionato, che ti fattura direttamente il lavoro: nessun intermediario, nessun costo nascosto.",
    ),
    keywords: [
      'idraulico milano',
      'perdita acqua',
      'scarico intasato',
      'rifacimento bagno',
      'sostituzione sanitari',
      'scaldabagno',
      'idraulico pronto intervento',
    ],
  },
  cartongessista: {
    categorySlug: 'servizi-casa',
    icon: 'LayoutPanelLeft',
    shortDescription: 'Pareti divisorie, controsoffitti, nicchie e contropareti isolanti in cartongesso, realizzati su misura.',
    description: paragraphs(
      'Il cartongesso permette di ridisegnare gli spazi di casa in pochi giorni e senza demolizioni pesanti. Un cartongessista esperto sa ricavare due camere da un open space o nascondere tubi e cavi con eleganza.',
      'Lavori tipici: pareti divisorie, controsoffitti con faretti incassati, librerie e nicchie su misura, velette per strisce LED, contropareti che isolano dal freddo e dai rumori dei vicini.',
      'Raccontaci cosa hai in mente: riceverai gratuitamente una proposta da un artigiano verificato che lavora nella tua zona, con materiali e tempi indicati chiaramente.',
    ),
    keywords: ['cartongessista milano', 'pareti in cartongesso', 'controsoffitto', 'parete divisoria', 'controparete isolante', 'libreria in cartongesso'],
  },
  muratore: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'BrickWall',
    shortDescription: 'Ristrutturazioni, tramezzi, intonaci, massetti e opere edili di ogni dimensione con muratori di fiducia.',
    description: paragraphs(
      'Per le opere edili serve qualcuno che sappia organizzare il cantiere e rispettare i tempi. I muratori della nostra rete seguono ristrutturazioni complete e piccoli interventi in appartamenti, villette e condomini.',
      'Demolizione e costruzione di tramezzi, rifacimento di intonaci, massetti e sottofondi, apertura di vani porta, sistemazione di balconi e cortili, piccole opere in muratura per giardini e box.',
      "Compila la richiesta per ottenere un preventivo gratuito e dettagliato: un'impresa edile verificata verrà a vedere il lavoro e ti proporrà una soluzione concreta.",
    ),
    keywords: ['muratore milano', 'ristrutturazione casa', 'opere murarie', 'rifacimento intonaco', 'massetto', 'demolizione tramezzi', 'impresa edile'],
  },
  fabbro: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'KeyRound',
    shortDescription: 'Apertura porte, cambio serrature, inferriate e cancelli su misura con fabbri affidabili e rapidi.',
    description: paragraphs(
      "Chiavi perse, serratura bloccata o un cancello da realizzare su misura: il fabbro è l'artigiano a cui pensare. A Milano e nei comuni vicini trovi con noi professionisti affidabili, abituati anche agli interventi urgenti.",
      'Si occupano di apertura porte senza danni, sostituzione di cilindri europei e serrature di sicurezza, inferriate e grate per finestre, ringhiere, cancelli e piccole carpenterie metalliche.',
      "Richiedi un preventivo gratuito: ti mettiamo in contatto diretto con un fabbro selezionato, che ti indica prima il costo dell'intervento, senza sovrapprezzi dell'ultimo minuto.",
    ),
    keywords: ['fabbro milano', 'apertura porte', 'cambio serratura', 'cilindro europeo', 'inferriate', 'cancelli su misura', 'fabbro urgente'],
  },
  vetraio: {
    categorySlug: 'servizi-casa',
    icon: 'AppWindow',
    shortDescription: 'Sostituzione vetri, vetrocamera, box doccia, specchi e vetrate su misura per case, uffici e negozi.',
    description: paragraphs(
      "Un vetro incrinato è un rischio e fa disperdere calore. Il vetraio sostituisce lastre rotte, migliora l'isolamento delle finestre e realizza elementi in vetro che portano luce negli ambienti.",
      'Tra gli interventi più comuni: vetrocamera basso emissivi, vetri antisfondamento e stratificati, box doccia su misura, specchi, parapetti e pareti vetrate, vetrine per negozi e pensiline.',
      'Inviaci la tua richiesta con le misure approssimative: un vetraio verificato della provincia di Milano ti contatterà per il sopralluogo e un preventivo gratuito e senza impegno.',
    ),
    keywords: ['vetraio milano', 'sostituzione vetri', 'vetrocamera', 'box doccia su misura', 'vetro antisfondamento', 'specchi su misura'],
  },
  piastrellista: {
    categorySlug: 'servizi-casa',
    icon: 'Grid3x3',
    shortDescription: 'Posa di pavimenti e rivestimenti in gres, ceramica e mosaico per bagni, cucine, terrazzi e balconi.',
    description: paragraphs(
      'La posa delle piastrelle non perdona errori: fughe storte o dislivelli si notano per anni. Per questo collaboriamo solo con piastrellisti precisi, che curano planarità, tagli e finiture.',
      'Posano pavimenti e rivestimenti in gres porcellanato, ceramica, mosaico e grandi lastre, rifanno bagni e cucine, sostituiscono piastrelle rotte e sistemano terrazzi e balconi con guaine impermeabili.',
      'Descrivici la superficie da rivestire e il materiale scelto: riceverai un preventivo gratuito da un posatore qualificato, pronto a consigliarti anche su formati e colori.',
    ),
    keywords: [
      'piastrellista milano',
      'posa piastrelle',
      'posa gres porcellanato',
      'rivestimento bagno',
      'pavimento cucina',
      'mosaico',
      'impermeabilizzazione balcone',
    ],
  },
  falegname: {
    categorySlug: 'servizi-casa',
    icon: 'Hammer',
    shortDescription: 'Armadi, librerie, cucine e porte in legno su misura, oltre a riparazioni di mobili, ante e infissi.',
    description: paragraphs(
      'Un mobile fatto su misura sfrutta ogni centimetro e dura una vita. I falegnami della nostra rete lavorano il legno in bottega e in cantiere, per arredi unici e riparazioni accurate.',
      'Realizzano armadi a muro, cabine armadio, librerie, cucine e mobili per sottotetti, porte interne e scale in legno, e sistemano infissi, cassetti e ante che non chiudono più come dovrebbero.',
      'Raccontaci il progetto, anche solo con uno schizzo o una foto: un falegname artigiano della tua zona ti farà un preventivo gratuito e ti aiuterà a scegliere essenze e finiture.',
    ),
    keywords: ['falegname milano', 'mobili su misura', 'armadio a muro', 'cabina armadio', 'libreria su misura', 'riparazione mobili', 'porte in legno'],
  },
  'tecnico-caldaie': {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Flame',
    shortDescription: 'Manutenzione, controllo fumi, riparazioni e sostituzione caldaie con tecnici abilitati della tua zona.',
    description: paragraphs(
      'Una caldaia efficiente scalda meglio e consuma meno. Il tecnico caldaie si occupa della manutenzione obbligatoria e dei guasti, così non resti senza acqua calda proprio nei giorni più freddi.',
      'Esegue la pulizia e il controllo fumi, aggiorna il libretto di impianto, ripara blocchi e perdite, sostituisce le vecchie caldaie con modelli a condensazione e installa pompe di calore e termostati intelligenti.',
      'Con una sola richiesta ricevi un preventivo gratuito da un tecnico abilitato che opera a Milano e provincia, con prezzi chiari per manutenzione, riparazione o sostituzione.',
    ),
    keywords: [
      'tecnico caldaie milano',
      'manutenzione caldaia',
      'controllo fumi',
      'caldaia in blocco',
      'caldaia a condensazione',
      'sostituzione caldaia',
      'libretto di impianto',
    ],
  },
  'tecnico-climatizzatori': {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'AirVent',
    shortDescription: 'Installazione, sanificazione e riparazione di condizionatori e pompe di calore con tecnici certificati.',
    description: paragraphs(
      "Le estati milanesi sono sempre più calde e un climatizzatore ben installato fa la differenza, di giorno e di notte. Il tecnico giusto dimensiona l'impianto sulla tua casa, non sul catalogo.",
      'Installa condizionatori mono e multisplit, pompe di calore aria-aria e sistemi canalizzati, sanifica filtri e batterie, ricarica il gas e ripara le unità che gocciolano o non raffreddano più.',
      'Richiedi un preventivo gratuito: un installatore con patentino F-gas valuterà gli ambienti e ti proporrà la soluzione più adatta, con costi trasparenti e le detrazioni applicabili.',
    ),
    keywords: [
      'installazione condizionatori milano',
      'climatizzatore',
      'condizionatore multisplit',
      'sanificazione condizionatore',
      'ricarica gas climatizzatore',
      'pompa di calore',
    ],
  },
  spurghi: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Waves',
    shortDescription: 'Disostruzione scarichi, svuotamento fosse biologiche e videoispezioni con autospurghi autorizzati.',
    description: paragraphs(
      'Uno scarico intasato o una fossa piena richiedono mezzi adeguati e personale autorizzato. Le ditte di spurgo con cui collaboriamo intervengono in case, condomini e attività commerciali.',
      'Eseguono la disostruzione di lavandini, WC e colonne di scarico con getti ad alta pressione, lo svuotamento di fosse biologiche e pozzi perdenti, la videoispezione delle tubazioni e la pulizia di pozzetti e caditoie.',
      "Segnalaci il problema e la sua urgenza: ti mettiamo in contatto con un'azienda verificata che ti invierà un preventivo gratuito, con smaltimento dei reflui a norma di legge.",
    ),
    keywords: ['spurghi milano', 'autospurgo', 'disostruzione scarichi', 'fossa biologica', 'videoispezione tubazioni', 'wc intasato'],
  },
  tapparellista: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Blinds',
    shortDescription: 'Riparazione e sostituzione di tapparelle, cinghie e rulli, motorizzazioni e cassonetti isolati.',
    description: paragraphs(
      'Una tapparella che si blocca a metà è uno dei fastidi più comuni in casa. Il tapparellista interviene in fretta per ripararla o sostituirla, spesso in una sola visita.',
      "Cambia cinghie e rulli, sostituisce stecche rotte o l'intero telo, installa tapparelle in alluminio coibentato o in PVC, monta motori elettrici con comando a distanza e isola i cassonetti che lasciano passare aria fredda.",
      'Chiedi un preventivo gratuito indicando quante tapparelle hai e qual è il problema: un artigiano selezionato della tua zona ti richiamerà con un prezzo chiaro.',
    ),
    keywords: [
      'tapparellista milano',
      'riparazione tapparelle',
      'cambio cinghia tapparella',
      'tapparelle motorizzate',
      'tapparelle in alluminio',
      'cassonetto isolato',
    ],
  },
  serramentista: {
    categorySlug: 'servizi-casa',
    icon: 'Frame',
    shortDescription: 'Finestre e portefinestre in PVC, legno o alluminio con posa qualificata, per più comfort e risparmio.',
    description: paragraphs(
      'Finestre vecchie significano spifferi, condensa e bollette alte. Un serramentista qualificato sostituisce gli infissi migliorando isolamento, sicurezza e aspetto della casa.',
      'Fornisce e posa finestre in PVC, legno, alluminio o legno-alluminio, portefinestre, scorrevoli alzanti, persiane e scuri, con sigillature che evitano i ponti termici. Si occupa anche di regolazioni e del cambio delle guarnizioni.',
      'Compila la richiesta per avere un preventivo gratuito: un serramentista di fiducia misurerà i vani e ti aiuterà a valutare le detrazioni fiscali disponibili.',
    ),
    keywords: ['serramentista milano', 'sostituzione finestre', 'infissi in pvc', 'serramenti in alluminio', 'portefinestre', 'persiane', 'detrazioni infissi'],
  },
  parquettista: {
    categorySlug: 'servizi-casa',
    icon: 'Rows3',
    shortDescription: 'Posa, levigatura e verniciatura di parquet prefinito e massello, anche a spina di pesce.',
    description: paragraphs(
      'Il parquet dà calore a ogni ambiente, ma richiede mani esperte per essere posato e rinnovato. I parquettisti della nostra rete conoscono essenze, collanti e finiture e ti guidano nella scelta.',
      'Posano parquet prefinito e massello, a spina di pesce o a correre, anche flottante sopra pavimenti esistenti, e si occupano di levigatura, verniciatura o oliatura di pavimenti rovinati e della sostituzione di doghe danneggiate.',
      'Indica i metri quadri e lo stato attuale del pavimento: ti faremo avere un preventivo gratuito da un parquettista verificato della provincia di Milano.',
    ),
    keywords: ['parquettista milano', 'posa parquet', 'levigatura parquet', 'parquet a spina di pesce', 'verniciatura parquet', 'parquet flottante'],
  },
  antennista: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'SatelliteDish',
    shortDescription: 'Installazione e puntamento di antenne TV e parabole, impianti centralizzati e nuove prese TV.',
    description: paragraphs(
      "Canali che spariscono o immagine a quadretti? Spesso il problema è l'antenna o il cavo. L'antennista ripristina il segnale e adegua l'impianto ai nuovi standard di trasmissione.",
      'Installa e orienta antenne terrestri e parabole satellitari, realizza impianti centralizzati per condomini, aggiunge prese TV in altre stanze, monta amplificatori e sostituisce le antenne danneggiate dal vento.',
      'Compila il modulo per ricevere un preventivo gratuito: un antennista qualificato della tua zona misurerà il segnale e ti dirà con chiarezza cosa serve davvero.',
    ),
    keywords: ['antennista milano', 'installazione antenna tv', 'parabola satellitare', 'antenna centralizzata', 'segnale tv assente', 'presa tv'],
  },
  lattoniere: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'House',
    shortDescription: "Grondaie, pluviali, scossaline e lattonerie in rame o alluminio per proteggere il tetto dall'acqua.",
    description: paragraphs(
      "Grondaie e pluviali intasati o arrugginiti possono causare infiltrazioni costose. Il lattoniere lavora sulle coperture e protegge l'edificio dall'acqua piovana con lavorazioni in lamiera su misura.",
      "Realizza e sostituisce canali di gronda, pluviali, scossaline e converse in rame, acciaio preverniciato o alluminio, pulisce le grondaie e ripara le perdite del tetto, anche con l'uso di piattaforme aeree.",
      'Invia la tua richiesta: un lattoniere esperto della provincia di Milano valuterà la copertura e ti fornirà un preventivo gratuito con materiali e tempi di intervento.',
    ),
    keywords: ['lattoniere milano', 'grondaie', 'pluviali', 'scossaline', 'pulizia grondaie', 'lattoneria in rame'],
  },
  derattizzazione: {
    categorySlug: 'servizi-specializzati',
    icon: 'Rat',
    shortDescription: 'Eliminazione di topi e ratti con piani di monitoraggio per case, condomini, negozi e ristoranti.',
    description: paragraphs(
      'La presenza di topi e ratti è un rischio per la salute e per gli impianti. Una derattizzazione professionale elimina il problema alla radice, non solo per qualche settimana.',
      'Le ditte specializzate individuano con un sopralluogo i punti di accesso, posizionano erogatori di esca sicuri per bambini e animali, chiudono le aperture e programmano controlli periodici per cantine, cortili, box, ristoranti e magazzini.',
      "Richiedi un preventivo gratuito: un'azienda autorizzata della tua zona interverrà con prodotti registrati e ti lascerà la documentazione utile anche per l'HACCP.",
    ),
    keywords: ['derattizzazione milano', 'topi in casa', 'eliminazione ratti', 'disinfestazione topi', 'derattizzazione condominio', 'haccp'],
  },
  videosorveglianza: {
    categorySlug: 'sicurezza-tecnologia',
    icon: 'Cctv',
    shortDescription: 'Telecamere per casa, negozio e condominio con visione da smartphone e installazione a norma privacy.',
    description: paragraphs(
      'Sapere cosa succede a casa o in negozio, anche quando sei lontano, dà una tranquillità impagabile. Un impianto di videosorveglianza ben progettato scoraggia i malintenzionati e documenta ogni evento.',
      'Gli installatori della nostra rete montano telecamere IP e wireless per interni ed esterni, videoregistratori, app per la visione da smartphone e sistemi con rilevamento intelligente, integrandoli con allarmi e videocitofoni.',
      'Descrivi gli spazi da controllare: ti faremo avere un preventivo gratuito da un tecnico specializzato che opera a Milano e provincia.',
    ),
    keywords: [
      'videosorveglianza milano',
      'telecamere di sicurezza',
      'telecamere wifi',
      'impianto tvcc',
      'videosorveglianza condominio',
      'telecamere per negozi',
    ],
  },
  'pulizie-condomini': {
    categorySlug: 'servizi-specializzati',
    icon: 'Sparkles',
    shortDescription: 'Pulizia di scale, androni, vetri e cortili condominiali con imprese affidabili e orari concordati.',
    description: paragraphs(
      'Androni puliti e scale in ordine sono il primo biglietto da visita di un condominio. Le imprese di pulizia che selezioniamo lavorano con continuità e con personale regolarmente assunto.',
      'Offrono pulizia periodica di scale, ascensori e pianerottoli, lavaggio di vetri e portoni, gestione dei bidoni per la raccolta differenziata, cura di cortili e aree verdi e interventi straordinari dopo lavori o traslochi.',
      "Amministratori e condòmini possono chiedere un preventivo gratuito: indica il numero di scale e di piani e riceverai un'offerta chiara da un'impresa affidabile della tua zona.",
    ),
    keywords: ['pulizie condomini milano', 'impresa di pulizie', 'pulizia scale condominiali', 'pulizia androni', 'gestione bidoni', 'pulizie straordinarie'],
  },
  spazzacamino: {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'Brush',
    shortDescription: 'Pulizia e videoispezione di canne fumarie, camini e stufe a pellet per un riscaldamento sicuro.',
    description: paragraphs(
      'Camini e stufe accumulano fuliggine e creosoto, la prima causa di incendi della canna fumaria. Lo spazzacamino garantisce un tiraggio corretto e un uso sicuro del tuo impianto a legna o a pellet.',
      'Esegue la pulizia di canne fumarie, camini e stufe, la videoispezione dei condotti e la verifica del tiraggio, intuba le canne più vecchie con tubi in acciaio e rilascia il rapporto di controllo previsto dalle norme.',
      'Prenota per tempo la pulizia stagionale: compila la richiesta e ricevi un preventivo gratuito da uno spazzacamino qualificato attivo nella tua zona.',
    ),
    keywords: [
      'spazzacamino milano',
      'pulizia canna fumaria',
      'pulizia camino',
      'pulizia stufa a pellet',
      'videoispezione canna fumaria',
      'intubamento canna fumaria',
    ],
  },
  'impianti-fotovoltaici': {
    categorySlug: 'sicurezza-tecnologia',
    icon: 'SolarPanel',
    shortDescription: 'Pannelli solari, inverter e batterie di accumulo progettati sui tuoi consumi, pratiche incluse.',
    description: paragraphs(
      "Produrre energia dal sole riduce la bolletta e aumenta il valore della casa. Anche a Milano un impianto fotovoltaico ben dimensionato ripaga l'investimento in pochi anni.",
      'Gli installatori della nostra rete progettano impianti su tetti, terrazzi e pensiline, con pannelli ad alta efficienza, inverter e batterie di accumulo, e seguono la pratica di allacciamento alla rete e le richieste di incentivi e detrazioni.',
      "Chiedi ora un preventivo gratuito: un tecnico esperto analizzerà i tuoi consumi e l'esposizione del tetto per proporti la potenza più conveniente, senza alcun impegno.",
    ),
    keywords: [
      'impianto fotovoltaico milano',
      'pannelli solari',
      'fotovoltaico con accumulo',
      'batteria fotovoltaico',
      'installatore fotovoltaico',
      'detrazioni fotovoltaico',
    ],
  },
  zanzariere: {
    categorySlug: 'servizi-casa',
    icon: 'BugOff',
    shortDescription: 'Zanzariere su misura avvolgibili, plissettate o a battente, con misurazione e posa a domicilio.',
    description: paragraphs(
      'Dormire con le finestre aperte senza zanzare è possibile. Le zanzariere su misura proteggono la casa da insetti e foglie senza togliere luce né aria.',
      'Gli installatori montano zanzariere avvolgibili verticali e laterali, plissettate con binario ribassato per le portefinestre, a battente, fisse o magnetiche, con reti antipolline o resistenti agli animali domestici, e riparano anche quelle esistenti.',
      'Indica il numero di finestre e porte da proteggere: riceverai un preventivo gratuito da un installatore della tua zona, con misurazione a domicilio e tempi di consegna certi.',
    ),
    keywords: [
      'zanzariere milano',
      'zanzariere su misura',
      'zanzariera plissettata',
      'zanzariera avvolgibile',
      'zanzariera per portafinestra',
      'riparazione zanzariere',
    ],
  },
  tappezziere: {
    categorySlug: 'servizi-casa',
    icon: 'Sofa',
    shortDescription: 'Rifacimento di divani, poltrone e sedie, tende e cuscini su misura, posa di carta da parati.',
    description: paragraphs(
      'Un divano sfondato o la poltrona della nonna possono tornare come nuovi. Il tappezziere rinnova imbottiture e tessuti conservando la struttura dei mobili a cui sei affezionato.',
      'Rifà imbottiture e molleggi, cambia il rivestimento di divani, poltrone, sedie e testiere del letto, confeziona tende, cuscini e fodere su misura e può posare carta da parati e tessuti murali.',
      'Mandaci una descrizione o qualche foto del pezzo: ti metteremo in contatto con un tappezziere artigiano che ti proporrà i tessuti e un preventivo gratuito, senza impegno.',
    ),
    keywords: ['tappezziere milano', 'rifacimento divano', 'rivestimento poltrone', 'tappezzeria sedie', 'tende su misura', 'carta da parati'],
  },
  'porte-blindate': {
    categorySlug: 'servizi-casa',
    icon: 'DoorClosedLocked',
    shortDescription: 'Porte blindate certificate in classe 3 e 4, serrature di sicurezza e pannelli di rivestimento su misura.',
    description: paragraphs(
      "La porta d'ingresso è la prima difesa contro i furti. Una porta blindata certificata rallenta i tentativi di effrazione e migliora anche l'isolamento termico e acustico.",
      'Gli installatori forniscono porte blindate in classe 3 o 4 antieffrazione, con serrature a cilindro europeo o elettroniche e pannelli coordinati agli interni e al pianerottolo. Sanno anche rivestire o revisionare una blindata esistente.',
      'Compila il modulo per ricevere un preventivo gratuito: un tecnico verificato prenderà le misure e ti spiegherà le differenze tra i modelli, con prezzi chiari.',
    ),
    keywords: [
      'porte blindate milano',
      'porta blindata classe 3',
      'porta blindata classe 4',
      'serratura di sicurezza',
      'sostituzione porta ingresso',
      'pannelli porta blindata',
    ],
  },
  domotica: {
    categorySlug: 'sicurezza-tecnologia',
    icon: 'HouseWifi',
    shortDescription: 'Luci, clima, tapparelle e allarmi gestiti dallo smartphone o con la voce, su impianti nuovi o esistenti.',
    description: paragraphs(
      'Accendere le luci con la voce, abbassare le tapparelle dallo smartphone o controllare i consumi in tempo reale: la domotica rende la casa più comoda, sicura ed efficiente.',
      'I tecnici della nostra rete progettano sistemi su misura, cablati o wireless, per gestire illuminazione, riscaldamento, clima, tapparelle, allarmi e carichi elettrici, collegandoli ad assistenti vocali e scenari personalizzati.',
      'Raccontaci cosa vorresti automatizzare: un professionista esperto ti contatterà per un preventivo gratuito, anche per interventi graduali su un impianto esistente.',
    ),
    keywords: ['domotica milano', 'casa intelligente', 'smart home', 'impianto domotico', 'tapparelle smart', 'termostato smart'],
  },
  'rimozione-muffa': {
    categorySlug: 'manutenzione-riparazioni',
    icon: 'SprayCan',
    shortDescription: "Diagnosi dell'umidità, rimozione della muffa e trattamenti risananti per pareti sane e aria pulita.",
    description: paragraphs(
      "Le macchie nere negli angoli delle pareti non sono solo antiestetiche: la muffa peggiora l'aria che respiri. Per eliminarla davvero bisogna capirne la causa, che sia condensa, umidità di risalita o infiltrazione.",
      "Gli specialisti misurano l'umidità con strumenti dedicati, rimuovono la muffa con prodotti sanificanti e applicano pitture e intonaci deumidificanti, isolamenti interni e soluzioni contro i ponti termici.",
      "Chiedi un preventivo gratuito: un esperto della tua zona verrà a valutare l'ambiente e ti indicherà l'intervento più efficace per non vedere tornare la muffa.",
    ),
    keywords: ['rimozione muffa milano', 'muffa sulle pareti', 'umidità di risalita', 'condensa', 'pittura antimuffa', 'risanamento murature'],
  },
  disinfestazioni: {
    categorySlug: 'servizi-specializzati',
    icon: 'Bug',
    shortDescription: 'Trattamenti contro blatte, cimici, formiche, vespe e zanzare per case, condomini e attività.',
    description: paragraphs(
      "Scarafaggi, cimici dei letti, formiche o vespe possono rendere invivibile una casa o mettere a rischio un'attività. Una disinfestazione professionale risolve il problema in modo sicuro e duraturo.",
      'Le ditte della nostra rete eseguono trattamenti mirati contro blatte, cimici, pulci, zecche, tarme e zanzare, rimuovono i nidi di vespe e calabroni e programmano piani di prevenzione per condomini, ristoranti e uffici.',
      "Indica l'infestante e gli ambienti coinvolti: riceverai un preventivo gratuito da un'azienda autorizzata che usa prodotti registrati e rispettosi di persone e animali.",
    ),
    keywords: [
      'disinfestazione milano',
      'disinfestazione scarafaggi',
      'cimici dei letti',
      'nido di vespe',
      'disinfestazione zanzare',
      'disinfestazione condominio',
    ],
  },
  restauratore: {
    categorySlug: 'servizi-casa',
    icon: 'Paintbrush',
    shortDescription: "Restauro di mobili antichi, lucidatura a gommalacca, dorature e recupero di portoni d'epoca.",
    description: paragraphs(
      "Un mobile antico, una cornice dorata o una porta d'epoca meritano cure esperte. Il restauratore recupera la bellezza originale rispettando materiali e tecniche tradizionali.",
      'Si dedica al restauro di mobili in massello e impiallacciati, alla lucidatura a gommalacca, al consolidamento delle parti tarlate, al ripristino di intarsi, dorature e laccature e al recupero di persiane, portoni e boiserie.',
      "Descrivi l'oggetto da restaurare, magari con una foto: ti metteremo in contatto con un restauratore qualificato dell'area milanese per un preventivo gratuito e senza impegno.",
    ),
    keywords: ['restauratore milano', 'restauro mobili antichi', 'lucidatura a gommalacca', 'restauro portoni', 'trattamento tarli', 'restauro cornici'],
  },
}

export const services: readonly Service[] = serviceNames.map((names) => ({ ...names, ...details[names.id], path: `/${names.id}` }))

/** The 8 most requested services shown on the home page grid (docs/product.md §2.2), in display order. */
export const topServiceIds: readonly string[] = [
  'impianti-fotovoltaici',
  'zanzariere',
  'falegname',
  'tapparellista',
  'elettricista',
  'tecnico-climatizzatori',
  'imbianchino',
  'porte-blindate',
]

const servicesById: ReadonlyMap<string, Service> = new Map(services.map((s) => [s.id, s]))

/** Looks a service up by its id (slug) in O(1). */
export function findService(id: string): Service | undefined {
  return servicesById.get(id)
}
