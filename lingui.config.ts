import { defineConfig } from '@lingui/conf';

// zh-CN is the source language (§9); zh-TW and en-US are complete translations.
export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'zh-TW', 'en-US'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src', 'machines'] }],
  format: 'po',
});
