// One lint for the whole repository (flat config): type-aware TypeScript rules, React hooks rules for web,
// the import boundaries of the layout (bulletproof-react in web, platform below the slices in services,
// contracts below both) and no import cycles. Formatting is Prettier's (`npm run format`), not ESLint's.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const projects = ['./tsconfig.json', './web/tsconfig.json', './web/tsconfig.node.json'];

/** Every feature folder of web, read at lint time so a new feature is covered without editing this file. */
const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  // web, bulletproof-react: shared code imports no feature and not the app that composes them.
  {
    target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/hooks', './web/src/utils', './web/src/types'],
    from: ['./web/src/features', './web/src/app', './web/src/routes'],
    message: 'Shared web code (components, lib, config, hooks) never imports a feature or the app: move the code into a feature.',
  },
  // Within shared code, lib sits below components: no folder loop between the two.
  {
    target: './web/src/lib',
    from: './web/src/components',
    message: 'src/lib never imports src/components: components use lib, not the other way.',
  },
  {
    target: './web/src/features',
    from: ['./web/src/app', './web/src/routes'],
    message: 'A feature never imports the app: the app composes the features.',
  },
  // Features never import each other, not even through an index file: what several need lives in shared
  // code (src/lib, src/components), and the app (src/app, src/routes) composes features, passing one
  // feature's component to another as a prop.
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: `A web feature never imports another feature: move what both need to src/lib or src/components, or compose the two in src/app.`,
  })),
  { target: './web', from: './services', message: 'The web app never imports the services: share code through contracts.' },
  { target: './contracts', from: ['./services', './web'], message: 'Contracts import nothing of the services or the web app.' },
  // services: the platform (HTTP, runtime, stores) sits below every slice.
  {
    target: './services/src/platform',
    from: './services/src',
    except: ['./platform'],
    message: 'The platform never imports a slice: the composition root wires slices into it.',
  },
];

/** Every slice of the services (a folder of services/src but the platform and bin/), read at lint time like the web features. */
const serviceSlices = readdirSync(join(root, 'services/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform' && entry.name !== 'bin')
  .map((entry) => entry.name);
const sliceIndexes = serviceSlices.map((slice) => `./${slice}/index.ts`);

/**
 * services: a slice imports another slice only through that slice's index.ts (its public commands,
 * queries and types), never a file inside it, and never the composition root. The composition root
 * (features.ts, bin/) takes slices through their index.ts too. Tests are the one exception (the block
 * for test files below): they may reach into a slice, e.g. for its decider or stream names.
 */
const sliceBoundaries = [
  ...serviceSlices.map((slice) => ({
    target: `./services/src/${slice}`,
    from: './services/src',
    except: [`./${slice}`, './platform', ...sliceIndexes],
    message: `A slice imports another slice only through its index.ts (services/src/<slice>/index.ts), never a file inside it: export what is needed there.`,
  })),
  {
    target: ['./services/src/features.ts', './services/src/bin'],
    from: './services/src',
    except: ['./features.ts', './bin', './platform', ...sliceIndexes],
    message: 'The composition root (features.ts, bin/) takes a slice through its index.ts.',
  },
  // The booking core sits below reservations and party bookings (and all built on them), above the
  // slices whose streams a booking decision reads: no folder loop through it.
  {
    target: './services/src/bookings',
    from: './services/src',
    except: ['./bookings', './platform', './seating/index.ts', './blocked-dates/index.ts', './business-info/index.ts'],
    message:
      'The booking core imports only seating, blocked-dates and business-info (their index.ts): the slices built on it import it, not the other way.',
  },
];

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'web/public/', '**/screenshots/', 'coverage/', 'data/', '**/.tmp/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { project: projects, tsconfigRootDir: root },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaries, ...sliceBoundaries] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // React handlers may be async; their promise is handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and the ports' in-memory adapters are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read untyped JSON answers (inject().json(), fetch) and pass methods to expect().
    files: ['**/*.test.ts', 'services/test/**/*.ts'],
    rules: {
      // Tests may import a slice's internals (deciders, streams, projections); the layout's other boundaries hold.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `res.json() as T` reads better in a test than `res.json<T>()`.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  { files: ['web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    // Files outside every tsconfig (the root configs, the image generator, mongosh scripts): syntax rules only.
    files: ['*.js', '*.ts', 'services/assets/**/*.ts', 'infra/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['infra/mongo/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { db: 'readonly', rs: 'readonly', print: 'readonly', quit: 'readonly' } },
  },
  prettier,
);
