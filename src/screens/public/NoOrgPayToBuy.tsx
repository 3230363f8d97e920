import { Button } from '@fluentui/react-components';
import { CartRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { StandalonePage } from './StandalonePage.tsx';

/** §2 noOrgPayToBuy: the user has no organisation yet. */
export function NoOrgPayToBuy() {
  const [, navigate] = useLocation();
  return (
    <StandalonePage
      testId="no-org-page"
      icon={<CartRegular />}
      title={<Trans>暂未开通机构</Trans>}
      text={<Trans>您的账号还没有可用的机构。购买服务或申请试用后即可开始使用营养餐管理平台。</Trans>}
      actions={
        <>
          <Button appearance="primary" onClick={() => navigate('/applyTrialUserForm')}>
            <Trans>申请试用</Trans>
          </Button>
          <Button onClick={() => navigate('/login')}>
            <Trans>返回登录</Trans>
          </Button>
        </>
      }
    />
  );
}
export default NoOrgPayToBuy;
