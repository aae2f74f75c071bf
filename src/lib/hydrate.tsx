import type { AnyRouter } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** The site's public origin as the server wrote it in the page's canonical link, else the page's own. */
export function publicOrigin(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
  return canonical ? new URL(canonical).origin : location.origin
}

/** Makes the server's page live with this router: the browser entries' (the site's, the area's) last step. */
export function hydrate(router: AnyRouter) {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
}
