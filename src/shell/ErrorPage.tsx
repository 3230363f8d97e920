import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowSwapRegular, HomeRegular, LockClosedRegular, SearchRegular, ErrorCircleRegular, SignOutRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useLogout, useSession } from '../app/hooks.ts';
import { useShellPath } from './useShellPath.ts';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXXL,
    boxSizing: 'border-box',
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
    textAlign: 'center',
  },
  icon: { fontSize: '64px', color: tokens.colorNeutralForeground3 },
  code: {
    fontSize: '72px',
    lineHeight: '80px',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    letterSpacing: '4px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'center', marginTop: tokens.spacingVerticalM },
});

export type ErrorCode = 401 | 404 | 500;

/** §2 error pages /401, /404, /500: each offers a way out, so nobody is trapped on an error page. */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const styles = useStyles();
  const { navigate } = useShellPath();
  const { status } = useSession();
  const logout = useLogout();
  const signedIn = status === 'signedIn';
  const Icon = code === 401 ? LockClosedRegular : code === 404 ? SearchRegular : ErrorCircleRegular;

  return (
    <div className={styles.root} data-testid={`error-page-${code}`}>
      <div className={styles.panel}>
        <Icon className={styles.icon} aria-hidden />
        <div className={styles.code}>{code}</div>
        <Text size={500} weight="semibold">
          {code === 401 ? <Trans>没有访问权限</Trans> : code === 404 ? <Trans>页面不存在</Trans> : <Trans>服务出错了</Trans>}
        </Text>
        <Text>
          {code === 401 ? (
            <Trans>当前机构下没有可用的菜单，或您无权访问此页面。请切换机构，或联系管理员分配权限。</Trans>
          ) : code === 404 ? (
            <Trans>您访问的地址不存在，可能已被移除或地址输入有误。</Trans>
          ) : (
            <Trans>请求未能完成，请稍后重试。如果问题持续出现，请联系管理员。</Trans>
          )}
        </Text>
        <div className={styles.actions}>
          {code === 500 && (
            <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => window.location.reload()}>
              <Trans>重新加载</Trans>
            </Button>
          )}
          {signedIn && code !== 401 && (
            <Button appearance={code === 500 ? 'secondary' : 'primary'} icon={<HomeRegular />} onClick={() => navigate('/home')}>
              <Trans>返回首页</Trans>
            </Button>
          )}
          {signedIn && code === 401 && (
            <Button appearance="primary" icon={<ArrowSwapRegular />} onClick={() => navigate('/orgapp')}>
              <Trans>切换机构</Trans>
            </Button>
          )}
          {signedIn ? (
            <Button icon={<SignOutRegular />} onClick={logout}>
              <Trans>退出登录</Trans>
            </Button>
          ) : (
            <Button appearance="primary" onClick={() => navigate('/login')}>
              <Trans>去登录</Trans>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

export default ErrorPage;
