import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The operator console (ADR 0033): a browser-only app under /admin, built to
 * apps/admin/dist and served by the same server (plugins/admin-app.ts). Its
 * own bundle: nothing here reaches the storefront's.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // zod set jitless before any schema is built: the CSP allows no eval (packages/contracts/src/zod-jitless.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, '../../packages/contracts/src/zod-jitless.ts') },
    ],
  },
  server: { port: 5174, proxy: { '/api': api, '/upload': api } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
