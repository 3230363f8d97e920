// Issue 34: a member signs in on his phone: phone number, the picture's characters (the §7 image captcha), the SMS
// code. A phone new to the shop becomes a member. Errors are the server's words, in his language.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { storefrontApi, type StorefrontMember } from '../../services/storefront.ts';
import { isValidPhone } from '../../domain/phone.ts';

export function SignIn({ orgId, onSignedIn }: { orgId: string; onSignedIn: (m: StorefrontMember) => void }) {
  const { t } = useLingui();
  const [phone, setPhone] = useState('');
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const phoneOk = isValidPhone(phone.trim());

  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try { await f(); } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  const drawCaptcha = () => run(async () => {
    setCaptcha('');
    setCaptchaImage((await storefrontApi.captcha(phone.trim())).image);
  });
  const sendCode = () => run(async () => {
    try {
      await storefrontApi.sendCode(orgId, phone.trim(), captcha.trim());
      setSent(true);
    } finally {
      // a captcha is used up either way
      setCaptchaImage((await storefrontApi.captcha(phone.trim()).catch(() => null))?.image ?? null);
      setCaptcha('');
    }
  });
  const signIn = () => run(async () => onSignedIn(await storefrontApi.signIn(orgId, phone.trim(), code.trim())));

  return (
    <form className="sf-main sf-form" data-testid="sf-signin" onSubmit={(e) => { e.preventDefault(); void signIn(); }}>
      <h2><Trans>会员登录</Trans></h2>
      <label>
        <Trans>手机号</Trans>
        <input data-testid="sf-phone" inputMode="numeric" autoComplete="tel" maxLength={11} value={phone}
          onChange={(e) => { setPhone(e.target.value); setCaptchaImage(null); setSent(false); }} placeholder={t`请输入手机号`} />
      </label>
      {captchaImage ? (
        <label>
          <Trans>图形验证码</Trans>
          <span className="sf-captcha">
            <input data-testid="sf-captcha" value={captcha} onChange={(e) => setCaptcha(e.target.value)} maxLength={8} autoComplete="off" />
            <img src={captchaImage} alt={t`图形验证码，点击换一张`} onClick={() => void drawCaptcha()} data-testid="sf-captcha-image" />
          </span>
        </label>
      ) : null}
      {!captchaImage ? (
        <button type="button" className="sf-btn sf-ghost" data-testid="sf-get-code" disabled={!phoneOk || busy} onClick={() => void drawCaptcha()}>
          <Trans>获取验证码</Trans>
        </button>
      ) : (
        <button type="button" className="sf-btn sf-ghost" data-testid="sf-send-code" disabled={!captcha.trim() || busy} onClick={() => void sendCode()}>
          {sent ? <Trans>重新发送短信验证码</Trans> : <Trans>发送短信验证码</Trans>}
        </button>
      )}
      {sent ? (
        <label>
          <Trans>短信验证码</Trans>
          <input data-testid="sf-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
      ) : null}
      {sent ? <p className="sf-muted"><Trans>验证码已发送，5 分钟内有效</Trans></p> : null}
      {error ? <p className="sf-error" role="alert" data-testid="sf-error">{error}</p> : null}
      <button type="submit" className="sf-btn" data-testid="sf-signin-submit" disabled={!sent || !/^\d{6}$/.test(code.trim()) || busy}><Trans>登录</Trans></button>
      <p className="sf-muted"><Trans>首次登录即成为本商城会员</Trans></p>
    </form>
  );
}
