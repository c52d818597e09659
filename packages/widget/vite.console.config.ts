import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The operator console (issue 20): a page of its own at /console/, built from src/console/ into
 * dist/console/ (index.html and hashed assets/). It shares the widget's code (typed API client, i18n,
 * theme, rich-text sanitizer, base.css) but none of its chunks: the widget's first screens never load
 * console code, and the console never loads the loader. Runs after the widget's build 1, which empties dist/.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/console', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  publicDir: false,
  resolve: { alias: [{ find: /^stdnum\/lib\/cjs\//, replacement: 'stdnum/lib/esm/' }] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fileURLToPath(new URL('./dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No preload helper script: the CSP allows scripts from 'self' only, and one entry chunk needs none.
    modulePreload: false,
    rollupOptions: { output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' } },
  },
});
