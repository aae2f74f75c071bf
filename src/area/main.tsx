import { createRouter } from '@tanstack/react-router'
import { NotFound } from '../components/not-found.tsx'
import { lazyAdmin } from '../lib/admin-handle.ts'
import { attachToRouter } from '../lib/admin-query.ts'
import { hydrate, publicOrigin } from '../lib/hydrate.tsx'
import { browserSiteApi } from '../lib/trpc-client.ts'
import { areaRouteTree } from './route-tree.ts'
import '../styles.css'

/**
 * The craftsmen's area in the browser: its own entry and route tree (route-tree.ts), so a phone downloads the area and
 * the libraries it runs on, not the public site's and the back office's route options. The data layer is the back
 * office's (TanStack Query over tRPC), created before hydrating so the server's query data fills it.
 */
const admin = lazyAdmin(() => import('../lib/admin-browser.ts').then((module) => module.createBrowserAdmin()))

async function start() {
  const data = await admin.load()
  const router = createRouter({
    routeTree: areaRouteTree,
    context: { site: browserSiteApi, admin, publicUrl: publicOrigin() },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    notFoundMode: 'root',
  })
  attachToRouter(router, data)
  hydrate(router)
}
void start()
