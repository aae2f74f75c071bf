import type { ComponentType } from 'react'

// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, read from the JSON the server wrote beside it
type IslandLoader = () => Promise<ComponentType<any>>

/** The code of each island, loaded when the island wakes (boot.ts): one chunk per island, React shared between them. */
export const islandLoaders = {
  'home-search': () => import('./home-search.tsx').then((module) => module.HomeSearch),
  'service-quote': () => import('./quote-panels.tsx').then((module) => module.ServiceQuotePanel),
  'comune-quote': () => import('./quote-panels.tsx').then((module) => module.ComuneQuotePanel),
  'service-in-comune-quote': () => import('./quote-panels.tsx').then((module) => module.ServiceInComuneQuotePanel),
  'profile-quote': () => import('./quote-panels.tsx').then((module) => module.ProfileQuotePanel),
  'contact-form': () => import('#src/components/forms/contact-form.tsx').then((module) => module.ContactForm),
  'application-form': () => import('#src/components/forms/artisan-application-form.tsx').then((module) => module.ArtisanApplicationForm),
} satisfies Record<string, IslandLoader>

export type IslandName = keyof typeof islandLoaders
