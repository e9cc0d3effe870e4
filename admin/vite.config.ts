import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // @quire/shared (packages/shared) is built to CommonJS for the server; the dev server converts it like any dependency.
  optimizeDeps: { include: ['@quire/shared'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  // `npm run dev --workspace admin` proxies the API to a server started with `npm run dev`.
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
