// Issue 13: a list screen's filters. On a tablet or desktop they stand in one wrapping row above the list; on a
// phone they fold into a bottom sheet opened by a "筛选" button (with the number of filters in force), so the
// list keeps the screen. The search field (`search`) and the batch actions (`actions`) stay in the row on every
// width: a search is the phone's first move, and batch actions must stay reachable without opening a panel.
// The fields are the caller's own controlled inputs, rendered in one place or the other, so state never forks.
import { useState, type ReactNode } from 'react';
import {
  Badge, Button, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, makeStyles, mergeClasses, OverlayDrawer, tokens,
} from '@fluentui/react-components';
import { DismissRegular, FilterRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useViewport } from '../shell/useViewport.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  // on a phone the search takes the row's spare width, the 筛选 button and the actions follow it
  phoneSearch: { flexGrow: 1, minWidth: '160px', '& > *': { width: '100%', maxWidth: '100%' } },
  sheet: { height: 'auto', maxHeight: '85dvh' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, '& .fui-Field, & .fui-Input, & .fui-Select, & .fui-Dropdown': { width: '100%', maxWidth: '100%' } },
});

export interface FilterBarProps {
  /** the filter fields (Field + Input/Select/Dropdown…); fold into the sheet on phones */
  children?: ReactNode;
  /** a search field that stays visible on every width */
  search?: ReactNode;
  /** batch actions and other buttons that stay in the row on every width */
  actions?: ReactNode;
  /** how many filters narrow the list now (shown on the phone's button) */
  active?: number;
  testId?: string;
  className?: string;
}

export function FilterBar({ children, search, actions, active = 0, testId, className }: FilterBarProps) {
  const s = useStyles();
  const { t } = useLingui();
  const phone = useViewport() === 'phone';
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <div className={mergeClasses(s.bar, className)} data-testid={testId}>
        {search}
        {children}
        {actions}
      </div>
    );
  }
  return (
    <div className={mergeClasses(s.bar, className)} data-testid={testId}>
      {search && <div className={s.phoneSearch}>{search}</div>}
      {children && (
        <Button icon={<FilterRegular />} onClick={() => setOpen(true)} data-testid="filter-open" aria-expanded={open}>
          <Trans>筛选</Trans>
          {active > 0 && <Badge size="small" appearance="filled" aria-label={t`${active} 个筛选条件`}>{active}</Badge>}
        </Button>
      )}
      {actions}
      <OverlayDrawer position="bottom" open={open} onOpenChange={(_, d) => setOpen(d.open)} className={s.sheet} data-testid="filter-sheet">
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t`关闭`} onClick={() => setOpen(false)} />}>
            <Trans>筛选</Trans>
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={s.fields}>{children}</DrawerBody>
        <DrawerFooter>
          <Button appearance="primary" onClick={() => setOpen(false)} data-testid="filter-done"><Trans>完成</Trans></Button>
        </DrawerFooter>
      </OverlayDrawer>
    </div>
  );
}
