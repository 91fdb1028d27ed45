import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { proxy: { '^/(auth|system|station|iot|file|health|ready|docs)': 'http://localhost:8080' } },
  // The manifest tells bench/web.ts which chunks each route loads first.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1200, manifest: true },
});
