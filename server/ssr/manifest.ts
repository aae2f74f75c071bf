import type { ServerManifest } from '@tanstack/router-core'

type ViteManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type ViteManifest = Record<string, ViteManifestChunk>

/**
 * Turns Vite's build manifest into the assets TanStack Router renders: the entry with its imports and styles for every
 * page, and for the /admin route the back office's data layer, which the entry imports before hydrating an /admin page.
 */
export function routerManifestFromVite(vite: ViteManifest, entry = 'src/main.tsx', adminEntry = 'src/lib/admin-browser.ts'): ServerManifest {
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
  const admin = vite[adminEntry] ? imported([adminEntry], seen) : []
  return {
    routes: {
      __root__: {
        preloads: [`/${chunk.file}`, ...preloads],
        css: [...css].map((file) => `/${file}`),
        scripts: [{ attrs: { type: 'module', src: `/${chunk.file}`, async: true } }],
      },
      ...(admin.length > 0 && { '/admin': { preloads: admin } }),
    },
  }
}

/** The assets of the Vite dev server: its client, the React refresh preamble and the app entry. */
export function devRouterManifest(): ServerManifest {
  const preamble = [
    `import RefreshRuntime from '/@react-refresh'`,
    `RefreshRuntime.injectIntoGlobalHook(window)`,
    `window.$RefreshReg$ = () => {}`,
    `window.$RefreshSig$ = () => (type) => type`,
    `window.__vite_plugin_react_preamble_installed__ = true`,
  ].join('\n')
  return {
    routes: {
      __root__: {
        scripts: [
          { attrs: { type: 'module' }, children: preamble },
          { attrs: { type: 'module', src: '/@vite/client' } },
          { attrs: { type: 'module', src: '/src/main.tsx' } },
        ],
      },
    },
  }
}
