// The back office's and the craftsmen's area's own chunks, read from the build's Vite manifest: what a public page must
// never load.
import fs from 'node:fs'
import path from 'node:path'

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

const isAdminSource = (key: string) => key.startsWith('src/routes/admin/') || key.startsWith('src/lib/admin-')
/** The craftsmen's area (/artigiano): its entry and route tree, its routes and the components only it uses. */
const isAreaSource = (key: string) => ['src/routes/artigiano/', 'src/components/area/', 'src/area/'].some((folder) => key.startsWith(folder))

const APP_ENTRY = 'src/main.tsx'

/**
 * Addresses (`/assets/...js`) of the chunks reachable from the back office's modules (`admin`) and from the area's
 * (`area`), and from no public one. The full application entry (src/main.tsx) is public for what it imports itself (the
 * router, React), not for the route chunks it can load: its route tree names every side.
 */
export function privateScripts(clientDir: string): { admin: Set<string>; area: Set<string> } {
  const manifestPath = path.join(clientDir, '.vite/manifest.json')
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with \`npm run build\` first`)
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const reach = (roots: string[]) => {
    const seen = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (seen.has(key) || !chunk) return
      seen.add(key)
      for (const next of [...(chunk.imports ?? []), ...(key === APP_ENTRY ? [] : (chunk.dynamicImports ?? []))]) visit(next)
    }
    for (const root of roots) visit(root)
    return seen
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || manifest[key]!.isDynamicEntry)
  const open = reach(entries.filter((key) => !isAdminSource(key) && !isAreaSource(key)))
  const only = (isSource: (key: string) => boolean) =>
    new Set([...reach(entries.filter(isSource))].filter((key) => !open.has(key)).map((key) => `/${manifest[key]!.file}`))
  return { admin: only(isAdminSource), area: only(isAreaSource) }
}
