import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Select, makeStyles, tokens } from '@fluentui/react-components';
import { PersonAddRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { SMS } from '../../../domain/constants.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { asksForCaptcha } from '../../../domain/signInThrottle.ts';
import { isTrialRoleCode, TRIAL_ROLE_CODES } from '../../../domain/trialRole.ts';
import { sendRegisterSmsCode, sendRegisterSmsCodeWithCaptcha, submitFormUser } from '../../../services/passport.ts';
import { useCurrentOrgApp, useSession } from '../../app/hooks.ts';
import { hashParam, StandalonePage } from '../public/StandalonePage.tsx';
import { useResendCountdown } from '../login/useResendCountdown.ts';
import { roleCodeLabel } from '../../shell/roleLabel.ts';

// the phone's image captcha, drawn only once the server asks for one (as on the sign-in screen)
const CaptchaField = lazy(() => import('../login/CaptchaField.tsx'));

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // minWidth 0: the Field lays its control out in a grid, where the row would otherwise keep the input's own width
  // and push the send button past the card on a phone
  row: { display: 'flex', gap: tokens.spacingHorizontalS, minWidth: 0 },
  grow: { flexGrow: 1, minWidth: 0 },
  send: { minWidth: '112px', flexShrink: 0 },
});

/**
 * §2 applyTrialUserForm: phone + SMS code, sent to POST /v1/passport/formuser with the org-app the applicant joins
 * (appId and orgId of the link, else the current org-app). Issue 15: the code is a register code, the one formuser
 * takes; it reaches a phone with no account (a sign-in code is refused there) and an existing account alike, which
 * then only joins the org-app. After failed tries the server asks for the phone's image captcha first (428).
 * The applicant says who he applies as (a §1 role code; the link's roleCode preselects it): in a trial org that gives
 * him the org's role of that kind, so his console shows what such a user works with (domain/trialRole.ts).
 */
export function ApplyTrialUserForm() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const orgApp = useCurrentOrgApp();
  const { user } = useSession();
  const [phone, setPhone] = useState(() => (user && isValidPhone(user.username) ? user.username : ''));
  const [code, setCode] = useState('');
  const [roleCode, setRoleCode] = useState(() => {
    const linked = hashParam('roleCode');
    return isTrialRoleCode(linked) ? linked : '';
  });
  const [touched, setTouched] = useState(false);
  const countdown = useResendCountdown();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState('');
  /** bumped after every send that used the captcha up: a new one is drawn */
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const { secondsLeft } = countdown;

  const appId = hashParam('appId') ?? orgApp?.appId ?? '';
  const orgId = hashParam('orgId') ?? orgApp?.orgId ?? '';
  const target = Boolean(appId && orgId);
  const send = useMutation({
    mutationFn: (answer: string | null) => (answer === null ? sendRegisterSmsCode(phone) : sendRegisterSmsCodeWithCaptcha(phone, answer)),
    onSuccess: () => countdown.start(),
    onError: (e) => {
      if (asksForCaptcha(e)) setCaptchaNeeded(true);
    },
    onSettled: (_data, _error, answer) => {
      if (answer !== null) setCaptchaGeneration((n) => n + 1);
    },
  });
  const submit = useMutation({
    mutationFn: () => submitFormUser({ appId, orgId, phoneNumber: phone, smscode: code, roleCode }),
    onSuccess: () => navigate('/applyTrialSuccess'),
  });
  const phoneOk = isValidPhone(phone);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!target || !phoneOk || !code || !roleCode) return;
    send.reset();
    submit.mutate();
  };
  const onSend = () => {
    setTouched(true);
    if (!phoneOk || (captchaNeeded && !captcha)) return;
    submit.reset();
    send.mutate(captchaNeeded ? captcha : null);
  };
  // the latest failure only: each action clears the other's message
  const error = send.error ?? submit.error;

  return (
    <StandalonePage testId="trial-form-page" icon={<PersonAddRegular />} title={<Trans>申请试用</Trans>} text={<Trans>填写手机号码并完成短信验证，我们将为您开通试用账号。</Trans>}>
      {!target && (
        <MessageBar intent="warning" data-testid="trial-no-target">
          <MessageBarBody>
            <Trans>申请链接缺少机构信息，请使用客户经理发给您的完整申请链接。</Trans>
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" data-testid="trial-error">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label={t`申请身份`} required validationMessage={touched && !roleCode ? t`请选择申请身份` : undefined}>
          <Select data-testid="trial-role" value={roleCode} onChange={(_, d) => setRoleCode(d.value)}>
            <option value="" disabled>{t`请选择申请身份`}</option>
            {TRIAL_ROLE_CODES.map((c) => <option key={c} value={c}>{roleCodeLabel(c, (d) => i18n._(d))}</option>)}
          </Select>
        </Field>
        <Field label={t`手机号码`} required validationMessage={touched && !phoneOk ? t`请输入正确的手机号码` : undefined}>
          <Input data-testid="trial-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} value={phone} onChange={(_, d) => setPhone(d.value.replace(/\D/g, ''))} placeholder={t`请输入手机号码`} />
        </Field>
        {captchaNeeded && (
          <Suspense fallback={null}>
            <CaptchaField username={phone} value={captcha} onChange={setCaptcha} generation={captchaGeneration} />
          </Suspense>
        )}
        <Field label={t`验证码`} required validationMessage={touched && !code ? t`请输入短信验证码` : undefined}>
          <div className={styles.row}>
            <Input
              className={styles.grow}
              data-testid="trial-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS.codeLength}
              value={code}
              onChange={(_, d) => setCode(d.value.replace(/\D/g, ''))}
              placeholder={t`请输入短信验证码`}
            />
            <Button className={styles.send} data-testid="trial-send-code" disabled={secondsLeft > 0 || send.isPending} onClick={onSend}>
              {secondsLeft > 0 ? <Trans>{secondsLeft} 秒后重发</Trans> : <Trans>获取验证码</Trans>}
            </Button>
          </div>
        </Field>
        <Button appearance="primary" type="submit" data-testid="trial-submit" disabled={submit.isPending || !target}>
          <Trans>提交申请</Trans>
        </Button>
      </form>
    </StandalonePage>
  );
}
export default ApplyTrialUserForm;
