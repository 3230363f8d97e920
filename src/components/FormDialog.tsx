// The frame of a form in a modal dialog: title, fields, an error line, 取消 / 保存. Enter in a field submits the
// form, 取消 closes it; Esc or a click outside closes it too, but asks first when something was typed (issue 28:
// src/components/useDiscardGuard.tsx). The test ids are derived from `testId`: `${testId}-submit`, `${testId}-cancel`,
// `${testId}-error`; the surface carries `surfaceTestId` when given.
import type { CSSProperties, ReactNode } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useDiscardGuard } from './useDiscardGuard.tsx';

// the error spans every column when the content is a grid
const useStyles = makeStyles({ error: { color: tokens.colorPaletteRedForeground1, gridColumn: '1 / -1' } });

export interface FormDialogProps {
  /** defaults to true: a dialog mounted only while it is open */
  open?: boolean;
  title: ReactNode;
  /** 取消; Esc and a click outside once the discard question is answered */
  onClose: () => void;
  /** unsaved input: Esc or a click outside asks first (default: something was typed since the dialog opened) */
  dirty?: boolean;
  /** the form was submitted (Enter or 保存); the browser's submit is already prevented */
  onSubmit: () => void;
  /** a save is under way: 保存 is disabled */
  busy?: boolean;
  /** 保存 is disabled for another reason (say an empty required field) */
  submitDisabled?: boolean;
  /** shown under the fields as an alert */
  error?: ReactNode;
  submitLabel?: ReactNode;
  /** the prefix of the test ids */
  testId: string;
  surfaceTestId?: string;
  /** skip the browser's own checks of required fields (the dialog validates and shows its own messages) */
  noValidate?: boolean;
  contentClassName?: string;
  contentStyle?: CSSProperties;
  /** buttons before 取消 */
  extraActions?: ReactNode;
  children: ReactNode;
}

export function FormDialog({
  open = true, title, onClose, dirty, onSubmit, busy, submitDisabled, error, submitLabel, testId, surfaceTestId, noValidate,
  contentClassName, contentStyle, extraActions, children,
}: FormDialogProps) {
  const styles = useStyles();
  const guard = useDiscardGuard({ open, onClose, dirty });
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) guard.requestClose(); }}>
      <DialogSurface data-testid={surfaceTestId} onInput={guard.onInput}>
        <form noValidate={noValidate} onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName} style={contentStyle}>
              {children}
              {error && <Text role="alert" className={styles.error} data-testid={`${testId}-error`}>{error}</Text>}
            </DialogContent>
            <DialogActions>
              {extraActions}
              <Button onClick={onClose} data-testid={`${testId}-cancel`}><Trans>取消</Trans></Button>
              <Button appearance="primary" type="submit" disabled={busy || submitDisabled} data-testid={`${testId}-submit`}>
                {submitLabel ?? <Trans>保存</Trans>}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
        {guard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
