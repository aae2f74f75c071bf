import { italianNumber } from '../plural.ts'
import { TIMING_LABELS, type Timing } from './timing.ts'

// The few questions a craftsman asks first on the phone, per service (issue 30, docs/product.md §3): the quote form shows
// them once the service is chosen, the server checks the answers against them (shared/schemas/quote-request.ts), and the
// office's and the craftsmen's screens and mails read their labels from here. Ids are stored in leads.answers: once
// shipped, a question's or an option's id never changes meaning and is never reused (a label may be reworded).

/** One answer among a question's options: a stable id and its Italian label. */
export type QuestionOption = { id: string; label: string }

type QuestionBase = {
  /** Unique within its service; the key of the answer in leads.answers. */
  id: string
  /** A short noun phrase, shown as the question's legend and as "Domanda: risposta" in mails and the back office. */
  label: string
  /** The one question that decides whether the job fits a craftsman; every other is optional. */
  required: boolean
}
export type ChoiceQuestion = QuestionBase & { kind: 'choice'; options: readonly QuestionOption[] }
/** A whole number between min and max, both included, in `unit` ('m²', 'stanze'...). */
export type NumberQuestion = QuestionBase & { kind: 'number'; min: number; max: number; unit: string }
export type ServiceQuestion = ChoiceQuestion | NumberQuestion

export * from './timing.ts'

/** Options written as [id, label] pairs, the compact form of the catalogue below. */
type Pairs = readonly (readonly [string, string])[]

/** The question that decides whether the job fits: at most one per service. */
const main = (id: string, label: string, options: Pairs): ChoiceQuestion => ({ ...choice(id, label, options), required: true })
const choice = (id: string, label: string, options: Pairs): ChoiceQuestion => ({
  id,
  label,
  required: false,
  kind: 'choice',
  options: options.map(([optionId, optionLabel]) => ({ id: optionId, label: optionLabel })),
})
const count = (id: string, label: string, min: number, max: number, unit: string): NumberQuestion => ({
  id,
  label,
  required: false,
  kind: 'number',
  min,
  max,
  unit,
})

const YES_NO: Pairs = [
  ['si', 'Sì'],
  ['no', 'No'],
]
const NOT_SURE = ['non-so', 'Non so'] as const
const OTHER = ['altro', 'Altro'] as const
const area = (label: string, max: number) => count('superficie', label, 1, max, 'm²')
const property = (...extra: Pairs) =>
  choice('immobile', 'Tipo di immobile', [
    ['appartamento', 'Appartamento'],
    ['casa', 'Casa indipendente o villetta'],
    ['negozio', 'Negozio o ufficio'],
    ...extra,
  ])
const CONDOMINIUM = ['condominio', 'Condominio (parti comuni)'] as const
const floorAndLift = choice('piano', 'Piano e ascensore', [
  ['terra', 'Piano terra'],
  ['con-ascensore', 'Piano alto con ascensore'],
  ['senza-ascensore', 'Piano alto senza ascensore'],
])

/** Every service's questions, by service id; 'altro' has none (only "Quando?"). */
export const SERVICE_QUESTIONS: Readonly<Record<string, readonly ServiceQuestion[]>> = {
  elettricista: [
    main('intervento', 'Tipo di intervento', [
      ['guasto', 'Guasto o blackout'],
      ['punti-luce', 'Nuove prese o punti luce'],
      ['quadro', 'Quadro elettrico o salvavita'],
      ['rifacimento', "Rifacimento dell'impianto"],
      ['certificazione', 'Certificazione o dichiarazione di conformità'],
      OTHER,
    ]),
    property(CONDOMINIUM),
    area("Superficie dell'immobile", 2000),
  ],
  imbianchino: [
    main('ambienti', 'Cosa va dipinto', [
      ['interni', 'Interni'],
      ['esterni', 'Esterni o facciata'],
      ['entrambi', 'Interni ed esterni'],
    ]),
    count('stanze', 'Stanze da dipingere', 1, 30, 'stanze'),
    area('Superficie da dipingere', 5000),
    choice('soffitti', 'Anche i soffitti', YES_NO),
    choice('mobili', 'Mobili da spostare o coprire', [
      ['si', 'Sì'],
      ['no', 'No, i locali sono vuoti'],
    ]),
  ],
  idraulico: [
    main('problema', 'Cosa succede', [
      ['perdita', "Perdita d'acqua"],
      ['scarico', 'Scarico intasato'],
      ['sanitari', 'Sanitari o rubinetti da sostituire'],
      ['bagno', 'Rifacimento del bagno'],
      ['impianto', "Nuovo impianto o modifica dell'impianto"],
      OTHER,
    ]),
    choice('urgenza', 'Quanto è grave', [
      ['in-corso', "L'acqua esce adesso"],
      ['disagio', 'Un disagio, non un’emergenza'],
      ['nessuna', 'Nessuna urgenza'],
    ]),
    property(),
  ],
  cartongessista: [
    main('lavoro', 'Cosa realizzare', [
      ['parete', 'Parete divisoria'],
      ['controsoffitto', 'Controsoffitto'],
      ['controparete', 'Controparete o isolamento'],
      ['arredo', 'Nicchie, librerie o mobili in cartongesso'],
    ]),
    area('Superficie', 2000),
    choice('isolamento', 'Con isolamento termico o acustico', YES_NO),
  ],
  muratore: [
    main('lavoro', 'Tipo di lavoro', [
      ['ristrutturazione', 'Ristrutturazione completa'],
      ['bagno', 'Bagno'],
      ['cucina', 'Cucina'],
      ['demolizioni', 'Demolizioni o nuove aperture'],
      ['esterni', 'Facciata o esterni'],
      ['piccoli-lavori', 'Piccoli lavori'],
    ]),
    area('Superficie interessata', 5000),
    floorAndLift,
    choice('pratiche', 'Pratiche edilizie (CILA, SCIA)', [['pronte', 'Già presentate'], ['da-fare', 'Da preparare'], NOT_SURE]),
  ],
  fabbro: [
    main('lavoro', 'Tipo di lavoro', [
      ['apertura', 'Apertura porta (chiuso fuori)'],
      ['serratura', 'Cambio serratura o cilindro'],
      ['inferriate', 'Inferriate o grate'],
      ['cancello', 'Cancello o recinzione'],
      ['ringhiera', 'Ringhiera o scala'],
      OTHER,
    ]),
    choice('materiale', 'Materiale', [['ferro', 'Ferro'], ['inox', 'Acciaio inox'], ['alluminio', 'Alluminio'], NOT_SURE]),
  ],
  vetraio: [
    main('lavoro', 'Tipo di lavoro', [
      ['rotto', 'Vetro rotto da sostituire'],
      ['doppi-vetri', 'Doppi vetri o vetri isolanti'],
      ['box-doccia', 'Box doccia'],
      ['specchi', 'Specchi'],
      ['vetrina', 'Vetrina di negozio'],
    ]),
    count('vetri', 'Numero di vetri', 1, 100, 'vetri'),
    count('lato', 'Lato più lungo del vetro più grande', 10, 600, 'cm'),
  ],
  piastrellista: [
    main('ambiente', 'Dove', [['bagno', 'Bagno'], ['cucina', 'Cucina'], ['pavimenti', 'Pavimenti di casa'], ['esterni', 'Terrazzo o balcone'], OTHER]),
    area('Superficie da piastrellare', 2000),
    choice('rimozione', 'Piastrelle vecchie da rimuovere', YES_NO),
    choice('fornitura', 'Le piastrelle', [
      ['pronte', 'Le ho già'],
      ['da-scegliere', "Da scegliere con l'artigiano"],
    ]),
  ],
  falegname: [
    main('lavoro', 'Tipo di lavoro', [
      ['su-misura', 'Mobile su misura'],
      ['cucina', 'Cucina'],
      ['armadio', 'Armadio o cabina armadio'],
      ['porte', 'Porte interne'],
      ['riparazione', 'Riparazione'],
      OTHER,
    ]),
    choice('legno', 'Materiale', [
      ['massello', 'Legno massello'],
      ['pannelli', 'Laminato o pannelli'],
      ['da-consigliare', 'Da consigliare'],
    ]),
    floorAndLift,
  ],
  'tecnico-caldaie': [
    main('intervento', 'Tipo di intervento', [
      ['guasto', 'Guasto o caldaia ferma'],
      ['manutenzione', 'Manutenzione o controllo fumi'],
      ['sostituzione', 'Sostituzione della caldaia'],
      ['installazione', 'Nuova installazione'],
    ]),
    choice('alimentazione', 'Alimentazione', [['metano', 'Metano'], ['gpl', 'GPL'], ['gasolio', 'Gasolio'], ['pellet', 'Pellet o legna'], NOT_SURE]),
    count('eta', 'Età della caldaia', 0, 50, 'anni'),
  ],
  'tecnico-climatizzatori': [
    main('intervento', 'Tipo di intervento', [
      ['installazione', 'Nuova installazione'],
      ['manutenzione', 'Manutenzione o pulizia'],
      ['riparazione', 'Riparazione'],
      ['sostituzione', 'Sostituzione'],
    ]),
    count('split', 'Numero di split', 1, 20, 'split'),
    choice('unita-esterna', "Dove va l'unità esterna", [
      ['balcone', 'Balcone o terrazzo'],
      ['facciata', 'In facciata'],
      ['tetto', 'Sul tetto'],
      ['da-valutare', 'Da valutare'],
    ]),
  ],
  spurghi: [
    main('problema', 'Tipo di intervento', [
      ['intasamento', 'Scarico o WC intasato'],
      ['fossa', 'Svuotamento fossa biologica'],
      ['videoispezione', 'Videoispezione'],
      ['pozzetti', 'Pulizia pozzetti o colonne'],
    ]),
    property(CONDOMINIUM),
  ],
  tapparellista: [
    main('lavoro', 'Tipo di lavoro', [
      ['bloccata', 'Cinghia rotta o tapparella bloccata'],
      ['sostituzione', 'Sostituzione della tapparella'],
      ['motorizzazione', 'Motorizzazione'],
      ['installazione', 'Nuova installazione'],
    ]),
    count('tapparelle', 'Numero di tapparelle', 1, 50, 'tapparelle'),
    choice('materiale', 'Materiale', [['pvc', 'PVC'], ['alluminio', 'Alluminio'], ['legno', 'Legno'], NOT_SURE]),
  ],
  serramentista: [
    main('lavoro', 'Tipo di lavoro', [
      ['sostituzione', 'Sostituzione di finestre'],
      ['porte-finestre', 'Porte-finestre'],
      ['riparazione', 'Riparazione o regolazione'],
      ['persiane', 'Persiane o scuri'],
    ]),
    count('serramenti', 'Numero di serramenti', 1, 100, 'serramenti'),
    choice('materiale', 'Materiale', [
      ['pvc', 'PVC'],
      ['alluminio', 'Alluminio'],
      ['legno', 'Legno'],
      ['legno-alluminio', 'Legno-alluminio'],
      ['da-consigliare', 'Da consigliare'],
    ]),
  ],
  parquettista: [
    main('lavoro', 'Tipo di lavoro', [
      ['posa', 'Posa di un parquet nuovo'],
      ['levigatura', 'Levigatura e verniciatura'],
      ['riparazione', 'Riparazione'],
      ['rimozione', 'Rimozione del vecchio pavimento'],
    ]),
    area('Superficie', 2000),
    choice('posa', 'Tipo di posa', [['incollato', 'Incollato'], ['flottante', 'Flottante'], NOT_SURE]),
  ],
  antennista: [
    main('lavoro', 'Tipo di lavoro', [
      ['segnale', 'Nessun segnale o canali persi'],
      ['antenna', 'Nuova antenna'],
      ['parabola', 'Parabola satellitare'],
      ['centralizzato', 'Impianto condominiale'],
    ]),
    property(CONDOMINIUM),
    count('prese', 'Prese TV', 1, 50, 'prese'),
  ],
  lattoniere: [
    main('lavoro', 'Tipo di lavoro', [
      ['grondaie', 'Grondaie o pluviali'],
      ['infiltrazioni', 'Infiltrazioni dal tetto'],
      ['copertura', 'Copertura o lattonerie'],
      ['comignolo', 'Comignolo o scossaline'],
    ]),
    count('metri', 'Metri di grondaia', 1, 500, 'm'),
    count('piani', "Piani dell'edificio", 1, 30, 'piani'),
  ],
  derattizzazione: [
    main('luogo', 'Dove', [
      ['casa', 'Casa o appartamento'],
      CONDOMINIUM,
      ['alimentare', 'Ristorante o negozio alimentare'],
      ['azienda', 'Magazzino o azienda'],
      ['giardino', 'Giardino o cortile'],
    ]),
    choice('segni', 'Cosa hai notato', [
      ['avvistamenti', 'Ratti o topi visti'],
      ['tracce', 'Escrementi o rosicchiature'],
      ['rumori', 'Rumori'],
      ['prevenzione', 'Niente, è prevenzione'],
    ]),
    choice('servizio', 'Servizio', [
      ['singolo', 'Intervento singolo'],
      ['periodico', 'Contratto periodico'],
    ]),
  ],
  videosorveglianza: [
    main('immobile', 'Tipo di immobile', [
      ['appartamento', 'Appartamento'],
      ['casa', 'Casa indipendente o villetta'],
      ['negozio', 'Negozio o ufficio'],
      CONDOMINIUM,
      ['azienda', 'Capannone o azienda'],
    ]),
    count('telecamere', 'Numero di telecamere', 1, 64, 'telecamere'),
    choice('allarme', 'Anche un allarme', YES_NO),
    choice('remoto', 'Visione dallo smartphone', YES_NO),
  ],
  'pulizie-condomini': [
    main('servizio', 'Tipo di servizio', [
      ['periodiche', 'Pulizie periodiche'],
      ['straordinaria', 'Pulizia straordinaria'],
      ['fine-cantiere', 'Pulizia di fine cantiere'],
    ]),
    count('scale', 'Numero di scale', 1, 30, 'scale'),
    count('piani', 'Piani per scala', 1, 40, 'piani'),
    choice('frequenza', 'Frequenza', [
      ['settimanale', 'Una volta a settimana'],
      ['bisettimanale', 'Due volte a settimana'],
      ['quindicinale', 'Ogni due settimane'],
      ['mensile', 'Una volta al mese'],
    ]),
  ],
  spazzacamino: [
    main('impianto', 'Cosa pulire', [
      ['camino', 'Camino aperto'],
      ['stufa-legna', 'Stufa a legna'],
      ['stufa-pellet', 'Stufa a pellet'],
      ['caldaia', 'Canna fumaria della caldaia'],
    ]),
    choice('ultima-pulizia', 'Ultima pulizia', [
      ['entro-un-anno', 'Meno di un anno fa'],
      ['uno-tre-anni', 'Da uno a tre anni fa'],
      ['oltre', 'Oltre tre anni fa o mai'],
    ]),
    choice('tetto', 'Accesso al tetto', [['accessibile', 'Tetto accessibile'], ['non-accessibile', 'Non accessibile'], NOT_SURE]),
  ],
  'impianti-fotovoltaici': [
    main('tetto', 'Tipo di tetto', [
      ['falde', 'A falde (tegole o coppi)'],
      ['piano', 'Piano'],
      ['lamiera', 'In lamiera'],
      ['condominio', 'Tetto condominiale'],
      ['terra', 'A terra, in giardino'],
    ]),
    count('consumo', 'Consumo annuo di energia', 500, 100_000, 'kWh'),
    area('Superficie del tetto disponibile', 5000),
    choice('accumulo', 'Batteria di accumulo', [
      ['si', 'Sì'],
      ['no', 'No'],
      ['da-valutare', 'Da valutare'],
    ]),
  ],
  zanzariere: [
    main('tipo', 'Tipo di zanzariera', [
      ['rullo', 'A rullo'],
      ['plissettata', 'Plissettata'],
      ['battente', 'A battente'],
      ['fissa', 'Fissa'],
      ['da-consigliare', 'Da consigliare'],
    ]),
    count('zanzariere', 'Numero di zanzariere', 1, 50, 'zanzariere'),
    choice('aperture', 'Per', [
      ['finestre', 'Finestre'],
      ['porte-finestre', 'Porte-finestre'],
      ['entrambe', 'Finestre e porte-finestre'],
    ]),
  ],
  tappezziere: [
    main('lavoro', 'Cosa rivestire', [
      ['divano', 'Divano o poltrona'],
      ['sedie', 'Sedie'],
      ['letto', 'Testiera o letto'],
      ['tende', 'Tende'],
      ['carta-da-parati', 'Carta da parati'],
    ]),
    count('pezzi', 'Numero di pezzi', 1, 100, 'pezzi'),
    choice('tessuto', 'Tessuto', [
      ['fornito', 'Lo fornisco io'],
      ['da-scegliere', "Da scegliere con l'artigiano"],
    ]),
  ],
  'porte-blindate': [
    main('lavoro', 'Tipo di lavoro', [
      ['nuova', 'Nuova porta blindata'],
      ['serratura', 'Cambio serratura o cilindro europeo'],
      ['riparazione', 'Riparazione'],
      ['pannelli', 'Pannelli o rivestimento'],
    ]),
    choice('classe', 'Classe antieffrazione', [['classe-3', 'Classe 3'], ['classe-4', 'Classe 4 o superiore'], NOT_SURE]),
    choice('ingresso', 'La porta dà su', [
      ['pianerottolo', 'Pianerottolo condominiale'],
      ['esterno', "L'esterno"],
    ]),
  ],
  domotica: [
    main('sistema', 'Cosa automatizzare', [
      ['luci', 'Luci e prese'],
      ['tapparelle', 'Tapparelle e tende'],
      ['clima', 'Riscaldamento e clima'],
      ['sicurezza', 'Sicurezza e videocitofono'],
      ['casa-intera', 'Tutta la casa'],
    ]),
    choice('stato', 'La casa è', [
      ['ristrutturazione', 'In ristrutturazione'],
      ['abitata', 'Già abitata'],
    ]),
    count('stanze', 'Numero di stanze', 1, 30, 'stanze'),
  ],
  'rimozione-muffa': [
    main('dove', 'Dove', [
      ['bagno', 'Bagno'],
      ['camera', 'Camera'],
      ['cucina', 'Cucina'],
      ['piu-stanze', 'Più stanze'],
      ['cantina', 'Cantina o box'],
    ]),
    area('Superficie colpita', 500),
    choice('causa', 'Causa', [['condensa', 'Condensa'], ['infiltrazione', 'Infiltrazione'], ['risalita', 'Umidità di risalita'], NOT_SURE]),
  ],
  disinfestazioni: [
    main('infestante', 'Infestante', [
      ['blatte', 'Blatte'],
      ['formiche', 'Formiche'],
      ['cimici', 'Cimici dei letti'],
      ['zanzare', 'Zanzare'],
      ['vespe', 'Vespe o calabroni'],
      ['tarli', 'Tarli'],
      OTHER,
    ]),
    choice('luogo', 'Dove', [['casa', 'Casa o appartamento'], CONDOMINIUM, ['giardino', 'Giardino'], ['azienda', 'Azienda o locale pubblico']]),
    area('Superficie', 10_000),
  ],
  restauratore: [
    main('oggetto', 'Cosa restaurare', [
      ['mobile', 'Mobile antico'],
      ['porte', 'Porte o infissi'],
      ['dipinto', 'Dipinto o cornice'],
      ['pavimento', 'Pavimento storico'],
      ['decorazioni', 'Decorazioni o facciata'],
    ]),
    count('pezzi', 'Numero di pezzi', 1, 100, 'pezzi'),
    choice('epoca', 'Epoca', [['antico', 'Più di cento anni'], ['novecento', 'Novecento'], ['recente', 'Recente'], NOT_SURE]),
  ],
}

/** The questions of a service id of the quote form: none for 'altro' or an unknown id. */
export function questionsOf(serviceId: string): readonly ServiceQuestion[] {
  return Object.hasOwn(SERVICE_QUESTIONS, serviceId) ? SERVICE_QUESTIONS[serviceId]! : []
}

/** The most questions any service asks: the bound of the answers a request may carry. */
export const MAX_QUESTIONS = 5
/** The longest answer a question accepts: an option id or a whole number's digits. */
export const MAX_ANSWER_LENGTH = 40

/** An answer as stored in leads.answers: an option's id or a whole number. */
export type StoredAnswers = Record<string, string | number>

/** A stored answer in words: the option's label, or the number with its unit ("120 m²"); null when it names nothing. */
function answerLabel(question: ServiceQuestion, value: string | number): string | null {
  if (question.kind === 'choice') return question.options.find((option) => option.id === value)?.label ?? null
  return typeof value === 'number' ? `${italianNumber.format(value)} ${question.unit}` : null
}

/** One "Domanda: risposta" line of a lead, in words. */
export type AnswerLine = { question: string; answer: string }

/**
 * A lead's answers in the catalogue's order and words. `answers` is leads.answers (JSON text) or already read; an answer
 * whose question or option the catalogue no longer has is left out rather than shown as its raw id.
 */
export function answerLines(serviceId: string | null, answers: string | StoredAnswers | null): AnswerLine[] {
  const stored = typeof answers === 'string' ? readStoredAnswers(answers) : (answers ?? {})
  const lines: AnswerLine[] = []
  for (const question of questionsOf(serviceId ?? '')) {
    const value = Object.hasOwn(stored, question.id) ? stored[question.id] : undefined
    const answer = value === undefined ? null : answerLabel(question, value)
    if (answer) lines.push({ question: question.label, answer })
  }
  return lines
}

/** leads.timing in words ("Entro 2 settimane"), or null when the requester did not say. */
export function timingLabel(timing: string | null): string | null {
  return timing && Object.hasOwn(TIMING_LABELS, timing) ? TIMING_LABELS[timing as Timing] : null
}

/**
 * What the requester answered, as the office's mail and dialog and the craftsmen's offer and acceptance mails show it:
 * the service's answers, then "Quando".
 */
export function questionnaireLines(lead: { service_id: string | null; answers: string | null; timing: string | null }): AnswerLine[] {
  const when = timingLabel(lead.timing)
  return [...answerLines(lead.service_id, lead.answers), ...(when ? [{ question: 'Quando', answer: when }] : [])]
}

/** Answers as one text, a line each: the export's "Risposte" column. */
export const answersText = (lines: AnswerLine[]) => lines.map(({ question, answer }) => `${question}: ${answer}`).join('\n')

function readStoredAnswers(json: string): StoredAnswers {
  try {
    const parsed: unknown = JSON.parse(json)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StoredAnswers) : {}
  } catch {
    return {}
  }
}
