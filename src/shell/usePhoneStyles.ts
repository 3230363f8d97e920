import { makeStaticStyles, tokens } from '@fluentui/react-components';
import { PHONE_MEDIA } from '../../domain/viewport.ts';

// Issue 13, touch: on phones every dialog is a full-screen sheet (a centred box leaves no room for a form on
// 390 px) and buttons and menu items are at least 40 px tall. One rule for the 80-odd dialogs of the console,
// rather than a prop on each; `body` outranks Fluent's single-class rules. Tables that are not the shared
// DataTable (which turns rows into cards itself) stack their cells inside one bordered block per row, so no
// column is squeezed to a character's width; their header row goes, each cell says what it is by its content.
export const usePhoneStyles = makeStaticStyles(`
${PHONE_MEDIA} {
  body .fui-DialogSurface {
    width: 100vw; max-width: 100vw; height: 100dvh; max-height: 100dvh;
    border-radius: 0; border: none; box-sizing: border-box; overflow-y: auto;
  }
  body .fui-Button, body .fui-MenuItem, body .fui-MenuItemRadio, body .fui-Tab { min-height: 40px; }
  body table.fui-Table, body .fui-Table > .fui-TableBody, body .fui-TableBody > .fui-TableRow, body .fui-TableRow > .fui-TableCell {
    display: block; width: auto !important; min-width: 0; max-width: 100%; box-sizing: border-box;
  }
  body .fui-Table > .fui-TableHeader { display: none; }
  body .fui-TableBody > .fui-TableRow {
    border: 1px solid ${tokens.colorNeutralStroke2}; border-radius: ${tokens.borderRadiusMedium};
    padding: ${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}; margin-bottom: ${tokens.spacingVerticalS};
  }
  body .fui-TableRow > .fui-TableCell { padding: 2px 0; height: auto; }
}
`);
