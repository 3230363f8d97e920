import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { DismissIcon } from './signInIcons.tsx';

/** A sign-in error or the lost-session message: loaded when there is one, not with the sign-in entry (issue 12). */
export default function LoginNotice({ intent, text, onDismiss, testId }: { intent: 'error' | 'warning'; text: string; onDismiss: () => void; testId?: string }) {
  const { t } = useLingui();
  return (
    <MessageBar intent={intent} data-testid={testId}>
      <MessageBarBody>{text}</MessageBarBody>
      <MessageBarActions containerAction={<Button appearance="transparent" aria-label={t`关闭`} icon={<DismissIcon />} onClick={onDismiss} />} />
    </MessageBar>
  );
}
