import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server answers screens itself and hands the API to the Fastify server
// (`PORT=3000 npx tsx src/server/main.ts`), so cookies stay on one origin.
const api = process.env.FORECOURT_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The server's CSP allows only same-origin scripts; a source map stays next to each chunk.
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': { target: api },
    },
  },
});
