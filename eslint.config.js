// One lint for the whole repository (flat config): type-aware TypeScript rules, React hooks rules for web,
// the import boundaries of the layout (bulletproof-react in web; in services the house declared in
// services/layers.js: platform, capabilities, slices, composition root; contracts below both) and no import
// cycles, type-only ones included (infra/eslint/house-plugin.js). Formatting is Prettier's (`npm run format`),
// not ESLint's.
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
import house from './infra/eslint/house-plugin.js';
import { advice, allowed, kindOf, platform, roomsOnDisk } from './services/layers.js';

const root = import.meta.dirname;
const projects = ['./tsconfig.json', './web/tsconfig.json', './web/tsconfig.node.json', './services/scripts/tsconfig.json'];

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
  // services: the platform (HTTP, runtime, stores) is the ground floor, below every room.
  {
    target: `./services/src/${platform}`,
    from: './services/src',
    except: [`./${platform}`],
    message: 'The platform is the ground floor and imports no room: the composition root wires rooms into it.',
  },
];

/**
 * services: the house declared once in services/layers.js, turned into zones for the rooms of services/src
 * read from disk at lint time. A room (slice or capability) is imported only through its index.ts (its
 * public commands, queries and types), never a file inside it, and only by the rooms the declaration lets
 * import it: a slice its listed slices, every capability and the platform; a capability the platform and
 * the capabilities below it; the platform nothing. The composition root (features.ts, bin/) takes rooms
 * through their index.ts too, and nothing imports it. Tests are the one exception (the block for test files
 * below): they may reach into a room, e.g. for its decider or stream names. A folder not declared is
 * house/declared-room's error; `npm run house` prints the real edges against the declaration.
 */
const rooms = roomsOnDisk();
/** @param {string} room */
const roomPath = (room) => `./services/src/${room}`;
const houseZones = [
  // What a room may not import at all (the platform: in boundaries above, tests included).
  ...rooms
    .filter((room) => kindOf(room) !== 'undeclared' && kindOf(room) !== 'platform')
    .map((room) => ({ room, refused: rooms.filter((other) => other !== room && !allowed(room, other)) }))
    .filter(({ refused }) => refused.length > 0)
    .map(({ room, refused }) => ({ target: roomPath(room), from: refused.map(roomPath), message: advice(room) })),
  // What a room may import, only through its index.ts.
  ...rooms
    .filter((room) => kindOf(room) === 'slice' || kindOf(room) === 'capability')
    .map((room) => ({ room, importers: rooms.filter((other) => other !== room && allowed(other, room)) }))
    .filter(({ importers }) => importers.length > 0)
    .map(({ room, importers }) => ({
      target: importers.map(roomPath),
      from: roomPath(room),
      except: ['./index.ts'],
      message: `A room of services/src is imported only through its index.ts, never a file inside it: export what is needed from services/src/${room}/index.ts.`,
    })),
];

/** Deciders and projections are pure: no HTTP. */
const noHttpInDomain = [
  'error',
  {
    patterns: [
      {
        regex: '(^|/)platform/http(/|$)',
        message:
          'Deciders and projections never import services/src/platform/http: throw or return the domain error (platform/errors.ts) and let the routes map it to HTTP.',
      },
    ],
  },
];

const noStreamReadsMessage =
  "Routes and commands never read streams: load them in the write pipeline (runPipeline's tx.load) or read a read model.";

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
    plugins: { 'import-x': importX, house },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaries, ...houseZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // no-cycle skips `import type`; a loop through a type is a loop all the same.
      'house/no-type-cycle': 'error',
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
  {
    // Every folder of services/src is a room declared in services/layers.js.
    files: ['services/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'house/declared-room': 'error' },
  },
  { files: ['services/src/**/*-decider.ts', 'services/src/**/*-projection.ts'], rules: { 'no-restricted-imports': noHttpInDomain } },
  {
    // A route or command decides on what the write pipeline loaded, or answers from a read model.
    files: ['services/src/**/*-routes.ts', 'services/src/**/*-commands.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(readStream|readAll)$/]",
          message: noStreamReadsMessage,
        },
      ],
      'no-restricted-imports': ['error', { patterns: [{ regex: '.', importNames: ['loadState'], message: noStreamReadsMessage }] }],
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
