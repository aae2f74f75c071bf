import { hydrateOnInteraction } from '../hydrate-on-interaction.tsx'
import { FormPlaceholder } from './form-placeholder.tsx'

// A module of its own: the service, town and service-in-town pages load this form's code only, not the other forms'.
export const LazyQuoteForm = hydrateOnInteraction(() => import('./quote-form.tsx').then((module) => module.QuoteForm), <FormPlaceholder />)
