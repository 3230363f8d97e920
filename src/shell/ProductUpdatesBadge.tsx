// Issue 35: the header's "new" badge for release notes the user has not read (§2 产品更新), shown only while there are
// some; it opens them in a dialog (the screen's list, loaded only then), where reading one takes it off the count.
import { lazy, Suspense, useState } from 'react';
import { CounterBadge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Tooltip } from '@fluentui/react-components';
import { MegaphoneRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { productUpdatesQuery } from '../../services/productUpdates.ts';
import { useCurrentOrgApp } from '../app/hooks.ts';

const ProductUpdateList = lazy(() => import('../screens/base/productUpdate/ProductUpdatePage.tsx'));

export function ProductUpdatesBadge() {
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...productUpdatesQuery(orgApp?.orgId), enabled: Boolean(orgApp?.key), staleTime: 5 * 60_000 });
  const unread = query.data?.unread ?? 0;
  if (!unread && !open) return null;
  return (
    <>
      <Tooltip content={t`产品更新`} relationship="label">
        <Button appearance="subtle" icon={<MegaphoneRegular />} onClick={() => setOpen(true)} data-testid="product-updates-badge">
          {unread > 0 && <CounterBadge count={unread} size="small" color="danger" aria-label={t`${unread} 条未读产品更新`} />}
        </Button>
      </Tooltip>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle><Trans>产品更新</Trans></DialogTitle>
            <DialogContent>
              <Suspense fallback={<Spinner size="small" />}><ProductUpdateList embedded /></Suspense>
            </DialogContent>
            <DialogActions><Button onClick={() => setOpen(false)} data-testid="product-updates-close"><Trans>关闭</Trans></Button></DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
