// The password-change step of a first sign-in with the initial password (issue 27, FirstLoginGate.tsx): nothing
// else of the console answers until it is done. Signing out, or the forgotten-password reset by SMS code (for
// someone who signed in by SMS and was never told the initial password), are the ways out.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Button, Card, CardHeader, Field, Input, Link, MessageBar, MessageBarBody, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { changeOwnPassword } from '../../../services/users.ts';
import { PASSWORD_MIN_LENGTH } from '../../../domain/initialPassword.ts';
import { useLogout } from '../../app/hooks.ts';

const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  card: { width: 'min(420px, 92vw)', padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** `currentNeeded` false: signed in by SMS code, he proved his phone and is not asked the initial password. */
export default function ChangeInitialPassword({ username, currentNeeded }: { username: string; currentNeeded: boolean }) {
  const { t } = useLingui();
  const s = useStyles();
  const logout = useLogout();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (currentNeeded && !current) { setError(t`请输入当前密码`); return; }
    if (next.length < PASSWORD_MIN_LENGTH) { setError(t`密码长度不能少于 6 位`); return; }
    if (next !== again) { setError(t`两次输入的密码不一致`); return; }
    if (currentNeeded && next === current) { setError(t`新密码不能是初始密码`); return; }
    setBusy(true);
    setError(null);
    changeOwnPassword(currentNeeded ? current : null, next)
      // the org-apps, menu and the rest were refused until now: the console starts again with this session
      .then(() => window.location.reload())
      .catch((err: unknown) => { setError(messageOf(err)); setBusy(false); });
  };

  return (
    <div className={s.page} data-testid="first-login">
      <Card className={s.card}>
        <CardHeader
          header={<Text as="h1" size={500} weight="semibold"><Trans>设置您的密码</Trans></Text>}
          description={<Text><Trans>您的账号 {username} 是他人为您创建的，初始密码只能用于这一次。请先设置您自己的密码，再使用系统。</Trans></Text>}
        />
        <form className={s.form} onSubmit={submit} noValidate>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {currentNeeded && (
            <Field label={t`当前密码（初始密码）`} required>
              <Input data-testid="first-login-current" type="password" autoComplete="current-password" value={current} onChange={(_, d) => setCurrent(d.value)} />
            </Field>
          )}
          <Field label={t`新密码`} required hint={t`至少 6 位`}>
            <Input data-testid="first-login-new" type="password" autoComplete="new-password" value={next} onChange={(_, d) => setNext(d.value)} />
          </Field>
          <Field label={t`再次输入新密码`} required>
            <Input data-testid="first-login-again" type="password" autoComplete="new-password" value={again} onChange={(_, d) => setAgain(d.value)} />
          </Field>
          {error && <MessageBar intent="error"><MessageBarBody data-testid="first-login-error">{error}</MessageBarBody></MessageBar>}
          <div className={s.actions}>
            {currentNeeded ? <Link as="button" type="button" onClick={() => setForgot(true)}><Trans>不知道初始密码？用短信验证码重置</Trans></Link> : <span />}
            <div>
              <Button appearance="subtle" onClick={logout} data-testid="first-login-logout"><Trans>退出</Trans></Button>{' '}
              <Button appearance="primary" type="submit" disabled={busy} data-testid="first-login-submit"><Trans>设置密码</Trans></Button>
            </div>
          </div>
        </form>
      </Card>
      {forgot && (
        <Suspense fallback={null}>
          {/* the reset ends every session: he signs in again with the password he just chose */}
          <ForgotPasswordDialog onClose={() => setForgot(false)} onDone={() => { setForgot(false); logout(); }} />
        </Suspense>
      )}
    </div>
  );
}
