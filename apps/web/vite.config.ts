import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/** In the browser, `zod` is zod set jitless before any schema is built (the CSP allows no eval; packages/contracts/src/zod-jitless.ts). */
const zodJitless = { find: /^zod$/, replacement: path.resolve(import.meta.dirname, '../../packages/contracts/src/zod-jitless.ts') };

/** The pages a first visit lands on most (the budgeted ones of issue 22): their own chunk is compiled as it downloads too. */
const FIRST_VISIT_PAGES = /\/src\/app\/routes\/(home|detail|project-list)\.tsx$/;

/** The data plot's chunk: every function in it runs for the first frame (ADR 0071), so it is compiled as it downloads. */
const DATA_PLOT_VIEW = /\/src\/features\/data-plot\/components\/data-plot-view\.tsx$/;

/**
 * Two builds (ADR 0026): the browser's (dist/, with a manifest the server
 * reads to link a page's chunks and styles) and the server render's
 * (dist/.server/entry-server.js, everything bundled so Node runs it as is; a dot folder, which the static files plugin never serves).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server render keeps the real zod: zod's settings are one object per process, shared with the API's.
  resolve: { alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }, ...(isSsrBuild ? [] : [zodJitless])] },
  server: { port: 5173, proxy: { '/api': api, '/upload': api } },
  // Bundled whole: the render runs from any copy of dist/ (the server hands it its DOM window).
  ssr: { noExternal: true, target: 'node' },
  // The server render runs React and antd in production mode whatever the server's NODE_ENV (antd's class hashes must match the browser's).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/.server', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // npm run bench builds with hidden maps (same JS, no sourceMappingURL) to list the modules in the home page's chunks.
        sourcemap: process.env.BUILD_SOURCEMAP === 'hidden' ? 'hidden' : false,
        chunkSizeWarningLimit: 900,
        manifest: true,
        rolldownOptions: {
          output: {
            // Compile hints (ADR 0068): the code every page runs at start-up is compiled by V8 while it downloads (off
            // the main thread), not function by function when first called, on the main thread, during hydration.
            postBanner: (chunk) =>
              chunk.name === 'vendor' ||
              chunk.isEntry ||
              chunk.name === 'index' ||
              FIRST_VISIT_PAGES.test(chunk.facadeModuleId ?? '') ||
              DATA_PLOT_VIEW.test(chunk.facadeModuleId ?? '')
                ? '//# allFunctionsCalledOnLoad'
                : '',
            // What every page loads before it can run (the entry's static imports) comes in two files, not thirty:
            // on a phone's slow network each request waits its turn for one of six connections.
            codeSplitting: {
              groups: [
                { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
}));
