// scripts/storefrontCatalog.ts: the storefront's compiled messages, in each of its languages
declare module 'virtual:storefront-messages' {
  import type { Messages } from '@lingui/core';
  export const messages: Record<'zh-CN' | 'zh-TW' | 'en-US', Messages>;
}
