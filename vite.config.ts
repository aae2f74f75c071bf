import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, emptyOutDir: true }
    : {
        outDir: `${process.env.BUILD_DIR ?? 'dist'}/client`,
        manifest: true,
        emptyOutDir: true,
        rollupOptions: {
          input: 'src/main.tsx',
          // The zod schemas only declare values: a route that imports them for its component alone (split into its
          // own chunk) must not keep them, and zod with them, in the route tree every public page loads.
          treeshake: { moduleSideEffects: (id: string) => !id.includes('/shared/schemas/') },
        },
      },
}))
