import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

// Imports point one way (ARCHITECTURE.md): src → machines → domain, src → services → domain, server → domain.
const zones = [
  { target: './domain', from: ['./machines', './services', './src', './server'], message: 'domain/ imports nothing of the project.' },
  { target: './machines', from: ['./services', './src', './server'], message: 'machines/ get I/O as invoked actors, never services/ or React.' },
  { target: './services', from: ['./machines', './src', './server'], message: 'services/ depend on domain/ only.' },
  { target: './src', from: ['./server'], message: 'the console never imports server code.' },
  { target: './server', from: ['./machines', './services', './src'], message: 'the server shares only domain/ with the console.' },
];

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
);
