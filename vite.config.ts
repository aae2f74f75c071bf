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
          // which the back office's entry uses too, in another.
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'preload-helper', test: /preload-helper/ },
                { name: 'site', test: /\/src\/lib\/(utm|carried-location|notice)\.ts$/ },
              ],
            },
          },
        },
      },
}))
