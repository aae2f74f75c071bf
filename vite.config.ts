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
        rollupOptions: { input: 'src/main.tsx' },
      },
}))
