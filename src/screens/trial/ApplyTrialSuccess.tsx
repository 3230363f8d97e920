import { Button } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { StandalonePage } from '../public/StandalonePage.tsx';

/** §2 applyTrialSuccess: the trial application was received. */
export function ApplyTrialSuccess() {
  const [, navigate] = useLocation();
  return (
    <StandalonePage
      testId="trial-success-page"
      icon={<CheckmarkCircleRegular />}
      title={<Trans>申请已提交</Trans>}
      text={<Trans>我们已收到您的试用申请，审核通过后将通过短信通知您，请留意手机消息。</Trans>}
      actions={
        <Button appearance="primary" onClick={() => navigate('/login')}>
          <Trans>返回登录</Trans>
        </Button>
      }
    />
  );
}
export default ApplyTrialSuccess;
