import { Link, useRouterState } from '@tanstack/react-router'
import { LoaderCircleIcon } from 'lucide-react'
import { ctaClass, outlineCtaClass } from '#src/lib/class-names.ts'

/** The loading view of a page whose data comes from the server. */
export function PageLoading({ label = 'Caricamento...' }: { label?: string }) {
  return (
    <main id="contenuto" className="mx-auto flex w-full max-w-6xl flex-1 items-center justify-center gap-3 px-4 py-24 text-muted" aria-busy="true">
      <LoaderCircleIcon className="size-6 animate-spin text-brand-600" aria-hidden />
      <p>{label}</p>
    </main>
  )
}

/** The error view of a page (docs/product.md §2.3): the request failed, the visitor can retry or go home. */
export function PageError() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <main id="contenuto" className="mx-auto w-full max-w-2xl flex-1 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Oops! Qualcosa è andato storto.</h1>
      <p className="mt-4 text-muted">Non siamo riusciti a caricare la pagina. Controlla la connessione e riprova.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={pathname} className={ctaClass}>
          Riprova
        </a>
        <Link to="/" className={outlineCtaClass}>
          Torna alla Home
        </Link>
      </div>
    </main>
  )
}
