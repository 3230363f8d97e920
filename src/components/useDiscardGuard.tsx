// Issue 28 point 7: a dialog with typed input asks before Esc or a click outside throws the input away. One piece for
// every create/edit dialog: src/components/FormDialog.tsx uses it, and a dialog built on Fluent's Dialog directly
// wires it the same way:
//
//   const guard = useDiscardGuard({ open, onClose });
//   <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) guard.requestClose(); }}>
//     <DialogSurface onInput={guard.onInput}> …fields… {guard.confirm} </DialogSurface>
//   </Dialog>
//
// The question is a dialog nested in the guarded one's surface, as Fluent nests dialogs: Esc in it stops there, and
// 继续编辑 returns focus into the form (beside it, focus fell to the page and the next Esc went nowhere).
// Dirty is "something was typed or ticked since the dialog opened" (input events bubble to the surface), unless the
// caller knows better and passes `dirty`. The dialog's own 取消 button stays a deliberate close and does not ask.
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

export interface DiscardGuardOptions {
  /** the guarded dialog is open (a dialog mounted only while open passes true) */
  open?: boolean;
  /** closes the guarded dialog, input and all */
  onClose: () => void;
  /** the caller's own verdict; without it, any input event inside the dialog since it opened makes it dirty */
  dirty?: boolean;
}

export interface DiscardGuard {
  /** Esc, a click outside: closes at once when nothing was typed, asks otherwise */
  requestClose: () => void;
  /** put on the dialog's surface (or form): notes the first typed input */
  onInput: (event: FormEvent) => void;
  /** the question: render it inside the guarded dialog's DialogSurface */
  confirm: ReactNode;
  dirty: boolean;
}

export function useDiscardGuard({ open = true, onClose, dirty }: DiscardGuardOptions): DiscardGuard {
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  // a dialog kept mounted starts clean each time it opens
  useEffect(() => {
    if (!open) {
      setTouched(false);
      setAsking(false);
    }
  }, [open]);
  const isDirty = dirty ?? touched;
  const requestClose = useCallback(() => {
    if (isDirty) setAsking(true);
    else onClose();
  }, [isDirty, onClose]);
  const onInput = useCallback(() => setTouched(true), []);
  const confirm = (
    <DiscardConfirm
      open={open && asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        setTouched(false);
        onClose();
      }}
    />
  );
  return { requestClose, onInput, confirm, dirty: isDirty };
}

/** 放弃未保存的修改？ Keeping is the default (Esc, the focused first button): losing input takes a deliberate click. */
function DiscardConfirm({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => { if (!d.open) onKeep(); }}>
      <DialogSurface data-testid="discard-confirm">
        <DialogBody>
          <DialogTitle><Trans>放弃未保存的修改？</Trans></DialogTitle>
          <DialogContent><Trans>已填写的内容尚未保存，关闭后将丢失。</Trans></DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onKeep} data-testid="discard-keep"><Trans>继续编辑</Trans></Button>
            <Button onClick={onDiscard} data-testid="discard-ok"><Trans>放弃修改</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
