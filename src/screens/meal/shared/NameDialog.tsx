import { useEffect, useState, type ReactNode } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { FormDialog } from '../../../components/FormDialog.tsx';

/** One text field in a dialog (create / rename). */
export function NameDialog({ open, title, label, initial, onSubmit, onCancel, busy, error }: {
  open: boolean; title: ReactNode; label: string; initial?: string; onSubmit: (name: string) => void; onCancel: () => void; busy?: boolean; error?: string | null;
}) {
  const [name, setName] = useState(initial ?? '');
  useEffect(() => { if (open) setName(initial ?? ''); }, [open, initial]);
  return (
    <FormDialog
      open={open} title={title} testId="name" busy={busy} submitDisabled={!name.trim()}
      onSubmit={() => { if (name.trim()) onSubmit(name.trim()); }} onClose={onCancel}
    >
      <Field label={label} required validationMessage={error ?? undefined}>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={100} data-testid="name-input" autoFocus />
      </Field>
    </FormDialog>
  );
}
