import { useEffect } from 'react';
import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { onStale } from '../../services/http.ts';

/**
 * A save refused because someone changed the data first (409): everything on screen is fetched again and the
 * user reads the server's word on who changed it, so the next save starts from what is there now.
 */
export function StaleToast() {
  const toasterId = useId('stale-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const queryClient = useQueryClient();

  useEffect(() => {
    onStale((statusText) => {
      void queryClient.invalidateQueries();
      dispatchToast(
        <Toast data-testid="stale-toast">
          <ToastTitle>
            <Trans>数据已被修改，已重新加载</Trans>
          </ToastTitle>
          <ToastBody>{statusText}</ToastBody>
        </Toast>,
        { intent: 'warning', timeout: 6000 },
      );
    });
    return () => onStale(null);
  }, [dispatchToast, queryClient]);

  return <Toaster toasterId={toasterId} position="top-end" />;
}

export default StaleToast;
