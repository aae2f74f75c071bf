// A public page's script-free twin: the HTML our server sends with its scripts taken out, beside the same CSS and
// images, as a static site would serve them. Lighthouse on both shows what the page's JavaScript costs (issue 13).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** The page without its scripts: JSON-LD stays (it is data for search engines), module preloads go with the modules. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (element, attributes: string) => (/\btype=["']?application\/ld\+json\b/i.test(attributes) ? element : ''))
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '')
}

/** Where nginx finds the page at `urlPath` (bench/lib/nginx.ts tries `name.html`): `/` is index.html. */
function fileOf(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`
}

/** Files a page refers to by a root-relative address with an extension: stylesheets, images, icons, scripts. */
function referencedFiles(html: string): string[] {
  const addresses = [...html.matchAll(/\b(?:src|href)="(\/[^"?#]+\.[a-z0-9]+)(?:[?#][^"]*)?"/gi)].map((match) => match[1]!)
  for (const [, srcset] of html.matchAll(/\bsrcset="([^"]+)"/gi))
    for (const candidate of srcset!.split(',')) {
      const address = candidate.trim().split(/\s+/)[0]
      if (address?.startsWith('/')) addresses.push(address.replace(/[?#].*$/, ''))
    }
  return [...new Set(addresses)]
}

export type TwinSite = {
  /** The directory to serve: the built client (assets, images) and one `.html` (and `.html.gz`) per page. */
  root: string
  /** Per page, the files its twin refers to that neither the build nor the server has (the twin would then be unfair to ours). */
  missing: Map<string, string[]>
  remove(): void
}

/**
 * Writes the twins of `pages`, fetched from `serverUrl`, into a fresh directory holding a copy of `clientDir`: the server
 * answers `/<file>` from `<clientDir>/<file>` (server/http/static-files.ts), so the copy keeps every address valid.
 */
export async function writeScriptFreeTwins({ serverUrl, clientDir, pages }: { serverUrl: string; clientDir: string; pages: string[] }): Promise<TwinSite> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-twin-'))
  // Dot entries (Vite's .vite/manifest.json) are not served by the server either.
  fs.cpSync(clientDir, root, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') || source === clientDir })
  const missing = new Map<string, string[]>()
  for (const urlPath of pages) {
    const response = await fetch(serverUrl + urlPath)
    if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}: no twin for it`)
    const html = withoutScripts(await response.text())
    const target = path.join(root, fileOf(urlPath))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, html)
    // nginx's gzip_static sends this copy, as the assets' copies made at build time (scripts/precompress.ts).
    fs.writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }))
    const absent: string[] = []
    for (const address of referencedFiles(html).filter((file) => !fs.existsSync(path.join(root, file)))) {
      // Files the app serves from its database rather than the build (a craftsman's portfolio photos): copied as served.
      const file = await fetch(serverUrl + address)
      if (file.status !== 200) {
        absent.push(address)
        continue
      }
      fs.mkdirSync(path.dirname(path.join(root, address)), { recursive: true })
      fs.writeFileSync(path.join(root, address), Buffer.from(await file.arrayBuffer()))
    }
    if (absent.length) missing.set(urlPath, absent)
  }
  return { root, missing, remove: () => fs.rmSync(root, { recursive: true, force: true }) }
}
