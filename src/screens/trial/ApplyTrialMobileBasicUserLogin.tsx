import { Button } from '@fluentui/react-components';
import { PhoneLaptopRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { useLogout, useSession } from '../../app/hooks.ts';
import { StandalonePage } from '../public/StandalonePage.tsx';

/** §2 applyTrialMobileBasicUserLogin: a basic trial account works on the phone only. */
export function ApplyTrialMobileBasicUserLogin() {
  const [, navigate] = useLocation();
  const { status } = useSession();
  const logout = useLogout();
  return (
    <StandalonePage
      testId="trial-mobile-page"
      icon={<PhoneLaptopRegular />}
      title={<Trans>请在手机端使用</Trans>}
      text={<Trans>您的试用账号为基础版，仅支持在手机端登录使用。如需使用电脑端管理功能，请申请完整版试用。</Trans>}
      actions={
        <>
          <Button appearance="primary" onClick={() => navigate('/applyTrialUserForm')}>
            <Trans>申请完整版试用</Trans>
          </Button>
          {status === 'signedIn' ? (
            <Button onClick={logout}>
              <Trans>退出登录</Trans>
            </Button>
          ) : (
            <Button onClick={() => navigate('/login')}>
              <Trans>返回登录</Trans>
            </Button>
          )}
        </>
      }
    />
  );
}
export default ApplyTrialMobileBasicUserLogin;
