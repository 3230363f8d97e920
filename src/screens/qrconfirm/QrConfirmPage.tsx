import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { CheckmarkCircleRegular, QrCodeRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { confirmQrCode, fetchQrCode, scanQrCode } from '../../../services/passport.ts';
import { useSession } from '../../app/hooks.ts';
import { hashParam, StandalonePage } from '../public/StandalonePage.tsx';

/** The page a signed-in phone opens from the console's sign-in QR code: scan, then confirm. */
export function QrConfirmPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { status, user } = useSession();
  const [id] = useState(() => hashParam('id') ?? '');
  const signedIn = status === 'signedIn' && user !== null;
  // read once: after confirmation the next read of the code hands its login to whoever reads it, and
  // that must be the console showing the code, not this page
  const code = useQuery({ queryKey: ['qrcode', id], queryFn: () => fetchQrCode(id), enabled: Boolean(id) && signedIn, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, retry: false });
  const scan = useMutation({ mutationFn: () => scanQrCode(id) });
  const confirm = useMutation({ mutationFn: () => confirmQrCode(id) });
  const state = confirm.isSuccess
    ? 'confirmed'
    : (scan.data?.status ?? code.data?.status ?? (code.isSuccess ? 'expired' : undefined));
  const error = scan.error ?? confirm.error;

  if (!id) {
    return <StandalonePage testId="qrconfirm-page" icon={<QrCodeRegular />} title={<Trans>二维码无效</Trans>} text={<Trans>请重新扫描电脑上显示的登录二维码。</Trans>} />;
  }
  if (!signedIn) {
    return (
      <StandalonePage
        testId="qrconfirm-page"
        icon={<QrCodeRegular />}
        title={<Trans>请先登录</Trans>}
        text={<Trans>扫码登录需要在已登录的手机上确认。请先登录后再扫描二维码。</Trans>}
        actions={
          <Button appearance="primary" onClick={() => navigate('/login')}>
            <Trans>去登录</Trans>
          </Button>
        }
      />
    );
  }
  const done = state === 'confirmed';
  return (
    <StandalonePage
      testId="qrconfirm-page"
      icon={done ? <CheckmarkCircleRegular /> : <QrCodeRegular />}
      title={done ? <Trans>已确认登录</Trans> : <Trans>电脑端登录确认</Trans>}
      text={
        done ? (
          <Trans>电脑端已登录，您可以关闭此页面。</Trans>
        ) : (
          <Trans>将以 {user.name || user.username} 的身份登录电脑端，请确认是您本人操作。</Trans>
        )
      }
      actions={
        done ? null : state === 'expired' ? null : state === 'waiting' ? (
          <Button appearance="primary" data-testid="qrconfirm-scan" disabled={scan.isPending} onClick={() => scan.mutate()}>
            <Trans>扫码</Trans>
          </Button>
        ) : state === 'scanned' ? (
          <Button appearance="primary" data-testid="qrconfirm-confirm" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            <Trans>确认登录</Trans>
          </Button>
        ) : null
      }
    >
      <div data-testid="qrconfirm-status" data-status={state ?? 'loading'}>
        {code.isLoading ? (
          <Spinner size="small" label={t`正在读取二维码…`} />
        ) : state === 'expired' ? (
          <MessageBar intent="warning">
            <MessageBarBody>
              <Trans>二维码已过期，请在电脑上刷新后重新扫描。</Trans>
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
    </StandalonePage>
  );
}
export default QrConfirmPage;
