import { hydrateOnInteraction } from '../hydrate-on-interaction.tsx'
import { FormPlaceholder } from './form-placeholder.tsx'

// The forms are the heaviest code of a public page (validation, uploads, captcha): each page arrives with its form
// rendered, and the form's code loads when the visitor reaches for it.

export const LazyContactForm = hydrateOnInteraction(() => import('./contact-form.tsx').then((module) => module.ContactForm), <FormPlaceholder />)

export const LazyArtisanApplicationForm = hydrateOnInteraction(
  () => import('./artisan-application-form.tsx').then((module) => module.ArtisanApplicationForm),
  <FormPlaceholder />,
)

export { LazyQuoteForm } from './lazy-quote-form.tsx'
