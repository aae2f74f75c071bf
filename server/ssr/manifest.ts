import type { ServerManifest } from '@tanstack/router-core'

type ViteManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type ViteManifest = Record<string, ViteManifestChunk>

/**
 * The assets of each kind of page. Public pages carry the islands' boot script and the styles, nothing that hydrates the
 * whole document; back-office pages carry the whole application (docs/decisions/023-islands-on-public-pages.md).
 */
export type PageManifests = { site: ServerManifest; admin: ServerManifest; area: ServerManifest }

export const SITE_ENTRY = 'src/islands/boot.ts'
export const ADMIN_ENTRY = 'src/main.tsx'
/** The craftsmen's area: its own entry and route tree (src/area/main.tsx), lighter than the back office's on a phone. */
export const AREA_ENTRY = 'src/area/main.tsx'

/** Turns Vite's build manifest into the assets TanStack Router renders for public pages and for the back office. */
export function routerManifestFromVite(vite: ViteManifest): PageManifests {
  return {
    site: entryManifest(vite, SITE_ENTRY),
    admin: entryManifest(vite, ADMIN_ENTRY, { route: '/admin', module: DATA_LAYER }),
    area: entryManifest(vite, AREA_ENTRY, { route: '/artigiano', module: DATA_LAYER }),
  }
}

/** The back office's and the area's data layer (TanStack Query over tRPC), imported by their entries before hydrating. */
const DATA_LAYER = 'src/lib/admin-browser.ts'

/** One entry with its imports and styles on every page, and under `dataLayer.route` the data layer the entry imports before hydrating. */
function entryManifest(vite: ViteManifest, entry: string, dataLayer?: { route: string; module: string }): ServerManifest {
  const chunk = vite[entry]
  if (!chunk) throw new Error(`Entry ${entry} is missing from the Vite manifest`)
  const css = new Set<string>(chunk.css ?? [])
  const imported = (keys: string[], seen: Set<string>, styles?: Set<string>) => {
    const files: string[] = []
    const visit = (key: string) => {
      const dep = vite[key]
      if (!dep || seen.has(`/${dep.file}`)) return
      seen.add(`/${dep.file}`)
      files.push(`/${dep.file}`)
      for (const file of dep.css ?? []) styles?.add(file)
      for (const next of dep.imports ?? []) visit(next)
    }
    for (const key of keys) visit(key)
    return files
  }
  const seen = new Set<string>([`/${chunk.file}`])
  const preloads = imported(chunk.imports ?? [], seen, css)
  const data = dataLayer && vite[dataLayer.module] ? imported([dataLayer.module], seen) : []
  return {
    routes: {
      __root__: {
        preloads: [`/${chunk.file}`, ...preloads],
        css: [...css].map((file) => `/${file}`),
        scripts: [{ attrs: { type: 'module', src: `/${chunk.file}`, async: true } }],
      },
      ...(dataLayer && data.length > 0 && { [dataLayer.route]: { preloads: data } }),
    },
  }
}

/** The assets of the Vite dev server: its client, the React refresh preamble and the entry of each kind of page. */
export function devRouterManifest(): PageManifests {
  const preamble = [
    `import RefreshRuntime from '/@react-refresh'`,
    `RefreshRuntime.injectIntoGlobalHook(window)`,
    `window.$RefreshReg$ = () => {}`,
    `window.$RefreshSig$ = () => (type) => type`,
    `window.__vite_plugin_react_preamble_installed__ = true`,
  ].join('\n')
  const withEntry = (entry: string): ServerManifest => ({
    routes: {
      __root__: {
        scripts: [
          { attrs: { type: 'module' }, children: preamble },
          { attrs: { type: 'module', src: '/@vite/client' } },
          { attrs: { type: 'module', src: `/${entry}` } },
        ],
      },
    },
  })
  return { site: withEntry(SITE_ENTRY), admin: withEntry(ADMIN_ENTRY), area: withEntry(AREA_ENTRY) }
}
