// scripts/signInCatalog.ts: the compiled zh-CN messages of the sign-in screen
declare module 'virtual:sign-in-messages' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
