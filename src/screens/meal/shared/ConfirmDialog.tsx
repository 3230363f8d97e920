import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

/** Asks before a destructive action. */
export function ConfirmDialog({ open, title, children, onConfirm, onCancel, busy }: {
  open: boolean; title: ReactNode; children?: ReactNode; onConfirm: () => void; onCancel: () => void; busy?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onCancel(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}><Trans>取消</Trans></Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy} data-testid="confirm-ok"><Trans>确定</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
