import { Button } from '@fluentui/react-components';
import { ClockAlarmRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { useLogout } from '../../app/hooks.ts';
import { StandalonePage } from '../public/StandalonePage.tsx';

/** §2 applyTrialExpire: the trial of the organisation has ended. */
export function ApplyTrialExpire() {
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <StandalonePage
      testId="trial-expire-page"
      icon={<ClockAlarmRegular />}
      title={<Trans>试用已到期</Trans>}
      text={<Trans>您所在机构的试用期已结束。如需继续使用，请购买正式版本或联系客户经理。</Trans>}
      actions={
        <>
          <Button appearance="primary" onClick={() => navigate('/noOrgPayToBuy')}>
            <Trans>购买服务</Trans>
          </Button>
          <Button onClick={logout}>
            <Trans>退出登录</Trans>
          </Button>
        </>
      }
    />
  );
}
export default ApplyTrialExpire;
