import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useFormStyles } from './formStyles.ts';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** Save button, state and the server's message when a save was refused. */
export function SaveBar({ state, disabled, onSave, testId, extra }: { state: SaveState; disabled?: boolean; onSave: () => void; testId: string; extra?: ReactNode }) {
  const styles = useFormStyles();
  return (
    <div className={styles.section}>
      {state.kind === 'error' && <MessageBar intent="error" data-testid={`${testId}-error`}><MessageBarBody>{state.message}</MessageBarBody></MessageBar>}
      {state.kind === 'saved' && <MessageBar intent="success" data-testid={`${testId}-saved`}><MessageBarBody><Trans>已保存</Trans></MessageBarBody></MessageBar>}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={disabled || state.kind === 'saving'} onClick={onSave} data-testid={`${testId}-save`}>
          <Trans>保存</Trans>
        </Button>
        {state.kind === 'saving' && <Spinner size="tiny" />}
        {extra}
      </div>
    </div>
  );
}
