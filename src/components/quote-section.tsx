import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ChosenLocation } from '../lib/history-state.ts'
import { useHydrated } from '../lib/use-hydrated.ts'

// The form (validation, uploads, captcha) is the heaviest code of a public page: it loads only where it is shown.
const QuoteForm = lazy(() => import('./forms/quote-form.tsx').then((module) => ({ default: module.QuoteForm })))

export const INVALID_ADDRESS_MESSAGE = 'Per favore, seleziona un indirizzo valido per continuare.'

/** The quote form, shown once a valid location is chosen (SPEC 2.3); loaded when it comes near the screen. */
export function QuoteSection({ serviceId, location }: { serviceId: string; location: ChosenLocation | null }) {
  const hydrated = useHydrated()
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    if (!hydrated || near || !location) return
    const element = box.current
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true)
    }, { rootMargin: '400px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [hydrated, near, location])

  if (!location) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-brand-600/40 bg-brand-50 p-5 text-center font-medium text-brand-800">
        {INVALID_ADDRESS_MESSAGE}
      </p>
    )
  }
  return (
    <div ref={box} className="min-h-[28rem]">
      {near ? (
        <Suspense fallback={<FormPlaceholder />}>
          <QuoteForm serviceId={serviceId} location={location} />
        </Suspense>
      ) : (
        <FormPlaceholder />
      )}
    </div>
  )
}

function FormPlaceholder() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="text-sm text-muted">Caricamento del modulo di richiesta...</p>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <div className="h-4 w-32 rounded bg-gray-200" />
          <div className="h-11 rounded-md bg-gray-100" />
        </div>
      ))}
    </div>
  )
}
