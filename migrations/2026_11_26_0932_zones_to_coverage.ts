import type { Kysely } from 'kysely'

// Moves the craftsmen's free-text operative zones to structured coverage: for each of their sectors, the zones that
// name a comune of the Città metropolitana become a list of comuni, measured from the first of them (the base); the
// zones that name none are kept in artisans.unmatched_zones for the office to fix. Names, slugs and coordinates are
// copied here as they were on this day (frozen: a migration never imports app code); the coordinates are GeoNames'
// (CC BY 4.0), as scripts/comuni-coordinates.ts wrote them into shared/catalog/comuni-coordinates.ts.

/** [name, slug, latitude, longitude] of the 133 comuni. */
const COMUNI: [string, string, number, number][] = [
  ['Milano', 'milano', 45.46427, 9.18951],
  ['Sesto San Giovanni', 'sesto-san-giovanni', 45.53329, 9.22585],
  ['Cinisello Balsamo', 'cinisello-balsamo', 45.55823, 9.21495],
  ['Legnano', 'legnano', 45.59788, 8.91506],
  ['Rho', 'rho', 45.53245, 9.0402],
  ['Paderno Dugnano', 'paderno-dugnano', 45.56899, 9.16483],
  ['Cologno Monzese', 'cologno-monzese', 45.53004, 9.27795],
  ['Rozzano', 'rozzano', 45.38193, 9.1559],
  ['San Giuliano Milanese', 'san-giuliano-milanese', 45.39402, 9.29109],
  ['Pioltello', 'pioltello', 45.50147, 9.33053],
  ['Segrate', 'segrate', 45.49185, 9.29812],
  ['Bollate', 'bollate', 45.54647, 9.12054],
  ['Cernusco sul Naviglio', 'cernusco-sul-naviglio', 45.52526, 9.33297],
  ['Corsico', 'corsico', 45.43099, 9.11093],
  ['San Donato Milanese', 'san-donato-milanese', 45.41047, 9.26838],
  ['Abbiategrasso', 'abbiategrasso', 45.39821, 8.91678],
  ['Parabiago', 'parabiago', 45.56034, 8.94545],
  ['Buccinasco', 'buccinasco', 45.40703, 9.1083],
  ['Garbagnate Milanese', 'garbagnate-milanese', 45.57438, 9.07537],
  ['Bresso', 'bresso', 45.53792, 9.18921],
  ['Lainate', 'lainate', 45.57176, 9.02681],
  ['Magenta', 'magenta', 45.46456, 8.88453],
  ['Peschiera Borromeo', 'peschiera-borromeo', 45.4308, 9.3087],
  ['Cesano Boscone', 'cesano-boscone', 45.44207, 9.09445],
  ['Senago', 'senago', 45.57562, 9.1262],
  ['Trezzano sul Naviglio', 'trezzano-sul-naviglio', 45.42212, 9.06342],
  ['Gorgonzola', 'gorgonzola', 45.53069, 9.40531],
  ['Cornaredo', 'cornaredo', 45.50128, 9.02681],
  ['Settimo Milanese', 'settimo-milanese', 45.47771, 9.05574],
  ['Cormano', 'cormano', 45.54917, 9.15964],
  ['Novate Milanese', 'novate-milanese', 45.5305, 9.13954],
  ['Arese', 'arese', 45.55048, 9.07741],
  ["Cassano d'Adda", 'cassano-d-adda', 45.52637, 9.51528],
  ['Cusano Milanino', 'cusano-milanino', 45.55187, 9.18373],
  ['Corbetta', 'corbetta', 45.46723, 8.91867],
  ['Melzo', 'melzo', 45.4981, 9.42043],
  ['Melegnano', 'melegnano', 45.35781, 9.3236],
  ['Bareggio', 'bareggio', 45.47927, 8.99789],
  ['Nerviano', 'nerviano', 45.55343, 8.9792],
  ['Vimodrone', 'vimodrone', 45.51461, 9.28772],
  ['Pieve Emanuele', 'pieve-emanuele', 45.35052, 9.20268],
  ['Carugate', 'carugate', 45.54983, 9.34044],
  ['Cerro Maggiore', 'cerro-maggiore', 45.59366, 8.95428],
  ['Rescaldina', 'rescaldina', 45.62002, 8.94878],
  ['Solaro', 'solaro', 45.61427, 9.08304],
  ['Cesate', 'cesate', 45.59587, 9.07574],
  ['Busto Garolfo', 'busto-garolfo', 45.54809, 8.88298],
  ["Cassina de' Pecchi", 'cassina-de-pecchi', 45.51637, 9.35975],
  ['Opera', 'opera', 45.37355, 9.21084],
  ['Sedriano', 'sedriano', 45.49105, 8.97161],
  ['Canegrate', 'canegrate', 45.56825, 8.92689],
  ['Mediglia', 'mediglia', 45.39537, 9.33165],
  ["Trezzo sull'Adda", 'trezzo-sull-adda', 45.60523, 9.51417],
  ['Arluno', 'arluno', 45.50344, 8.94222],
  ['Baranzate', 'baranzate', 45.52717, 9.11724],
  ['Pero', 'pero', 45.51017, 9.08704],
  ['Inzago', 'inzago', 45.53991, 9.48343],
  ['Paullo', 'paullo', 45.41834, 9.40042],
  ['Castano Primo', 'castano-primo', 45.55175, 8.77562],
  ['Locate di Triulzi', 'locate-di-triulzi', 45.35691, 9.22516],
  ['Magnago', 'magnago', 45.5792, 8.80245],
  ['Vignate', 'vignate', 45.49939, 9.37719],
  ['Vanzago', 'vanzago', 45.52566, 8.99097],
  ['Gaggiano', 'gaggiano', 45.40484, 9.03488],
  ['Assago', 'assago', 45.40887, 9.12565],
  ['Vittuone', 'vittuone', 45.48792, 8.95141],
  ['Pessano con Bornago', 'pessano-con-bornago', 45.54937, 9.38145],
  ["Vaprio d'Adda", 'vaprio-d-adda', 45.5764, 9.52407],
  ['Lacchiarella', 'lacchiarella', 45.3229, 9.13777],
  ['Gessate', 'gessate', 45.54838, 9.43775],
  ['Bussero', 'bussero', 45.53407, 9.37205],
  ['Inveruno', 'inveruno', 45.51399, 8.84954],
  ['Pozzuolo Martesana', 'pozzuolo-martesana', 45.51398, 9.45625],
  ['Pogliano Milanese', 'pogliano-milanese', 45.53786, 8.99403],
  ['San Vittore Olona', 'san-vittore-olona', 45.58577, 8.94134],
  ['Cuggiono', 'cuggiono', 45.50683, 8.8155],
  ['Motta Visconti', 'motta-visconti', 45.28774, 8.99254],
  ['Basiglio', 'basiglio', 45.35917, 9.15855],
  ['Settala', 'settala', 45.45357, 9.38715],
  ['San Colombano al Lambro', 'san-colombano-al-lambro', 45.18322, 9.49028],
  ['Binasco', 'binasco', 45.33102, 9.0944],
  ['Turbigo', 'turbigo', 45.53076, 8.73671],
  ['Pregnana Milanese', 'pregnana-milanese', 45.51597, 9.00704],
  ['Cambiago', 'cambiago', 45.58035, 9.43528],
  ['Zibido San Giacomo', 'zibido-san-giacomo', 45.36041, 9.11119],
  ['San Giorgio su Legnano', 'san-giorgio-su-legnano', 45.57377, 8.91374],
  ['Robecco sul Naviglio', 'robecco-sul-naviglio', 45.43662, 8.88573],
  ['Arconate', 'arconate', 45.54134, 8.84891],
  ['Vermezzo con Zelo', 'vermezzo-con-zelo', 45.39627, 8.97904],
  ['Dairago', 'dairago', 45.5658, 8.86265],
  ['Villa Cortese', 'villa-cortese', 45.56666, 8.88712],
  ['Marcallo con Casone', 'marcallo-con-casone', 45.48327, 8.87194],
  ["Pozzo d'Adda", 'pozzo-d-adda', 45.57258, 9.50295],
  ['Truccazzano', 'truccazzano', 45.48455, 9.4695],
  ['Pantigliate', 'pantigliate', 45.43526, 9.3522],
  ['Rosate', 'rosate', 45.34965, 9.01659],
  ['Casorezzo', 'casorezzo', 45.52265, 8.90186],
  ['Trezzano Rosa', 'trezzano-rosa', 45.58228, 9.48567],
  ['Vanzaghello', 'vanzaghello', 45.57964, 8.78234],
  ['Cisliano', 'cisliano', 45.44371, 8.98695],
  ['Santo Stefano Ticino', 'santo-stefano-ticino', 45.48635, 8.91582],
  ['Cerro al Lambro', 'cerro-al-lambro', 45.32997, 9.33905],
  ['Buscate', 'buscate', 45.54353, 8.81297],
  ['Albairate', 'albairate', 45.41957, 8.93744],
  ['Robecchetto con Induno', 'robecchetto-con-induno', 45.52848, 8.77068],
  ['Rodano', 'rodano', 45.46967, 9.33763],
  ['San Zenone al Lambro', 'san-zenone-al-lambro', 45.32681, 9.35598],
  ['Cusago', 'cusago', 45.44997, 9.03744],
  ['Noviglio', 'noviglio', 45.35907, 9.05215],
  ['Ossona', 'ossona', 45.50708, 8.89314],
  ['Liscate', 'liscate', 45.48316, 9.4103],
  ['Boffalora sopra Ticino', 'boffalora-sopra-ticino', 45.46735, 8.83095],
  ['Carpiano', 'carpiano', 45.34027, 9.27401],
  ['Casarile', 'casarile', 45.31683, 9.10383],
  ['Mesero', 'mesero', 45.50227, 8.85544],
  ['Vizzolo Predabissi', 'vizzolo-predabissi', 45.35587, 9.34815],
  ['Bellinzago Lombardo', 'bellinzago-lombardo', 45.54207, 9.44595],
  ['Masate', 'masate', 45.56708, 9.46415],
  ['Basiano', 'basiano', 45.58248, 9.46325],
  ['Tribiano', 'tribiano', 45.41323, 9.37693],
  ['Vernate', 'vernate', 45.31589, 9.06045],
  ['Dresano', 'dresano', 45.37297, 9.35785],
  ['Bernate Ticino', 'bernate-ticino', 45.47873, 8.81834],
  ['Grezzago', 'grezzago', 45.59108, 9.49725],
  ['Bubbiano', 'bubbiano', 45.32727, 9.01455],
  ['Besate', 'besate', 45.31296, 8.96964],
  ['Colturano', 'colturano', 45.38151, 9.33443],
  ['Cassinetta di Lugagnano', 'cassinetta-di-lugagnano', 45.42247, 8.90604],
  ['Gudo Visconti', 'gudo-visconti', 45.37407, 9.00014],
  ['Ozzero', 'ozzero', 45.36775, 8.9244],
  ['Calvignasco', 'calvignasco', 45.32597, 9.02775],
  ['Morimondo', 'morimondo', 45.35381, 8.95626],
  ['Nosate', 'nosate', 45.55074, 8.72509],
]

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

const bySlugifiedName = new Map(COMUNI.map((comune) => [slugify(comune[0]), comune]))

function distanceKm(a: (typeof COMUNI)[number], b: (typeof COMUNI)[number]): number {
  const rad = Math.PI / 180
  const h = Math.sin(((b[2] - a[2]) * rad) / 2) ** 2 + Math.cos(a[2] * rad) * Math.cos(b[2] * rad) * Math.sin(((b[3] - a[3]) * rad) / 2) ** 2
  return Math.round(2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h))))
}

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** The tables as they are on this day. */
type Tables = {
  artisans: { id: number; operative_zones: string; unmatched_zones: string }
  artisan_sectors: { artisan_id: number; sector: string }
  artisan_coverage: { artisan_id: number; sector: string; base_comune_slug: string; radius_km: number | null; comune_slugs: string }
  artisan_coverage_comuni: { artisan_id: number; sector: string; comune_slug: string; distance_km: number }
}

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<Tables>
  const artisans = await db.selectFrom('artisans').select(['id', 'operative_zones']).orderBy('id').execute()
  const sectorRows = await db.selectFrom('artisan_sectors').select(['artisan_id', 'sector']).orderBy('artisan_id').orderBy('sector').execute()
  const sectorsOf = new Map<number, string[]>()
  for (const row of sectorRows) sectorsOf.set(row.artisan_id, [...(sectorsOf.get(row.artisan_id) ?? []), row.sector])

  const coverage: Tables['artisan_coverage'][] = []
  const covered: Tables['artisan_coverage_comuni'][] = []
  for (const artisan of artisans) {
    const zones = parseList(artisan.operative_zones)
    const matched = [...new Set(zones.map((zone) => bySlugifiedName.get(slugify(zone.slice(0, 200)).replace(/-mi$/, ''))).filter((c) => c !== undefined))]
    const unmatched = zones.filter((zone) => !bySlugifiedName.has(slugify(zone.slice(0, 200)).replace(/-mi$/, '')))
    if (unmatched.length)
      await db
        .updateTable('artisans')
        .set({ unmatched_zones: JSON.stringify(unmatched) })
        .where('id', '=', artisan.id)
        .execute()
    const base = matched[0]
    if (!base) continue
    for (const sector of sectorsOf.get(artisan.id) ?? []) {
      coverage.push({ artisan_id: artisan.id, sector, base_comune_slug: base[1], radius_km: null, comune_slugs: JSON.stringify(matched.map((c) => c[1])) })
      for (const comune of matched) covered.push({ artisan_id: artisan.id, sector, comune_slug: comune[1], distance_km: distanceKm(base, comune) })
    }
  }
  for (let i = 0; i < coverage.length; i += 500)
    await db
      .insertInto('artisan_coverage')
      .values(coverage.slice(i, i + 500))
      .execute()
  for (let i = 0; i < covered.length; i += 500)
    await db
      .insertInto('artisan_coverage_comuni')
      .values(covered.slice(i, i + 500))
      .execute()
}

export async function down(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<Tables>
  await db.deleteFrom('artisan_coverage_comuni').execute()
  await db.deleteFrom('artisan_coverage').execute()
  await db.updateTable('artisans').set({ unmatched_zones: '[]' }).execute()
}
