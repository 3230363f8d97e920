// Forgot password (issue 15, §7 POST /v1/passport/resetpwd): phone → SMS code (type resetpwd) → the code checked
// (POST /v1/passport/verifysmscode, it is not used up) → a new password. Loaded only when asked for, so the
// sign-in entry does not grow. Every session of the account ends on the server; the user signs in again.
import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isValidPhone } from '../../../domain/phone.ts';
import { resetPassword, sendResetSmsCode, verifySmsCode } from '../../../services/passport.ts';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 'min(360px, 86vw)' } });

/** The password rule the server applies (server/modules/passport/routes.ts): at least 6 characters. */
const PASSWORD_MIN = 6;

type Step = 'phone' | 'code' | 'password';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function ForgotPasswordDialog({ onClose, onDone }: { onClose: () => void; onDone: (phone: string) => void }) {
  const { t } = useLingui();
  const s = useStyles();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React events cross the portal: the sign-in form around this dialog must not submit too
    e.stopPropagation();
    if (step === 'phone') {
      if (!isValidPhone(phone.trim())) { setError(t`请输入正确的手机号码`); return; }
      void run(async () => { await sendResetSmsCode(phone.trim()); setStep('code'); });
    } else if (step === 'code') {
      if (!code.trim()) { setError(t`请输入短信验证码`); return; }
      void run(async () => { await verifySmsCode(phone.trim(), code.trim(), 'resetpwd'); setStep('password'); });
    } else {
      if (password.length < PASSWORD_MIN) { setError(t`密码长度不能少于 6 位`); return; }
      if (password !== again) { setError(t`两次输入的密码不一致`); return; }
      void run(async () => {
        await resetPassword({ username: phone.trim(), phoneNumber: phone.trim(), smscode: code.trim(), password });
        onDone(phone.trim());
      });
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface data-testid="forgot-password">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle><Trans>找回密码</Trans></DialogTitle>
            <DialogContent className={s.form}>
              <Field label={t`手机号码`} required>
                <Input data-testid="forgot-phone" value={phone} disabled={step !== 'phone'} inputMode="tel" autoComplete="username" onChange={(_, d) => setPhone(d.value)} />
              </Field>
              {step !== 'phone' && (
                <Field label={t`短信验证码`} required>
                  <Input data-testid="forgot-code" value={code} disabled={step !== 'code'} inputMode="numeric" autoComplete="one-time-code" onChange={(_, d) => setCode(d.value)} />
                </Field>
              )}
              {step === 'password' && (
                <>
                  <Field label={t`新密码`} required hint={t`至少 6 位`}>
                    <Input data-testid="forgot-password-new" type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
                  </Field>
                  <Field label={t`再次输入新密码`} required>
                    <Input data-testid="forgot-password-again" type="password" autoComplete="new-password" value={again} onChange={(_, d) => setAgain(d.value)} />
                  </Field>
                </>
              )}
              {error && <MessageBar intent="error"><MessageBarBody data-testid="forgot-error">{error}</MessageBarBody></MessageBar>}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}><Trans>取消</Trans></Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="forgot-submit">
                {step === 'phone' ? <Trans>获取验证码</Trans> : step === 'code' ? <Trans>下一步</Trans> : <Trans>重置密码</Trans>}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
