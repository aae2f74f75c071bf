import { Link } from '@tanstack/react-router'
import { BadgeCheckIcon, ClockIcon, MapPinIcon, MessageSquareQuoteIcon, WrenchIcon } from 'lucide-react'
import { formatAverage as average, Stars } from '#src/components/stars.tsx'
import { Island } from '#src/islands/island.tsx'
import { GONE_TITLE } from '#src/lib/gone.ts'
import { ProfileQuotePanel } from '#src/islands/quote-panels.tsx'
import { useClientConfig } from '#src/lib/client-config.ts'
import { profilePath } from '#src/lib/profile-seo.ts'
import type { ProfilePageData } from '#src/lib/site-data.ts'
import { countOf } from '#shared/plural.ts'
import { QuoteColumns } from './quote-columns.tsx'

// The public profile of a craftsman (docs/product.md §11): who they are, what the office verified, their work and their
// reviews, and the quote form that carries them as the requester's preference. No phone, no e-mail: contact is a request.

/** The rules of reviews, written by the reviews' moderation (docs/product.md §11). */
const REVIEW_POLICY_PATH = '/come-verifichiamo-le-recensioni'

function Facts({ page }: { page: ProfilePageData }) {
  const facts = [
    { icon: WrenchIcon, text: page.trades.join(', ') },
    { icon: MapPinIcon, text: page.zones.length ? `Zone servite: ${page.zones.join(', ')}` : null },
    { icon: BadgeCheckIcon, text: page.inNetwork },
    { icon: ClockIcon, text: page.responseTime },
  ].filter((fact) => fact.text)
  return (
    <ul className="mt-4 grid gap-2 text-gray-100">
      {facts.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-start gap-2">
          <Icon className="mt-0.5 size-5 shrink-0 text-brand-100" aria-hidden />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  )
}

function Verified({ items }: { items: ProfilePageData['verified'] }) {
  if (items.length === 0) return null
  return (
    <section aria-labelledby="verifiche" className="rounded-xl border border-green-300 bg-green-50 p-5">
      <h2 id="verifiche" className="flex items-center gap-2 text-lg font-bold text-green-900">
        <BadgeCheckIcon className="size-6 text-green-700" aria-hidden />
        Verificato da Artigiani Milano
      </h2>
      <ul className="mt-3 grid gap-1.5 text-sm text-green-900">
        {items.map((item) => (
          <li key={item.what}>
            <strong>{item.what}</strong> {item.how}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Portfolio({ name, photos }: { name: string; photos: ProfilePageData['photos'] }) {
  if (photos.length === 0) return null
  return (
    <section aria-labelledby="lavori">
      <h2 id="lavori" className="text-2xl font-bold">
        Lavori realizzati
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.src}>
            <figure>
              <img
                src={photo.src}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                decoding="async"
                alt={`Foto ${index + 1} dei lavori di ${name}`}
                className="aspect-[4/3] w-full rounded-lg bg-gray-100 object-cover"
              />
              {photo.caption && <figcaption className="mt-1 text-sm text-muted">{photo.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}

function RatingSummary({ rating }: { rating: ProfilePageData['rating'] }) {
  if (rating.count === 0 || rating.average === null) return <p className="mt-2 text-muted">Ancora nessuna recensione pubblicata.</p>
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:text-left">
        <p className="text-5xl font-extrabold">{average(rating.average)}</p>
        <Stars value={rating.average} height={20} className="mx-auto sm:mx-0" />
        <p className="mt-1 text-sm text-muted">
          <span className="sr-only">Media di {average(rating.average)} su 5 stelle, </span>
          {countOf(rating.count, 'recensione', 'recensioni')}
        </p>
      </div>
      <ul className="grid gap-1.5 text-sm" aria-label="Distribuzione delle valutazioni">
        {rating.distribution.map((row) => (
          <li key={row.stars} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2">
            <span>{countOf(row.stars, 'stella', 'stelle')}</span>
            {/* An SVG bar: its width is an attribute, as the pages' CSP allows no inline style. */}
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" height="10" className="w-full overflow-hidden rounded-full bg-gray-200" aria-hidden>
              <rect width={Math.round((row.count / rating.count) * 100)} height="10" className="fill-amber-400" />
            </svg>
            <span className="text-right tabular-nums">
              {row.count}
              <span className="sr-only"> {row.count === 1 ? 'recensione' : 'recensioni'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ReviewItem({ name, review }: { name: string; review: ProfilePageData['reviews'][number] }) {
  const where = [review.serviceName, review.comune].filter(Boolean).join(' a ')
  return (
    <li className="border-b border-gray-200 py-4 last:border-0">
      <article aria-label={`Recensione di ${review.author}`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars value={review.stars} />
          <span className="sr-only">{countOf(review.stars, 'stella', 'stelle')} su 5</span>
          <span className="font-semibold">{review.author}</span>
        </div>
        <p className="mt-1 text-sm text-muted">
          {where ? `${where}, ` : ''}
          {review.jobMonth}
        </p>
        {review.comment && <p className="mt-3 wrap-anywhere whitespace-pre-line">{review.comment}</p>}
        {review.reply && (
          <div className="mt-3 rounded-lg border-l-2 border-brand-600 bg-gray-50 p-3 text-sm">
            <p className="font-semibold">Risposta di {name}</p>
            <p className="mt-1 wrap-anywhere whitespace-pre-line">{review.reply}</p>
          </div>
        )}
        <p className="mt-2 text-right text-xs">
          <a href={`/recensioni/${review.id}/segnala`} rel="nofollow" className="text-muted underline hover:text-brand-700">
            Segnala<span className="sr-only"> la recensione di {review.author}</span>
          </a>
        </p>
      </article>
    </li>
  )
}

function ReviewPages({ slug, page, pages }: { slug: string; page: number; pages: number }) {
  if (pages === 1) return null
  const linkClass = 'rounded-md border border-gray-300 px-3 py-2 font-medium hover:border-brand-600 hover:text-brand-700'
  return (
    <nav aria-label="Pagine delle recensioni" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <a href={profilePath(slug, page - 1)} rel="prev" className={linkClass}>
          Recensioni più recenti
        </a>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Pagina {page} di {pages}
      </span>
      {page < pages ? (
        <a href={profilePath(slug, page + 1)} rel="next" className={linkClass}>
          Recensioni meno recenti
        </a>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** /artigiani/{slug} and its pages of reviews /artigiani/{slug}/recensioni/{n}. */
export function ProfilePage({ page }: { page: ProfilePageData }) {
  const mapsKey = useClientConfig().googleMapsApiKey
  const askLabel = `Chiedi un preventivo a ${page.name}`
  return (
    <main id="contenuto" className="flex-1">
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Artigiano della rete</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-4xl">{page.name}</h1>
          {page.rating.average !== null && (
            <p className="mt-3 flex flex-wrap items-center gap-2">
              <Stars value={page.rating.average} height={20} />
              <span>
                {average(page.rating.average)} su 5 · {countOf(page.rating.count, 'recensione verificata', 'recensioni verificate')}
              </span>
            </p>
          )}
          <Facts page={page} />
          <a
            href="#richiesta"
            className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-white"
          >
            {askLabel}
          </a>
        </div>
      </section>
      <QuoteColumns
        quoteTitle={askLabel}
        quote={
          <>
            <p className="text-sm text-muted">
              La richiesta arriva al nostro ufficio con <strong className="text-ink">{page.name}</strong> come artigiano preferito.
            </p>
            <Island name="profile-quote" component={ProfileQuotePanel} props={{ serviceId: page.serviceId, preferredArtisan: page.slug, mapsKey }} />
          </>
        }
      >
        <div className="grid min-w-0 gap-10">
          {page.paragraphs.length > 0 && (
            <section aria-labelledby="chi-siamo">
              <h2 id="chi-siamo" className="text-2xl font-bold">
                Chi è {page.name}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed wrap-anywhere text-muted">
                {page.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 48)}>{paragraph}</p>
                ))}
              </div>
            </section>
          )}
          <Verified items={page.verified} />
          <Portfolio name={page.name} photos={page.photos} />
          <section aria-labelledby="recensioni">
            <h2 id="recensioni" className="flex items-center gap-2 text-2xl font-bold">
              <MessageSquareQuoteIcon className="size-6 text-brand-600" aria-hidden />
              Recensioni{page.page > 1 ? `, pagina ${page.page}` : ''}
            </h2>
            <p className="mt-2 text-sm text-muted">
              Solo chi ha ricevuto un lavoro da {page.name} tramite Artigiani Milano può recensirlo.{' '}
              <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline">
                Come verifichiamo le recensioni
              </a>
            </p>
            <RatingSummary rating={page.rating} />
            {page.reviews.length > 0 && (
              <ul className="mt-6" aria-label={`Recensioni di ${page.name}, dalla più recente`}>
                {page.reviews.map((review) => (
                  <ReviewItem key={review.id} name={page.name} review={review} />
                ))}
              </ul>
            )}
            <ReviewPages slug={page.slug} page={page.page} pages={page.pages} />
          </section>
        </div>
      </QuoteColumns>
    </main>
  )
}

/** A profile that was public and is not any more (410). */
export function ProfileGone() {
  return (
    <main id="contenuto" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-600">410</p>
      <h1 className="mt-4 text-3xl font-bold">{GONE_TITLE}</h1>
      <p className="mt-4 text-muted">
        Questo artigiano ha ritirato il suo profilo pubblico. Puoi comunque chiedere un preventivo: scegli il servizio e ti mettiamo in contatto con artigiani
        selezionati della tua zona.
      </p>
      <Link to="/i-nostri-artigiani" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Scegli un servizio
      </Link>
    </main>
  )
}
