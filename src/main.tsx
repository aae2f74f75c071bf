import { lazyAdmin } from './lib/admin-handle.ts'
import { hydrate, publicOrigin } from './lib/hydrate.tsx'
import { browserSiteApi } from './lib/trpc-client.ts'
import { isSessionPath } from '#shared/artisan-area.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const admin = lazyAdmin(() => import('./lib/admin-browser.ts').then((module) => module.createBrowserAdmin()))
const router = createAppRouter({ site: browserSiteApi, admin, publicUrl: publicOrigin() })

async function start() {
  if (isSessionPath(location.pathname)) {
    const [module, data] = await Promise.all([import('./lib/admin-browser.ts'), admin.load()])
    module.attachToRouter(router, data)
  }
  hydrate(router)
}
void start()
