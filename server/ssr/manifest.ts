import type { ServerManifest } from '@tanstack/router-core'

type ViteManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type ViteManifest = Record<string, ViteManifestChunk>

/** Turns Vite's build manifest into the asset list TanStack Router renders for the root route. */
export function routerManifestFromVite(vite: ViteManifest, entry = 'src/main.tsx'): ServerManifest {
  const chunk = vite[entry]
  if (!chunk) throw new Error(`Entry ${entry} is missing from the Vite manifest`)
  const preloads = new Set<string>()
  const css = new Set<string>(chunk.css ?? [])
  const visit = (key: string) => {
    const dep = vite[key]
    if (!dep || preloads.has(`/${dep.file}`)) return
    preloads.add(`/${dep.file}`)
    for (const file of dep.css ?? []) css.add(file)
    for (const next of dep.imports ?? []) visit(next)
  }
  for (const key of chunk.imports ?? []) visit(key)
  return {
    routes: {
      __root__: {
        preloads: [`/${chunk.file}`, ...preloads],
        css: [...css].map((file) => `/${file}`),
        scripts: [{ attrs: { type: 'module', src: `/${chunk.file}`, async: true } }],
      },
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
