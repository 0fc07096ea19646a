// ESLint for every workspace (`npm run lint`: each workspace lints its own
// folder through turbo, then knip looks for unused files, exports and
// dependencies across the repository). TypeScript is linted with type
// information: each workspace's files against that workspace's program
// (`tsconfig.eslint.json`: its tsconfig.json plus its unit tests, which the
// build leaves out), the e2e suite against its own tsconfig.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The workspace folders of the root package.json (`dir/*` globs expanded). */
const folders = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces.flatMap((glob) => {
  if (!glob.endsWith('/*')) return [glob];
  const parent = glob.slice(0, -2);
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, 'package.json')))
    .map((entry) => `${parent}/${entry.name}`);
});

/** The program each workspace's TypeScript is checked against. */
const projects = folders.map((folder) => {
  const lintProject = path.join(folder, 'tsconfig.eslint.json');
  return { folder, project: existsSync(path.join(root, lintProject)) ? lintProject : path.join(folder, 'tsconfig.json') };
});

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'packages/db/src/generated/**', 'bench/results/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...projects.map(({ folder, project }) => ({
    files: [`${folder}/**/*.ts`],
    languageOptions: { parserOptions: { project, tsconfigRootDir: root } },
  })),
  {
    files: ['**/*.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` marks a parameter kept for its position (it.each rows, express handlers).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An `async` function without `await` is kept on purpose: it implements a Promise-returning
      // interface, and `async` turns anything it throws into a rejection instead of a synchronous throw.
      '@typescript-eslint/require-await': 'off',
      // Passing on an error caught elsewhere (typed unknown) is fine; inventing a non-Error is what these catch.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    // Tests read answers as untyped JSON (`any` from JSON.parse and the HTTP and SQL clients)
    // and match them with jest's asymmetric matchers (expect.any(), expect.stringContaining(),
    // typed any), checking their shape with expect(). The promise rules, no-explicit-any and the
    // rest stay on.
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // The e2e suite's index accesses carry `as T` assertions that change no type (about 240);
    // `eslint --fix --rule` removes them in one pass, left for a time the suite is not being
    // edited on other branches.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
);
