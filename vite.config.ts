import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Cross-origin isolation (needed by WebContainer and SharedArrayBuffer) on every server. */
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
});
