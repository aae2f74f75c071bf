import { hydrateOnInteraction } from '../hydrate-on-interaction.tsx'

// The forms are the heaviest code of a public page (validation, uploads, captcha): each page arrives with its form
// rendered, and the form's code loads when the visitor reaches for it.

export const LazyContactForm = hydrateOnInteraction(() => import('./contact-form.tsx').then((module) => module.ContactForm), <FormPlaceholder />)

export const LazyArtisanApplicationForm = hydrateOnInteraction(
  () => import('./artisan-application-form.tsx').then((module) => module.ArtisanApplicationForm),
  <FormPlaceholder />,
)

export const LazyQuoteForm = hydrateOnInteraction(() => import('./quote-form.tsx').then((module) => module.QuoteForm), <FormPlaceholder />)

function FormPlaceholder() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="text-sm text-muted">Caricamento del modulo...</p>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <div className="h-4 w-32 rounded bg-gray-200" />
          <div className="h-11 rounded-md bg-gray-100" />
        </div>
      ))}
    </div>
  )
}
