import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries (shared ARCHITECTURE.md "Rules of the house"), as import rules. ESLint replaces, not
// merges, a rule's options when several blocks match one file, so each block below lists every
// restriction that applies to its files.
const dirsOf = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const webFeatures = dirsOf('./apps/web/src/features');
const serverModules = dirsOf('./apps/server/src/modules');
const noFeatures = { group: ['@/features', '@/features/**'], message: 'Only app/ (routes) composes features; move what is shared to lib/ or components/.' };
const noRelativeFeatures = { regex: '^(\\.\\./)+features(/|$)', message: 'Only app/ (routes) composes features; move what is shared to lib/ or components/.' };
const noApp = { regex: '^(@/app|(\\.\\./)+app)(/|$)', message: 'app/ wires layouts, lib and the kit together; they never import it (register a callback, as lib/route-preload.ts does).' };

/** A feature's vocabulary in the contracts' names (camel-case words: `sanctionsListName`, `CreateDecisionBody`, `NotificationList`). */
const featureWords = ['sanctions', 'screening', 'decision', 'watchlist', 'alert', 'webhook', 'apiKey', 'due', 'bank', 'news', 'price', 'audit', 'notification', 'release', 'support'];
const capitalized = (word) => word[0].toUpperCase() + word.slice(1);
const libNotFeature = [
  { group: ['@/lib/api-client', '**/api-client'], importNames: ['api'], message: "lib/ calls no endpoint: the call is its feature's (features/<owner>/api/), or beside the shared widget (components/<area>/)." },
  {
    group: ['@fueldesk/contracts'],
    importNamePattern: `^(${featureWords.join('|')})s?(?![a-z])|(${featureWords.map(capitalized).join('|')})s?(?![a-z])`,
    message: "lib/ holds no feature code: move it to the feature that owns it (or components/<area>/ when two features share it).",
  },
];

// Every file's no-restricted-syntax (blocks below that set it again repeat these, as ESLint replaces a rule's options).
const testSyntax = [
  { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'No .only: the rest of the suite would not run.' },
  { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|todo)$/]", message: 'No skipped tests.' },
];
/** Features build forms from the kit (components/ui): its fields, or its bare Input, Select, Textarea. */
const rawControls = {
  selector: 'JSXOpeningElement[name.name=/^(input|select|textarea)$/]',
  message: 'Use the UI kit (components/ui/form-field.tsx fields, or Input/Select/Textarea from components/ui/controls.tsx), not a raw form control.',
};

/** A feature imports no other feature: neither by alias nor by a relative path that leaves it. */
const featureBoundaries = webFeatures.flatMap((feature) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/features/(?!${feature}(/|$))`, message: 'A feature never imports another feature; move what is shared to lib/ or components/.' },
            { regex: `^(\\.\\./){${depth},}`, message: 'Relative imports stay inside the feature; use @/lib or @/components for shared code.' },
          ],
        },
      ],
    },
  })),
);

const serverRules = {
  otherRepository: { regex: '^\\.\\./.*\\.repository(\\.js)?$', message: "A module calls another module's service, never its repository." },
  database: { group: ['**/db/client', '**/db/schema', '**/db/schema/*'], message: 'Routes call services, never the database.' },
  ownRepository: { group: ['*.repository', './*.repository'], message: 'Routes call services, never the database.' },
  service: { regex: '\\.service(\\.js)?$', message: 'Repositories hold queries only; they never call services.' },
};

/** Server modules: routes → service → repository → db, one module's repository is its own. */
const moduleBoundaries = serverModules.flatMap((module) => [
  {
    files: [`apps/server/src/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverRules.otherRepository] }] },
  },
  {
    files: [`apps/server/src/modules/${module}/**/*.routes.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverRules.otherRepository, serverRules.database, serverRules.ownRepository] }] },
  },
  {
    files: [`apps/server/src/modules/${module}/**/*.repository.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverRules.otherRepository, serverRules.service] }] },
  },
]);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/drizzle/**', 'e2e/.artifacts/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...testSyntax],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  {
    // Layouts, lib and the UI kit are below the features: they import none (app/ wires them in).
    files: ['apps/web/src/{layouts,lib,components}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeatures, noRelativeFeatures, noApp] }] },
  },
  {
    // lib/ is infrastructure (the api client, texts, the session, storage), never a feature parked there to
    // get around the feature rule: it calls no endpoint through the api client (an endpoint is the owning
    // feature's api/, or components/<area>/ beside a widget two features share) and imports no feature's
    // names from the contracts. The SSE transport (server-events.ts) fetches its own ticket, so it is left out.
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/lib/testing/**', 'apps/web/src/lib/api-client.ts', 'apps/web/src/lib/server-events.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeatures, noRelativeFeatures, noApp, ...libNotFeature] }] },
  },
  {
    // Forms one way: useSubmitForm (lib/use-submit-form.ts) builds every form, with its mode, server field
    // messages and reset; react-hook-form's other exports (useWatch, useFieldArray, types) stay free.
    // A separate rule name, so the import boundaries above keep theirs.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/use-submit-form.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-hook-form', importNames: ['useForm'], message: 'Build the form with useSubmitForm from @/lib/use-submit-form (mode, keepValues, fieldNames).' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...testSyntax, rawControls] },
  },
  ...moduleBoundaries,
  {
    // One way to declare a route's auth: route('user', schema, options) from plugins/auth.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...testSyntax,
        { selector: "Property[key.name='config'] > ObjectExpression > Property[key.name='auth']", message: "Declare a route's auth with route(auth, schema, options) from plugins/auth.ts." },
      ],
    },
  },
  {
    // One way to give a server test its database and app: useTestContext() for the file or a describe block,
    // openTestContext() inside a test that needs settings of its own (test/test-context.ts).
    files: ['apps/server/{src,test}/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...testSyntax,
        { selector: "ImportSpecifier[imported.name='createTestContext']", message: 'Give the test its context with useTestContext(), or openTestContext() inside a test, from test/test-context.ts.' },
      ],
    },
  },
  {
    // Only repositories query: services, routes, jobs, seeds, plugins, integrations and lib name no
    // table and no query builder (types of rows are fine). A separate rule name, so the blocks above keep theirs.
    files: ['apps/server/src/{modules,plugins,integrations,lib}/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: "Only a repository queries a table: call the owning module's service." },
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Queries live in repositories.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/contracts/src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!(zod|date-fns|@date-fns/tz)$)[^.]', message: 'contracts imports nothing but zod and date-fns.' }] }],
    },
  },
);
