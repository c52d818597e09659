import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { plainDynamicImports, screenChunksPlugin } from './vite.build-plugins.ts';

/**
 * Build 1 of 2: the widget app (React, screens) as ES module chunks under
 * dist/chunks/. The entry has the stable name dist/chunks/app.js so the loader
 * (vite.loader.config.ts, build 2) can import it relative to its own URL.
 * Every other chunk is hashed. Runs first and empties dist/.
 */
export default defineConfig({
  // vite.build-plugins.ts: the chunks each state's screen needs, for the loader to preload; dynamic imports without Vite's preload helper.
  plugins: [plainDynamicImports(), react(), screenChunksPlugin()],
  base: './',
  publicDir: false,
  // core's tax-id formats import stdnum's CommonJS modules (what Node runs for the server); the widget bundles the same
  // modules' ES build instead, so no CommonJS interop runtime joins the first screen's chunks (docs/decisions.md).
  resolve: { alias: [{ find: /^stdnum\/lib\/cjs\//, replacement: 'stdnum/lib/esm/' }] },
  // Web Workers (the captcha's proof-of-work) go with the chunks: production serves only portico.js and chunks/*.js.
  worker: { format: 'es', rollupOptions: { output: { entryFileNames: 'chunks/[name]-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js' } } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No preload helper: chunks import each other with plain relative import(),
    // which resolves against the importing module's URL on any host page.
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: {
      input: { app: 'src/app/index.tsx' },
      preserveEntrySignatures: 'allow-extension',
      output: {
        format: 'es',
        entryFileNames: 'chunks/[name].js',
        // Chunks are named by their hash alone: the loader's preload table (vite.build-plugins.ts) lists every
        // screen's chunk names and is on every first screen, so a name costs bytes each visitor downloads. The
        // shared "not available yet" screen keeps its name: the loader tells unbuilt states by it (isBuiltIn).
        chunkFileNames: (chunk) => (chunk.name === 'not-available-screen' ? 'chunks/[name]-[hash].js' : 'chunks/[hash].js'),
        assetFileNames: 'chunks/[name]-[hash][extname]',
        // Keep what the first screen always needs (the translator, the English strings, the settings loader)
        // inside app.js: one gzip stream compresses better than several small chunks.
        manualChunks(id: string) {
          // Not on every first screen: the light-DOM slot goes with the third-party iframes that use it (payments,
          // captcha, Google), the popup's dialog and focus trap with popup mode (app/widget-root.tsx).
          if (/[\\/]src[\\/]app[\\/](use-light-dom-slot\.tsx|popup-frame\.tsx|focus-trap\.ts)$/.test(id)) return undefined;
          if (/[\\/]src[\\/](app[\\/]|i18n[\\/](en|use-translation|translator)\.ts)|[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]packages[\\/]core[\\/]src[\\/](errors[\\/]error-codes|states[\\/]|theme[\\/]|settings[\\/])/.test(id)) return 'app';
          // The catalogue's English messages stay out of the first screen (they load with the first error).
          if (/[\\/]core[\\/]src[\\/]errors[\\/]default-messages\.ts$/.test(id)) return 'error-messages';
          // What nearly every screen uses (heading, error list, radio list, the flow draft) goes in one
          // chunk: the first screen otherwise paid for several small requests and their headers.
          if (/[\\/]src[\\/](components[\\/](screen-heading|radio-list|error-list|error-list-logic|notices)\.tsx?|components[\\/]billing[\\/](catalog|format)\.ts|flow[\\/][a-z-]+\.ts)$/.test(id)) return 'screen-kit';
          // Issue 18: every lazy screen registers its strings with this; in the sign-up chunk it made a screen reached
          // from a mail (email preferences) download the whole sign-up.
          // The same for whether a captcha is needed (captcha-props.ts: a few lines the preferences screen asks too).
          if (/[\\/]src[\\/](i18n[\\/]register-lazy-strings|captcha[\\/]captcha-props)\.ts$/.test(id)) return 'screen-kit';
          // The plan rules selectPlan shares with the sign-up: named here, or the sign-up chunk below would take them in.
          // Issue 15: the plan cards state what checkout adds (core's planExtras, the order summary's usage items and
          // the words both use, components/billing/price-words.ts), so those go with them too.
          if (/[\\/]core[\\/]src[\\/]billing[\\/](terms|plan-choice|plan-selection|plan-extras|usage-items|add-on-terms)\.ts$|[\\/]src[\\/]components[\\/](plain-text|billing[\\/]price-words)\.ts$/.test(id)) return 'screen-kit';
          // A paid sign-up's payment summary on registerConfirmation: its own automatic chunk, loaded by that screen
          // only when there is a payment to state, so the register screen (often the first) never carries it. Not a
          // named chunk: a named one takes its shared imports along (components/billing/format.ts), and the
          // selectPlan and sign-up chunks then import it on every first screen.
          if (/[\\/]src[\\/]screens[\\/]register-confirmation[\\/](payment-receipt|en-receipt)/.test(id)) return undefined;
          // Following a sign-up mail's confirm-and-sign-in link: left to its own automatic chunk (a named one would
          // take the sign-in code it shares with the sign-up along, and the sign-up chunk would import it).
          if (/[\\/]src[\\/]screens[\\/]register-confirmation[\\/]confirming-email\.tsx$/.test(id)) return undefined;
          // The sign-up after the plan list (register, checkout, their billing pieces, the payment entry's
          // shell, confirmation) in one chunk: about twenty small chunks cost more in headers and lost
          // compression than they saved. selectPlan's plan picker stays out of it, and so do the gateway forms
          // (a Stripe page never downloads the sandbox's card form), the captcha, and what a paid sign-up
          // does not pass through: processing (after a payment redirect only) and updatePaymentInformation
          // are chunks of their own, the invoice preview goes with the controls gallery that alone shows it.
          if (/[\\/]src[\\/](signup[\\/]|screens[\\/](register|checkout|register-confirmation)[\\/]|payments[\\/](payment-entry|payment-api|payment-redirect|use-payment-intent|payment-types|setup)\.tsx?$|components[\\/]billing[\\/](?!plan-picker|catalog|format|invoice-preview|price-words)|components[\\/](integer-input|integer-input-logic|file-upload|file-validation|checkbox-field)\.tsx?$|i18n[\\/](en-billing|en-payments|register-billing-strings)\.ts$|third-party[\\/])/.test(id)) return 'signup';
          return undefined;
        },
      },
    },
  },
});
