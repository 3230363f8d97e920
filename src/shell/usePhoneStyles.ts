import { makeStaticStyles } from '@fluentui/react-components';
import { VIEWPORT_BELOW } from '../../domain/viewport.ts';

// Issue 13, touch: on phones every dialog is a full-screen sheet (a centred box leaves no room for a form on
// 390 px) and buttons and menu items are at least 40 px tall. One rule for the 80-odd dialogs of the console,
// rather than a prop on each; `body` outranks Fluent's single-class rules.
export const usePhoneStyles = makeStaticStyles(`
@media (max-width: ${VIEWPORT_BELOW.phone - 0.02}px) {
  body .fui-DialogSurface {
    width: 100vw; max-width: 100vw; height: 100dvh; max-height: 100dvh;
    border-radius: 0; border: none; box-sizing: border-box; overflow-y: auto;
  }
  body .fui-Button, body .fui-MenuItem, body .fui-MenuItemRadio, body .fui-Tab { min-height: 40px; }
}
`);
