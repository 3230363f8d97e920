// A list beside its detail (a group or role list on the left, what it selects on the right), one rule for the
// screens built that way (issue 28 point 9): on a phone a 260 px list beside the detail left the detail 50 px, a
// character a line. There the list goes above the detail, the page scrolls, and each has the screen's width.
import { makeStyles, tokens } from '@fluentui/react-components';
import { PHONE_MEDIA } from '../../domain/viewport.ts';

export const useTwoPaneStyles = makeStyles({
  root: {
    display: 'flex', flexGrow: 1, minHeight: 0, gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL,
    [PHONE_MEDIA]: { flexDirection: 'column', overflowY: 'auto', padding: tokens.spacingVerticalS, gap: tokens.spacingVerticalM },
  },
  side: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '260px', flexShrink: 0, overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingVerticalM,
    [PHONE_MEDIA]: { width: 'auto', maxHeight: '40vh' },
  },
  main: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minWidth: 0, minHeight: 0,
    [PHONE_MEDIA]: { flexShrink: 0, minHeight: 'auto' },
  },
});
