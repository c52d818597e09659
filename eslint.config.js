// `npm run lint` (and the 'lint' step of `npm test`). typescript-eslint's recommended
// rules without type information (fast: no type-checking pass; tsc does that), and the
// two React hooks rules as errors: a hook called conditionally or an effect missing a
// dependency is a bug the type checker cannot see.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', 'e2e/screenshots/**'] },
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_name` marks a parameter kept for its position (callbacks, screen props).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
