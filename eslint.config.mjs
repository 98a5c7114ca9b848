import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importRules } from './eslint/import-rules.mjs';
import { pluginImports } from './eslint/plugin-imports.mjs';
import { serverLayers } from './eslint/server-layers.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'public/',
      '.cache/',
      '**/dist/',
      'data/',
      'coverage/',
      'playwright-report/',
      'test-results/',
      // The publish flow's build folder (PUBLISH_WORK_DIR), a mirror of the project.
      '.publish/',
      'src/gatsby-types.d.ts',
      'static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A comment states the rule it refers to rather than citing a numbered section (the section
      // sign) of a document the reader may not have.
      'no-warning-comments': ['error', { terms: ['§'], location: 'anywhere' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'gatsby-*.tsx', 'bench/lab/yardstick/src/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  // Imports run one way (shared code ← features ← app shell ← pages) and browser code imports no
  // build-only module; see eslint/import-rules.mjs.
  ...importRules,
  // The server's imports run routes → services → db, never upward; see eslint/server-layers.mjs.
  ...serverLayers,
  // The build's plugins import neither src/ nor server/src; see eslint/plugin-imports.mjs.
  ...pluginImports,
  {
    files: ['**/*.cjs', 'jest/**/*.js', '__mocks__/**/*.js', 'jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
