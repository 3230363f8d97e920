import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// zh-CN is the source language (§9); zh-TW and en-US are complete translations.
// Origins name the file without a line number: line numbers churned on every edit and made
// parallel branches conflict in the catalogues for nothing a translator needs.
export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'zh-TW', 'en-US'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src', 'machines'] }],
  format: formatter({ lineNumbers: false }),
});
