import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

// Imports point one way (ARCHITECTURE.md): src → machines → domain, src → services → domain, server → domain;
// contracts/ (the endpoints' schemas) → domain, read by the server and, as types only, by services/ and src/.
const zones = [
  { target: './domain', from: ['./contracts', './machines', './services', './src'], message: 'domain/ imports nothing of the project.' },
  // the standards' figures are data the domain reads (issue 10: WS/T 554 and GB 28050 in standards.json), not server code
  { target: './domain', from: './server', except: ['./data/standards.json'], message: 'domain/ imports nothing of the project.' },
  { target: './contracts', from: ['./machines', './services', './src', './server'], message: 'contracts/ declare endpoints from domain/ only.' },
  { target: './machines', from: ['./services', './src', './server'], message: 'machines/ get I/O as invoked actors, never services/ or React.' },
  { target: './services', from: ['./machines', './src', './server'], message: 'services/ depend on domain/ only.' },
  { target: './src', from: ['./server'], message: 'the console never imports server code.' },
  { target: './server', from: ['./machines', './services', './src'], message: 'the server shares only domain/ with the console.' },
];

// One write path (issue 14): handlers decide through server/store/command.ts handleCommand/decideAndAppend,
// which append at the version they loaded. Only the store itself and the seeds (listed here) may append directly.
const LEGACY_APPENDERS = [
  'server/seed/**', 'server/modules/*/seed*.ts', 'server/modules/orgInit/seedTemplates.ts',
];
// any depth under server/: a module in a subfolder must not slip past by its longer relative path
const appendsOutsideCommands = {
  patterns: [
    { group: ['**/store/eventStore.ts'], importNames: ['appendToStream', 'appendToStreams', 'streamVersion', 'streamVersions'], message: 'write through handleCommand (server/store/command.ts): decide with a domain decider, append at the version loaded.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'test-results/**', 'node_modules/**', 'data/**', 'locales/*.ts', 'locales/*.js', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['machines/**', 'domain/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['axios', 'react', 'react-dom'].map((name) => ({ name, message: 'no I/O or React here' })) }],
    },
  },
  {
    // the console takes the contracts' types, never TypeBox itself: the sign-in bundle stays small
    files: ['services/**', 'src/**', 'machines/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['**/contracts/*'], allowTypeImports: true, message: 'import contracts with `import type`: the console needs their types, not TypeBox.' }],
        paths: [{ name: 'typebox', allowTypeImports: true, message: 'TypeBox stays on the server and in contracts/.' }],
      }],
    },
  },
  {
    files: ['server/**'],
    // the store is the command handler and the event log itself
    ignores: ['server/store/**', ...LEGACY_APPENDERS],
    rules: { 'no-restricted-imports': ['error', appendsOutsideCommands] },
  },
);
