import { formatAverage, ratingInWords, Stars } from '#src/components/stars.tsx'
import type { ServicePageData } from '#src/lib/site-data.ts'

type Artisan = ServicePageData['artisans'][number]

/** Where the policy on reviews is public (docs/product.md §11): every block of reviews links to it. */
const REVIEWS_POLICY_PATH = '/come-verifichiamo-le-recensioni'

/** Trades named on a card; the profile lists them all. */
const TRADES_SHOWN = 3

function ArtisanCard({ artisan }: { artisan: Artisan }) {
  const trades = artisan.trades.slice(0, TRADES_SHOWN)
  const more = artisan.trades.length - trades.length
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h3 className="text-lg leading-snug font-semibold break-words">
        <a href={artisan.path} className="text-brand-700 hover:underline">
          {artisan.name}
        </a>
      </h3>
      {trades.length > 0 && (
        <p className="mt-1 text-sm text-muted">
          {trades.join(' · ')}
          {more > 0 && ` e ${more === 1 ? 'un altro servizio' : `altri ${more} servizi`}`}
        </p>
      )}
      {artisan.average !== null ? (
        <p className="mt-2 flex items-center gap-2 text-sm">
          <Stars value={artisan.average} />
          <span aria-hidden="true">
            <span className="font-semibold">{formatAverage(artisan.average)}</span> ({artisan.reviews})
          </span>
          <span className="sr-only">{ratingInWords(artisan.average, artisan.reviews)}</span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">Ancora nessuna recensione</p>
      )}
    </li>
  )
}

/**
 * The best-rated public craftsmen who serve a landing page's service, town or both (docs/product.md §11), as plain
 * server HTML: links, text and inline SVG, nothing for the browser to run. Nothing at all when there are none.
 */
export function ArtisansSection({ title, artisans }: { title: string; artisans: Artisan[] }) {
  if (artisans.length === 0) return null
  return (
    <section aria-labelledby="artigiani-in-evidenza" className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="artigiani-in-evidenza" className="text-2xl font-bold">
          {title}
        </h2>
        <p className="mt-2 text-muted">
          Profili pubblici, dal più apprezzato. Valutazioni e recensioni vengono solo da clienti che hanno chiesto un preventivo tramite il sito:{' '}
          <a href={REVIEWS_POLICY_PATH} className="font-medium text-brand-700 underline">
            come verifichiamo le recensioni
          </a>
          .
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {artisans.map((artisan) => (
            <ArtisanCard key={artisan.path} artisan={artisan} />
          ))}
        </ul>
      </div>
    </section>
  )
}
