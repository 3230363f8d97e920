import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

/** One text field in a dialog (create / rename). */
export function NameDialog({ open, title, label, initial, onSubmit, onCancel, busy, error }: {
  open: boolean; title: ReactNode; label: string; initial?: string; onSubmit: (name: string) => void; onCancel: () => void; busy?: boolean; error?: string | null;
}) {
  const [name, setName] = useState(initial ?? '');
  useEffect(() => { if (open) setName(initial ?? ''); }, [open, initial]);
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onCancel(); }}>
      <DialogSurface>
        <form onSubmit={(e) => { e.preventDefault(); if (name.trim()) onSubmit(name.trim()); }}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <Field label={label} required validationMessage={error ?? undefined}>
                <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={100} data-testid="name-input" autoFocus />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel}><Trans>取消</Trans></Button>
              <Button appearance="primary" type="submit" disabled={busy || !name.trim()} data-testid="name-submit"><Trans>保存</Trans></Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
