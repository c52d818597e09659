import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { readScreenChunks } from './vite.build-plugins.ts';

/** dist/hostile.html: the developer harness plus a hostile host stylesheet, for the isolation e2e test. */
function hostileDemoPage(): Plugin {
  return {
    name: 'portico-hostile-demo-page',
    generateBundle() {
      const html = readFileSync('demo/harness.html', 'utf8')
        .replace('<title>Portico developer harness</title>', '<title>Portico developer harness (hostile CSS)</title>\n  <!-- Hostile host styles: the widget must look the same as on harness.html. -->\n  <link rel="stylesheet" href="/hostile.css">');
      if (!html.includes('hostile.css')) throw new Error('demo/harness.html has no <title> to extend');
      this.emitFile({ type: 'asset', fileName: 'hostile.html', source: html });
    },
  };
}

/**
 * Build 2 of 3: the loader dist/portico.js, a classic script (IIFE) with no
 * React. It also copies the demo host pages (demo/: the Northwind site, the developer harness, minimal.html) into dist/.
 */
export default defineConfig({
  publicDir: 'demo',
  plugins: [hostileDemoPage()],
  // The chunks each state's screen needs (written by build 1): the loader preloads them beside chunks/app.js.
  define: { __PORTICO_SCREEN_CHUNKS__: JSON.stringify(readScreenChunks()) },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'src/loader/index.ts',
      formats: ['iife'],
      name: 'PorticoLoader',
      fileName: () => 'portico.js',
    },
  },
});
