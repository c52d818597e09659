import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { builtTwice, plainDynamicImports, screenChunksPlugin } from './vite.build-plugins.ts';

/**
 * Build 1 of 3: the widget app (React, screens) as ES module chunks under
 * dist/chunks/. The entry has the stable name dist/chunks/app.js so the loader
 * (vite.loader.config.ts, build 2) can import it relative to its own URL.
 * Every other chunk is hashed. Runs first and empties dist/.
 */
export default defineConfig({
  // vite.build-plugins.ts: the chunks each state's screen needs, for the loader to preload; dynamic imports without Vite's preload helper.
  // and the rules' messages built into their rules' chunks and the catalogue's alike (builtTwice).
  plugins: [
    plainDynamicImports(),
    builtTwice([{ module: /[\\/]core[\\/]src[\\/]errors[\\/][a-z]+-messages\.ts$/, importer: /[\\/]core[\\/]src[\\/]errors[\\/]default-messages\.ts$/ }]),
    react(),
    screenChunksPlugin(),
  ],
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
      // chat.js: the page's chat session (issue 19), a stable name the loader imports when the start rule starts
      // the chat at load, and the chat screen imports relatively (the same file, so the same session). Its
      // transports are imported by URL: demo mode's scripted operator is an entry here, Socket.IO is build 3
      // (vite.chat-socket.config.ts).
      input: { app: 'src/app/index.tsx', chat: 'src/chat/chat-entry.ts', 'chat-demo': 'src/demo/demo-chat.ts' },
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
          // A module's second copy (builtTwice) goes where the module that imports it goes.
          if (id.startsWith('\0portico-copy:')) return undefined;
          // Not on every first screen: the light-DOM slot goes with the third-party iframes that use it (payments,
          // captcha, Google), the popup's dialog and focus trap with popup mode (app/widget-root.tsx).
          if (/[\\/]src[\\/]app[\\/](use-light-dom-slot\.tsx|popup-frame\.tsx|focus-trap\.ts)$/.test(id)) return undefined;
          // What every screen of its own uses (heading, error list, lazy strings, whether a captcha is needed) goes with app.js:
          // in screen-kit, a screen reached from a mail or a help form downloaded the plan rules with it (issue 18 page weight).
          if (/[\\/]src[\\/](components[\\/](screen-heading|error-list|error-list-logic|notices|plain-text)\.tsx?|i18n[\\/](register-lazy-strings|use-error-text)\.ts|captcha[\\/](captcha-props\.ts|use-captcha\.tsx))$/.test(id)) return 'app';
          if (/[\\/]src[\\/](app[\\/]|i18n[\\/](en|use-translation|translator)\.ts)|[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]packages[\\/]core[\\/]src[\\/](errors[\\/]error-codes|states[\\/]|theme[\\/]|settings[\\/])/.test(id)) return 'app';
          // The catalogue's English messages stay out of the first screen, forms included: they load with the first
          // error shown (i18n/use-error-text.ts), with the module that registers them. A field's or a card's own error
          // reads right before that: the messages of core's rules are small modules of their own, with the rules
          // (errors/field-messages.ts in the forms chunk, billing-messages.ts in the sign-up's), and built into this
          // chunk as well (builtTwice, vite.build-plugins.ts).
          if (/[\\/]core[\\/]src[\\/]errors[\\/]default-messages\.ts$|[\\/]src[\\/]i18n[\\/]register-error-strings\.ts$/.test(id)) return 'error-messages';
          // What nearly every screen uses (heading, error list, radio list, the flow draft) goes in one
          // chunk: the first screen otherwise paid for several small requests and their headers.
          if (/[\\/]src[\\/](components[\\/]radio-list\.tsx|components[\\/]billing[\\/](catalog|format)\.ts|flow[\\/](?!receipt-facts)[a-z-]+\.ts)$/.test(id)) return 'screen-kit';
          // The plan rules selectPlan shares with the sign-up: named here, or the sign-up chunk below would take them in.
          // Issue 15: the plan cards state what checkout adds (core's planExtras, the order summary's usage items and
          // the words both use, components/billing/price-words.ts), so those go with them too.
          if (/[\\/]core[\\/]src[\\/]billing[\\/](terms|plan-choice|plan-selection|plan-extras|usage-items|add-on-terms)\.ts$|[\\/]src[\\/]components[\\/]billing[\\/]price-words\.ts$/.test(id)) return 'screen-kit';
          // A paid sign-up's payment summary on registerConfirmation: its own automatic chunk, loaded by that screen
          // only when there is a payment to state, so the register screen (often the first) never carries it; with it the
          // reader of its param (flow/receipt-facts.ts), which state-params.ts in app.js leaves to it. Not a
          // named chunk: a named one takes its shared imports along (components/billing/format.ts), and the
          // selectPlan and sign-up chunks then import it on every first screen.
          if (/[\\/]src[\\/]screens[\\/]register-confirmation[\\/](payment-receipt|en-receipt)/.test(id)) return undefined;
          // Following a sign-up mail's confirm-and-sign-in link: left to its own automatic chunk (a named one would
          // take the sign-in code it shares with the sign-up along, and the sign-up chunk would import it).
          if (/[\\/]src[\\/]screens[\\/]register-confirmation[\\/]confirming-email\.tsx$/.test(id)) return undefined;
          // A screen opened on its own (the help form from an embed, the email preferences from a mail) in one chunk each
          // rather than four or five of 0.2-2 KB, each of which paid its response's headers (~0.4 KB).
          if (/[\\/]src[\\/](support[\\/]|screens[\\/]support[\\/])|[\\/]core[\\/]src[\\/]support[\\/]support-limits\.ts$/.test(id)) return 'support';
          if (/[\\/]src[\\/]screens[\\/]email-lists[\\/](manage-screen|setup|en-email-lists|email-lists-calls)\.tsx?$|[\\/]src[\\/]screens[\\/]email-lists[\\/]email-lists\.css|[\\/]core[\\/]src[\\/]email-lists[\\/]subscriptions\.ts$/.test(id)) return 'email-lists';
          // The account area's strings (profile-view/setup.ts, which the account and profile screens import) and core's
          // 'Same as billing address' rule that its view and the account edit read: out of the forms chunk, which the
          // help form downloads.
          if (/[\\/]src[\\/]screens[\\/]profile-view[\\/](setup|en-profile)\.ts$|[\\/]core[\\/]src[\\/]fields[\\/]same-as-address\.ts$/.test(id)) return 'profile-area';
          // The captcha (ALTCHA's and altcha-lib's proof of work): loaded when a form's captcha starts, on the visitor's
          // first interaction with the form (captcha/use-captcha.tsx), so a form that shows downloads none of it.
          if (/[\\/]src[\\/]captcha[\\/](captcha|altcha-captcha|solve-altcha|setup|en-captcha)\.tsx?$|[\\/]src[\\/]captcha[\\/]captcha\.css|[\\/]node_modules[\\/]altcha-lib[\\/]/.test(id)) return 'captcha';
          // The shared form core (issue 18 page weight): the form state and hook, core's field rules, the plain
          // controls, one chunk for every form screen (help form, lead form, sign-up, account).
          // In the sign-up chunk it made the help form download the whole sign-up. The address and tax id controls
          // stay out, and so do the address's rule and the country list: the address control provides its rule to the
          // forms (forms/control-rules.ts, core's FieldRuleOptions), so they go with the screens whose forms render it
          // (the sign-up chunk), and so does the tax id's rule. The tax id types (with how a tax id is shown) stay here:
          // the account views show them too, and they load this chunk anyway (elsewhere, a view or the sign-up paid one
          // more response). The 'Same as' rule goes with the account area's strings (below).
          if (/[\\/]src[\\/](forms[\\/](form-state|form-display|use-form|control-rules|register-form-strings)\.ts|components[\\/]fields[\\/](field-parts|text-input|text-field|email-field|textarea-field|setup)\.tsx?|components[\\/]fields[\\/]fields\.css|components[\\/]file-validation\.ts)|[\\/]core[\\/]src[\\/]fields[\\/](?!same-as-address|submit-values|address-rules)|[\\/]core[\\/]src[\\/](geo[\\/]tax-id-types|errors[\\/]field-messages)\.ts$/.test(id)) return 'forms';
          // The sign-up after the plan list (register, checkout, their billing pieces, the payment entry's
          // shell, confirmation) in one chunk: about twenty small chunks cost more in headers and lost
          // compression than they saved. selectPlan's plan picker stays out of it, and so do the gateway forms
          // (a Stripe page never downloads the sandbox's card form), the captcha, and what a paid sign-up
          // does not pass through: processing (after a payment redirect only) and updatePaymentInformation
          // are chunks of their own, the invoice preview goes with the controls gallery that alone shows it.
          // Core's card rules (both card forms and the Stripe element use them, and each imports the sign-up chunk anyway):
          // their own chunk cost every paid sign-up one more response's headers.
          if (/[\\/]core[\\/]src[\\/](payments[\\/]card-rules|errors[\\/]billing-messages)\.ts$/.test(id)) return 'signup';
          if (/[\\/]src[\\/](signup[\\/]|screens[\\/](register|checkout|register-confirmation)[\\/]|payments[\\/](payment-entry|payment-api|payment-redirect|use-payment-intent|payment-types|setup)\.tsx?$|components[\\/]billing[\\/](?!plan-picker|catalog|format|invoice-preview|price-words)|components[\\/](integer-input|integer-input-logic|file-upload|checkbox-field)\.tsx?$|i18n[\\/](en-billing|en-payments|register-billing-strings)\.ts$|third-party[\\/])/.test(id)) return 'signup';
          return undefined;
        },
      },
    },
  },
});
