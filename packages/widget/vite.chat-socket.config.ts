import { defineConfig } from 'vite';

/**
 * Build 3 of 3: dist/chunks/chat-socket.js, the live chat's Socket.IO transport (src/chat/socket-link.ts),
 * one self-contained ES module that chat.js imports by URL when the chat starts (issue 19). Built on its
 * own because in build 1 the bundler's small interop runtime, which socket.io-client needs, became a
 * chunk shared with app.js: every first screen then paid one more request, for the chat's sake.
 */
export default defineConfig({
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/chunks',
    emptyOutDir: false,
    target: 'es2022',
    modulePreload: false,
    rollupOptions: {
      input: { 'chat-socket': 'src/chat/socket-link.ts' },
      preserveEntrySignatures: 'strict',
      output: { format: 'es', entryFileNames: '[name].js', inlineDynamicImports: true },
    },
  },
});
