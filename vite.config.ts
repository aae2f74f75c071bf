import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// One Node build for the server and the operator commands (npm run admin, backup, restore, db:migrate, db:seed-demo, db:copy, db:retention),
// sharing chunks: dist/server/index.js and dist/server/commands/<name>.js; the server's worker threads start
// dist/server/workers/<name>.js, which server/index.ts finds beside itself.
const SERVER_ENTRIES = {
  index: 'server/index.ts',
  'workers/xlsx': 'server/http/xlsx-worker.ts',
  'commands/admin': 'scripts/admin.ts',
  'commands/backup': 'scripts/backup.ts',
  'commands/restore': 'scripts/restore.ts',
  'commands/migrate': 'db/migrate-cli.ts',
  'commands/seed-demo': 'scripts/seed-demo.ts',
  'commands/db-copy': 'scripts/db-copy.ts',
  'commands/retention': 'scripts/retention.ts',
}
// What the server bundle leaves to node_modules (the production install): native modules (sharp with them: it loads its
// platform's libvips package, @img/sharp-<platform>, by name at run time), pg (it looks for the optional
// pg-native at run time), pino (its transports load files by path), pino-pretty (a development dependency, loaded if
// present) and prettier (react-email loads it only for its `pretty` option, which we never pass). Every other
// dependency is bundled.
const SERVER_EXTERNAL = ['better-sqlite3', 'pg', '@node-rs/argon2', 'sharp', 'pino', 'pino-pretty', 'sonic-boom', 'prettier']

// React itself, and what every island's first tap loads with it: the islands' runtime (src/islands/hydrate.tsx, the toast
// region, the tRPC client's loader, the icons' base), the UI primitives, and small shared modules. The back office and
// the area load this chunk too: nothing goes in it that they would not load anyway (docs/decisions/062).
const REACT_MODULES = new RegExp(
  [
    /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    /rolldown[\\/:]runtime/,
    /[\\/]src[\\/]islands[\\/](hydrate\.tsx|island\.tsx|replay-fields\.ts)$/,
    /[\\/]src[\\/](components[\\/]toaster\.tsx|lib[\\/](toast|trpc-client|class-names|combobox)\.ts)$/,
    /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/].*|icons[\\/](loader-circle|x))\.mjs$/,
    // Small modules of constants and text helpers that the islands, the area and the back office all import: here they
    // cost no request of their own, and pull nothing else with them.
    /[\\/]shared[\\/](request-messages|marketing-consent|text|catalog[\\/](slug|comuni|timing))\.ts$/,
    // The UI primitives the forms, the area and the back office all use, with their class merging.
    /node_modules[\\/](tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|label|primitive))[\\/]/,
    /[\\/]src[\\/]components[\\/]ui[\\/](button|input|label|textarea|native-select|native-checkbox|field-error|slotted)\.tsx?$/,
    /[\\/]src[\\/]lib[\\/](utils|server-errors)\.ts$/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
)
// What the public forms share: react-hook-form, the fields, the footer and the captcha.
const FORM_MODULES = new RegExp(
  [
    /node_modules[\\/]react-hook-form[\\/]/,
    /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]refresh-cw\.mjs$/,
    /[\\/]src[\\/]components[\\/]forms[\\/](form-field|form-footer|captcha-field|use-request-form|use-captcha|lazy-resolver|marketing-consent-field|proof-of-work)\.tsx?$/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
)
// What the home page's search and the quote panels share: the pickers and the address field.
const PICKER_MODULES = new RegExp(
  [/node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]map-pin\.mjs$/, /[\\/]src[\\/]components[\\/](option-picker|address-autocomplete)\.tsx$/]
    .map((pattern) => pattern.source)
    .join('|'),
)

export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild && { ssr: { noExternal: true, external: SERVER_EXTERNAL } }),
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, emptyOutDir: true, copyPublicDir: false, rollupOptions: { input: SERVER_ENTRIES } }
    : {
        outDir: `${process.env.BUILD_DIR ?? 'dist'}/client`,
        manifest: true,
        emptyOutDir: true,
        rollupOptions: {
          // Public pages load the islands' boot script; the back office loads the whole application.
          input: ['src/islands/boot.ts', 'src/main.tsx', 'src/area/main.tsx'],
          // The zod schemas only declare values: a route that imports them for its component alone (split into its
          // own chunk) must not keep them in the route tree the back office's entry loads.
          treeshake: { moduleSideEffects: (id: string) => !id.includes('/shared/schemas/') },
          // The boot script of public pages loads in three small files: the modules it shares with the islands travel in one
          // chunk ('site') rather than as requests of their own ahead of the page's images, and Vite's preload helper,
          // which the back office's entry uses too, in another. An island's first tap loads few files (docs/decisions/062):
          // React with the islands' runtime ('react'), what the three public forms share ('forms'), and the island's own chunk.
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'preload-helper', test: /preload-helper/ },
                { name: 'site', test: /\/(src\/lib\/(utm|carried-location|notice|request-summary)|shared\/plural)\.ts$/ },
                { name: 'react', test: REACT_MODULES, priority: 2 },
                { name: 'forms', test: FORM_MODULES, priority: 1 },
                { name: 'pickers', test: PICKER_MODULES, priority: 1 },
                // The browser's tRPC client, loaded as a form asks for its captcha (src/lib/trpc-client.ts): one file.
                { name: 'trpc', test: /[\\/](src[\\/]lib[\\/]trpc-http-client\.ts|node_modules[\\/]@trpc[\\/](client|server)[\\/].*)$/, priority: 1 },
              ],
            },
          },
        },
      },
}))
