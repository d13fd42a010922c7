// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The layer rule: pure layers never reach for Electron, Node-only code never reaches the renderer. */
export const layerRules = {
  pure: {
    patterns: [
      { group: ['electron', 'electron/*'], message: 'src/pipeline and src/shared are pure: no Electron imports (see ARCHITECTURE.md).' },
      { group: ['**/renderer/**', '**/main/**', '**/preload/**'], message: 'src/pipeline and src/shared may not import the app layers.' },
    ],
  },
  renderer: {
    patterns: [
      { group: ['electron', 'electron/*', 'node:*'], message: 'The renderer is sandboxed: it talks to the app only through src/shared contracts.' },
      { group: ['**/pipeline/**', '**/main/**', '**/preload/**', '**/cli/**', '**/server/**'], message: 'The renderer may import only src/shared.' },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'test/fixtures/**', 'release/**', 'out/**', 'scratch/**', '.docent-bench/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/pipeline/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', layerRules.pure] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', layerRules.renderer] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
