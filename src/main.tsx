import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { lazyAdmin } from './lib/admin-handle.ts'
import { browserSiteApi } from './lib/trpc-client.ts'
import { isSessionPath } from '#shared/artisan-area.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const admin = lazyAdmin(() => import('./lib/admin-browser.ts').then((module) => module.createBrowserAdmin()))
const publicUrl = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href
const router = createAppRouter({ site: browserSiteApi, admin, publicUrl: publicUrl ? new URL(publicUrl).origin : location.origin })

async function start() {
  if (isSessionPath(location.pathname)) {
    const [module, data] = await Promise.all([import('./lib/admin-browser.ts'), admin.load()])
    module.attachToRouter(router, data)
  }
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
}
void start()
