// ESLint checks for defects only: prettier owns the layout. TypeScript files get the typed promise rules (via
// the TypeScript project service, so every file is checked with the tsconfig.json that covers it); plain .js and
// .mjs files (bin/, CI and test helpers) are linted without type information.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const typeScriptFiles = ['**/*.ts', '**/*.mts', '**/*.cts'];
const javaScriptFiles = ['**/*.js', '**/*.mjs', '**/*.cjs'];

// Node's globals that the .js/.mjs files may use (ECMAScript's own come with ecmaVersion).
const nodeGlobals = Object.fromEntries(
  [
    'AbortController',
    'AbortSignal',
    'Blob',
    'Buffer',
    'DOMException',
    'Event',
    'EventTarget',
    'FormData',
    'Headers',
    'MessageChannel',
    'Request',
    'Response',
    'TextDecoder',
    'TextEncoder',
    'URL',
    'URLSearchParams',
    'atob',
    'btoa',
    'clearImmediate',
    'clearInterval',
    'clearTimeout',
    'console',
    'crypto',
    'fetch',
    'performance',
    'process',
    'queueMicrotask',
    'setImmediate',
    'setInterval',
    'setTimeout',
    'structuredClone',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig([
  globalIgnores([
    'dist/',
    'runtime/dist/',
    '**/node_modules/',
    'test/artifacts/',
    // Each golden scenario's vendored copy of runtime/src: linted where it is written, in runtime/src.
    'test/golden/*/expected/runtime/',
  ]),
  {
    name: 'asmxgen/defects',
    files: [...typeScriptFiles, ...javaScriptFiles],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      ...js.configs.recommended.rules,
      // Recommended rules about style rather than defects.
      'no-empty': 'off',
      'no-empty-static-block': 'off',
      'no-extra-boolean-cast': 'off',
      'no-regex-spaces': 'off',
      'no-useless-catch': 'off',
      'no-useless-escape': 'off',
      'preserve-caught-error': 'off',
      // Not in recommended: `x === x` (NaN is tested with Number.isNaN).
      'no-self-compare': 'error',
      // In place of the core rule: it knows types, interfaces and `import type`.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    name: 'asmxgen/typescript',
    files: typeScriptFiles,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // What the TypeScript compiler reports as errors under tsconfig.json. no-unreachable stays (TypeScript reports
      // unreachable code as an error only under allowUnreachableCode: false), and so does no-dupe-keys (ts(1117)):
      // a second check of an object literal's keys costs nothing.
      'constructor-super': 'off', // ts(2335), ts(2377)
      'getter-return': 'off', // ts(2378)
      'no-class-assign': 'off', // ts(2629)
      'no-const-assign': 'off', // ts(2588)
      'no-dupe-args': 'off', // ts(2300)
      'no-dupe-class-members': 'off', // ts(2393), ts(2300)
      'no-func-assign': 'off', // ts(2630)
      'no-import-assign': 'off', // ts(2632), ts(2540)
      'no-new-native-nonconstructor': 'off', // ts(7009)
      'no-obj-calls': 'off', // ts(2349)
      'no-redeclare': 'off', // ts(2451); also refuses a type and a value of one name, which TypeScript allows
      'no-setter-return': 'off', // ts(2408)
      'no-this-before-super': 'off', // ts(2376), ts(17009)
      'no-undef': 'off', // ts(2304), ts(2552)
      'no-unsafe-negation': 'off', // ts(2365), ts(2322), ts(2358)
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    name: 'asmxgen/javascript',
    files: javaScriptFiles,
    languageOptions: { globals: nodeGlobals },
  },
  {
    name: 'asmxgen/tests',
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
