import { useEffect } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useSession, useSessionActor } from '../app/hooks.ts';

/**
 * §4 the forbidden message of a lost session, shown once: the session machine already de-duplicates it
 * (30 s); the toast is raised and the message dismissed so a re-render does not show it again.
 * Mount it once near the root (it must outlive the main layout, which unmounts when the session is lost).
 */
export function ForbiddenToast() {
  const toasterId = useId('forbidden-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const { forbiddenMessage } = useSession();
  const session = useSessionActor();

  useEffect(() => {
    if (!forbiddenMessage) return;
    dispatchToast(
      <Toast data-testid="forbidden-toast">
        <ToastTitle>
          <Trans>登录状态已失效</Trans>
        </ToastTitle>
        <ToastBody>{forbiddenMessage}</ToastBody>
      </Toast>,
      { intent: 'error', timeout: 5000 },
    );
    session.send({ type: 'DISMISS_FORBIDDEN' });
  }, [forbiddenMessage, dispatchToast, session]);

  return <Toaster toasterId={toasterId} position="top" />;
}

export default ForbiddenToast;
