import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import type { AppRouter } from '../server/trpc/router.ts'
import { captureUtm } from './lib/utm.ts'
import { createAppRouter, createQueryClient } from './router.tsx'
import './styles.css'

captureUtm()
const queryClient = createQueryClient()
const trpcClient = createTRPCClient<AppRouter>({
  // The custom header is one that a cross-site form cannot send (see docs/decisions/003-csrf.md).
  links: [httpBatchLink({ url: '/trpc', headers: { 'x-trpc-source': 'web' } })],
})
const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })
const publicUrl = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
const router = createAppRouter({ queryClient, trpc, publicUrl: publicUrl ? new URL(publicUrl).origin : location.origin })

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
)
