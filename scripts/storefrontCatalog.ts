// Vite plugin: `virtual:storefront-messages`, the storefront's compiled messages in zh-CN, zh-TW and en-US (issue 34):
// the entries of the catalogs whose origin is under src/storefront/ (and the shared pieces it shows), so the phone's
// entry does not carry the console's whole catalogs.
import fs from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Plugin } from 'vite';
import { compiledMessages, parsePo } from './signInCatalog.ts';

const VIRTUAL = 'virtual:storefront-messages';
const RESOLVED = `\0${VIRTUAL}`;
export const STOREFRONT_DIRS = ['src/storefront/'];
const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;

export function storefrontMessages(root: string): Record<string, Record<string, unknown>> {
  const ids = parsePo(fs.readFileSync(path.join(root, 'locales/zh-CN.po'), 'utf8'))
    .filter((e) => e.origins.some((o) => STOREFRONT_DIRS.some((dir) => o.startsWith(dir))))
    .map((e) => generateMessageId(e.msgid, e.msgctxt));
  return Object.fromEntries(LOCALES.map((locale) => {
    const all = compiledMessages(path.join(root, `locales/${locale}.ts`));
    return [locale, Object.fromEntries(ids.filter((id) => id in all).map((id) => [id, all[id]]))];
  }));
}

export function storefrontCatalog(): Plugin {
  let root = process.cwd();
  return {
    name: 'storefront-catalog',
    configResolved(config) { root = config.root; },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      for (const l of LOCALES) this.addWatchFile(path.join(root, `locales/${l}.ts`));
      this.addWatchFile(path.join(root, 'locales/zh-CN.po'));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(storefrontMessages(root)))});`;
    },
  };
}
