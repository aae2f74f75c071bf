import fs from 'node:fs'
import path from 'node:path'

// Integration and browser tests run against the production build; `npm test` builds it first.
export default function setup() {
  const root = path.resolve(import.meta.dirname, '..')
  const dist = process.env.BUILD_DIR ?? 'dist'
  for (const file of [`${dist}/server/index.js`, `${dist}/client/.vite/manifest.json`]) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` before the integration tests`)
  }
}
