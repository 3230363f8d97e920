import { Button } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { StandalonePage } from '../public/StandalonePage.tsx';

/**
 * §2 applyTrialSuccess: the trial application was received. POST /v1/passport/formuser has already made the account
 * (or found it) and joined it to the org-app, so the applicant signs in with the phone number now (issue 15).
 */
export function ApplyTrialSuccess() {
  const [, navigate] = useLocation();
  return (
    <StandalonePage
      testId="trial-success-page"
      icon={<CheckmarkCircleRegular />}
      title={<Trans>申请已提交</Trans>}
      text={<Trans>试用账号已开通，请使用申请时填写的手机号码通过短信验证码登录。</Trans>}
      actions={
        <Button appearance="primary" data-testid="trial-success-login" onClick={() => navigate('/login')}>
          <Trans>去登录</Trans>
        </Button>
      }
    />
  );
}
export default ApplyTrialSuccess;
