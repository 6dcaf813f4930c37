import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Cross-origin isolation (needed by WebContainer and SharedArrayBuffer) on every
 * server; scripts/serve.mjs sends the same headers for the production build.
 */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: {
    target: 'es2022',
    // Monaco is one lazy chunk of ~4 MiB by design; it never loads before a file is shown.
    chunkSizeWarningLimit: 5000,
  },
});
