import { lazy, Suspense, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button, Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { SMS } from '../../../domain/constants.ts';
import { isValidPhone } from '../../../domain/phone.ts';
import { PHONE_MEDIA } from '../../../domain/viewport.ts';
import { SESSION_LOST_MESSAGE } from '../../../machines/session.machine.ts';
import { asksForCaptcha } from '../../../domain/signInThrottle.ts';
import { sendLoginSmsCode, sendLoginSmsCodeWithCaptcha } from '../../../services/passport.ts';
import { useAppActor, useQrSignIn, useSession, useSessionActor, type QrSignInRef } from '../../app/baseHooks.ts';
import { readRememberedUsername } from '../../app/storage.ts';
import { useResendCountdown } from './useResendCountdown.ts';
import { goLive, initialSignInTab, takeWantedTab, type HeldBack, type SignInTab } from '../../app/signInEarly.ts';
import { LockIcon, PhoneIcon, QrIcon } from './signInIcons.tsx';
import { LocaleSwitch } from './LocaleSwitch.tsx';

// shown only while something loads (the console prefetch usually brings it first)
const Spinner = lazy(() => import('./LoginSpinner.tsx'));
// a sign-in error or a lost session's message is rare: its bar loads when there is one
const LoginNotice = lazy(() => import('./LoginNotice.tsx'));
// the sign-in screen is the entry (src/app/bootstrap.tsx): the QR tab's image encoder loads when that tab opens
const QrCodeImage = lazy(() => import('./QrCodeImage.tsx').then((m) => ({ default: m.QrCodeImage })));
// forgot password (issue 15): its dialog and calls load only when asked for
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog.tsx'));
// the captcha after failed tries (issue 15): loaded when the server first asks for one
const CaptchaField = lazy(() => import('./CaptchaField.tsx'));

type LoginTab = SignInTab;

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    [PHONE_MEDIA]: { padding: tokens.spacingHorizontalM },
    // a plain colour: two full-screen radial gradients here cost ~50 ms of raster before the first paint (issue 12)
    backgroundColor: tokens.colorNeutralBackground2,
  },
  shell: {
    display: 'flex',
    width: '880px',
    maxWidth: '100%',
    minHeight: '520px',
    borderRadius: tokens.borderRadiusXLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow28,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  brand: {
    flex: '1 1 0',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    padding: '40px',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(150deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    '@media (max-width: 760px)': { display: 'none' },
  },
  brandTitle: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  brandText: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, opacity: 0.9, marginTop: tokens.spacingVerticalL },
  brandList: { margin: 0, paddingLeft: '18px', lineHeight: '2', opacity: 0.92 },
  brandFoot: { fontSize: tokens.fontSizeBase200, opacity: 0.75 },
  form: {
    flex: '1 1 0',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: '40px 44px',
    minWidth: 0,
    // a phone's card is the screen less a margin: 44 px each side left the code field and its button no room
    [PHONE_MEDIA]: { padding: `32px ${tokens.spacingHorizontalXL}` },
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, fontWeight: tokens.fontWeightSemibold },
  sub: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground3 },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  codeRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  // the field gives way to the button (an input's own width is 20 characters, wider than a phone's card has left)
  codeInput: { flex: '1 1 0', minWidth: 0 },
  sendButton: { minWidth: '112px', flexShrink: 0 },
  submit: { marginTop: tokens.spacingVerticalS },
  qr: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  qrBox: {
    position: 'relative',
    width: '200px',
    height: '200px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: '#fff',
  },
  qrMask: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: 'rgba(255,255,255,0.92)',
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1Static,
    textAlign: 'center',
    padding: tokens.spacingHorizontalM,
  },
  qrStatus: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
  tabs: { display: 'flex', gap: tokens.spacingHorizontalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  tab: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalSNudge, padding: `${tokens.spacingVerticalMNudge} ${tokens.spacingHorizontalMNudge}`,
    border: 'none', borderBottom: '3px solid transparent', marginBottom: '-1px', background: 'none', cursor: 'pointer', whiteSpace: 'nowrap',
    [PHONE_MEDIA]: { paddingLeft: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
    fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, color: tokens.colorNeutralForeground2,
    ':hover': { color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px', borderRadius: tokens.borderRadiusMedium },
  },
  tabSelected: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorCompoundBrandStroke },
});

const TAB_ORDER: LoginTab[] = ['sms', 'password', 'qr'];

/**
 * The three ways to sign in as tabs (WAI-ARIA tabs: arrow keys move between them). Fluent's TabList would bring its
 * arrow-navigation machinery (tabster's Mover) into the sign-in entry for three buttons (issue 12).
 */
function SignInTabs({ selected, onSelect, tabs }: { selected: LoginTab; onSelect: (tab: LoginTab) => void; tabs: { value: LoginTab; icon: ReactNode; label: ReactNode }[] }) {
  const styles = useStyles();
  const refs = useRef<Partial<Record<LoginTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TAB_ORDER[(TAB_ORDER.indexOf(selected) + step + TAB_ORDER.length) % TAB_ORDER.length];
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" className={styles.tabs} onKeyDown={onKeyDown}>
      {tabs.map(({ value, icon, label }) => (
        <button
          key={value}
          ref={(el) => { refs.current[value] = el; }}
          type="button"
          role="tab"
          aria-selected={selected === value}
          tabIndex={selected === value ? 0 : -1}
          data-testid={`login-tab-${value}`}
          className={mergeClasses(styles.tab, selected === value && styles.tabSelected)}
          onClick={() => onSelect(value)}
        >
          {icon}
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * Sending the sign-in SMS code: pending, sent or refused (the server's message). Local state, not react-query: the
 * sign-in entry carries no query cache, and nothing here is server data to keep.
 */
function useSendCode(onSent: () => void) {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'success' | 'error'; error: Error | null }>({ status: 'idle', error: null });
  // issue 15: once the server asked for a captcha (428 after failed tries), codes go with one (v2) from then on
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [tries, setTries] = useState(0);
  return {
    captchaNeeded,
    /** bumped after every send that used a captcha up */
    tries,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error ?? new Error(''),
    mutate: (phone: string, captcha?: string) => {
      setState({ status: 'pending', error: null });
      (captcha ? sendLoginSmsCodeWithCaptcha(phone, captcha) : sendLoginSmsCode(phone)).then(
        () => { setState({ status: 'success', error: null }); onSent(); },
        (e: unknown) => {
          if (asksForCaptcha(e)) setCaptchaNeeded(true);
          setState({ status: 'error', error: e instanceof Error ? e : new Error(String(e)) });
        },
      ).finally(() => { if (captcha) setTries((n) => n + 1); });
    },
  };
}

/**
 * Issue 12: the form may be the build-time one (index.html), usable before React hydrated it. What was typed into it
 * meanwhile is in the inputs but not in the state: taken over once React runs (by data-testid of each input). The form
 * goes live only once the state holding it has rendered: until then the page's inline script keeps holding a submit
 * back, because a submit handled in between reads the state from before the takeover (an empty form: the sign-in was
 * silently not sent, seen with several people signing in at once). What was clicked or submitted meanwhile (`held`)
 * is done then, with the taken-over state.
 */
function useTakeOverPrerendered(
  form: RefObject<HTMLFormElement | null>,
  takeOver: (typed: Record<string, string>) => void,
  replay: (held: HeldBack) => void,
) {
  const [takenOver, setTakenOver] = useState(false);
  const onTakeOver = useEffectEvent(takeOver);
  const onLive = useEffectEvent(replay);
  // a layout effect: its state is rendered before React hands on the event that made it hydrate (a click on "send
  // code" the moment hydration began read the empty phone of the first render otherwise)
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[data-testid]') ?? []) typed[input.dataset.testid!] = input.value;
    onTakeOver(typed);
    setTakenOver(true);
  }, [form]);
  useEffect(() => {
    if (takenOver) onLive(goLive());
  }, [takenOver]);
}

function SmsForm({ busy, onLogin }: { busy: boolean; onLogin: (username: string, password: string) => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const [phone, setPhone] = useState(() => {
    const remembered = readRememberedUsername();
    return isValidPhone(remembered) ? remembered : '';
  });
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const countdown = useResendCountdown();
  const send = useSendCode(() => countdown.start());
  const [captcha, setCaptcha] = useState('');
  const phoneOk = isValidPhone(phone);
  const phoneError = touched && !phoneOk ? (phone ? t`请输入正确的手机号码` : t`请输入手机号码`) : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const trySubmit = () => {
    setTouched(true);
    if (!phoneOk || !code.trim()) return;
    onLogin(phone, code.trim());
  };
  const trySendCode = () => {
    setTouched(true);
    if (phoneOk && !(send.captchaNeeded && !captcha)) send.mutate(phone, send.captchaNeeded ? captcha : undefined);
  };
  useTakeOverPrerendered(formRef, (typed) => {
    const typedPhone = (typed['login-phone'] ?? '').replace(/\D/g, '');
    const typedCode = (typed['login-code'] ?? '').replace(/\D/g, '');
    if (typedPhone) setPhone(typedPhone);
    if (typedCode) setCode(typedCode);
  }, (held) => {
    if (held.clicks.includes('login-send-code')) trySendCode();
    if (held.submitted) trySubmit();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    trySubmit();
  };

  return (
    <form ref={formRef} className={styles.fields} onSubmit={submit} noValidate>
      <Field label={t`手机号码`} validationMessage={phoneError} required>
        <Input
          data-testid="login-phone"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel"
          contentBefore={<PhoneIcon />}
          placeholder={t`请输入手机号码`}
          value={phone}
          onChange={(_, d) => setPhone(d.value.replace(/\D/g, ''))}
          onBlur={() => setTouched(true)}
        />
      </Field>
      <Field
        label={t`验证码`}
        required
        validationState={send.isError ? 'error' : send.isSuccess ? 'success' : 'none'}
        validationMessage={send.isError ? send.error.message : send.isSuccess ? t`验证码已发送，请注意查收` : undefined}
      >
        <div className={styles.codeRow}>
          <Input
            className={styles.codeInput}
            data-testid="login-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SMS.codeLength}
            placeholder={t`请输入短信验证码`}
            value={code}
            onChange={(_, d) => setCode(d.value.replace(/\D/g, ''))}
          />
          <Button
            className={styles.sendButton}
            data-testid="login-send-code"
            disabled={countdown.secondsLeft > 0 || send.isPending}
            onClick={trySendCode}
          >
            {send.isPending ? <Trans>发送中…</Trans> : countdown.secondsLeft > 0 ? <Trans>{countdown.secondsLeft} 秒后重发</Trans> : <Trans>获取验证码</Trans>}
          </Button>
        </div>
      </Field>
      {send.captchaNeeded && (
        <Suspense fallback={null}>
          <CaptchaField username={phone} value={captcha} onChange={setCaptcha} generation={send.tries} />
        </Suspense>
      )}
      <Button className={styles.submit} data-testid="login-submit" appearance="primary" size="large" type="submit" disabled={busy}>
        {busy ? <Suspense fallback={t`登录中…`}><Spinner size="tiny" label={t`登录中…`} /></Suspense> : <Trans>登录</Trans>}
      </Button>
    </form>
  );
}

/**
 * Issue 15: after failed tries the server asks for the account's captcha; the session keeps that fact. Each try uses the
 * captcha up, so a new one is drawn when a try ends (busy → idle).
 */
function useSignInCaptcha(busy: boolean) {
  const required = useSelector(useSessionActor(), (s) => s.context.captchaRequired);
  const [answer, setAnswer] = useState('');
  const [generation, setGeneration] = useState(0);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) setGeneration((n) => n + 1);
    wasBusy.current = busy;
  }, [busy]);
  return { required, answer, setAnswer, generation };
}

function PasswordForm({ busy, onLogin }: { busy: boolean; onLogin: (username: string, password: string, captcha?: string) => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const captcha = useSignInCaptcha(busy);
  const [username, setUsername] = useState(readRememberedUsername);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [reset, setReset] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const trySubmit = () => {
    setTouched(true);
    if (!username.trim() || !password || (captcha.required && !captcha.answer)) return;
    onLogin(username.trim(), password, captcha.required ? captcha.answer : undefined);
  };
  useTakeOverPrerendered(formRef, (typed) => {
    const typedUsername = typed['login-username'] ?? '';
    const typedPassword = typed['login-password'] ?? '';
    if (typedUsername) setUsername(typedUsername);
    if (typedPassword) setPassword(typedPassword);
  }, (held) => {
    if (held.clicks.includes('login-forgot')) setForgot(true);
    if (held.submitted) trySubmit();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    trySubmit();
  };
  return (
    <form ref={formRef} className={styles.fields} onSubmit={submit} noValidate>
      <Field label={t`账号`} required validationMessage={touched && !username.trim() ? t`请输入账号` : undefined}>
        <Input
          data-testid="login-username"
          autoComplete="username"
          contentBefore={<PhoneIcon />}
          placeholder={t`手机号码`}
          value={username}
          onChange={(_, d) => setUsername(d.value)}
        />
      </Field>
      <Field label={t`密码`} required validationMessage={touched && !password ? t`请输入密码` : undefined}>
        <Input
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          contentBefore={<LockIcon />}
          placeholder={t`请输入密码`}
          value={password}
          onChange={(_, d) => setPassword(d.value)}
        />
      </Field>
      {captcha.required && (
        <Suspense fallback={null}>
          <CaptchaField username={username.trim()} value={captcha.answer} onChange={captcha.setAnswer} generation={captcha.generation} />
        </Suspense>
      )}
      {reset && <div role="status" data-testid="forgot-done"><Trans>密码已重置，请用新密码登录</Trans></div>}
      <Button appearance="transparent" size="small" onClick={() => setForgot(true)} data-testid="login-forgot"><Trans>忘记密码？</Trans></Button>
      <Button className={styles.submit} data-testid="login-submit" appearance="primary" size="large" type="submit" disabled={busy}>
        {busy ? <Suspense fallback={t`登录中…`}><Spinner size="tiny" label={t`登录中…`} /></Suspense> : <Trans>登录</Trans>}
      </Button>
      {forgot && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            onClose={() => setForgot(false)}
            onDone={(phone) => { setForgot(false); setUsername(phone); setPassword(''); setReset(true); }}
          />
        </Suspense>
      )}
    </form>
  );
}

type QrPhase = 'creating' | 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'error';

function QrPanel({ qr }: { qr: QrSignInRef }) {
  const styles = useStyles();
  const { t } = useLingui();
  const { phase, id } = useSelector(
    qr,
    (s) => {
      const phase: QrPhase = s.matches('creating')
        ? 'creating'
        : s.matches({ active: 'scanned' })
          ? 'scanned'
          : s.matches('active')
            ? 'waiting'
            : s.matches('confirmed')
              ? 'confirmed'
              : s.matches('expired')
                ? 'expired'
                : 'error';
      return { phase, id: s.context.id };
    },
    (a, b) => a.phase === b.phase && a.id === b.id,
  );
  const refresh = () => qr.send({ type: 'REFRESH', now: Date.now() });
  const url = id ? `${window.location.origin}/#/qrconfirm?id=${encodeURIComponent(id)}` : '';
  const statusText: Record<QrPhase, string> = {
    creating: t`正在生成二维码…`,
    waiting: t`请使用已登录的手机扫描二维码`,
    scanned: t`扫描成功，请在手机上确认登录`,
    confirmed: t`已确认，正在登录…`,
    expired: t`二维码已过期`,
    error: t`二维码加载失败`,
  };
  return (
    <div className={styles.qr}>
      <div className={styles.qrBox}>
        {url ? (
          <Suspense fallback={null}>
            <QrCodeImage value={url} label={t`登录二维码`} testId="qr-image" />
          </Suspense>
        ) : <Suspense fallback={null}><Spinner /></Suspense>}
        {(phase === 'expired' || phase === 'error' || phase === 'scanned') && (
          <div className={styles.qrMask}>
            <span>{phase === 'scanned' ? <Trans>已扫码</Trans> : statusText[phase]}</span>
            {phase !== 'scanned' && (
              <Button appearance="primary" size="small" onClick={refresh}>
                <Trans>刷新二维码</Trans>
              </Button>
            )}
          </div>
        )}
      </div>
      <div className={styles.qrStatus} data-testid="qr-status" data-status={phase} role="status">
        {statusText[phase]}
      </div>
      <Button data-testid="qr-refresh" appearance="subtle" size="small" onClick={refresh} disabled={phase === 'creating' || phase === 'confirmed'}>
        <Trans>刷新二维码</Trans>
      </Button>
    </div>
  );
}

function QrTab() {
  const root = useAppActor();
  const qr = useQrSignIn();
  useEffect(() => {
    root.send({ type: 'QR_OPEN', now: Date.now() });
    return () => root.send({ type: 'QR_CLOSE' });
  }, [root]);
  return qr ? <QrPanel qr={qr} /> : <Suspense fallback={null}><Spinner /></Suspense>;
}

/** The form tab last shown: the sign-in screen mounted again (the console taking the page over while signing in) keeps it. */
let lastTab: LoginTab | null = null;

/** §1 sign-in: phone + SMS code, password, or QR code. */
export function LoginPage() {
  const styles = useStyles();
  const { t } = useLingui();
  // the tab the pre-rendered page shows (a click before hydration may have switched it), else the first
  const [tab, setTab] = useState<LoginTab>(() => lastTab ?? initialSignInTab());
  // a QR code belongs to one attempt (and QR sign-in never passes through signing in): only the forms are kept
  useEffect(() => { if (tab !== 'qr') lastTab = tab; }, [tab]);
  useEffect(() => {
    // a tab clicked before hydration that the page could not show by itself (QR)
    const wanted = takeWantedTab();
    if (wanted) setTab(wanted);
  }, []);
  const session = useSession();
  const sessionActor = useSessionActor();
  const busy = session.status === 'signingIn';

  useEffect(() => {
    document.title = t`登录`;
  }, [t]);

  const login = (mode: 'sms' | 'password') => (username: string, password: string, captcha?: string) =>
    sessionActor.send({ type: 'LOGIN', mode, username, password, ...(captcha ? { captcha } : {}), now: Date.now() });

  const forbidden = session.forbiddenMessage === SESSION_LOST_MESSAGE ? t`登录已过期，请重新登录` : session.forbiddenMessage;

  return (
    <main className={styles.page}>
      <div className={styles.shell} data-testid="login-card">
        <section className={styles.brand} aria-hidden="true">
          <div>
            <h1 className={styles.brandTitle}>
              <Trans>营养餐管理平台</Trans>
            </h1>
            <p className={styles.brandText}>
              <Trans>学校食堂与配餐企业的一站式营养餐管理</Trans>
            </p>
          </div>
          <ul className={styles.brandList}>
            <li>
              <Trans>食谱编制与营养分析</Trans>
            </li>
            <li>
              <Trans>商品、价格与订单管理</Trans>
            </li>
            <li>
              <Trans>配送、供应商与会员管理</Trans>
            </li>
          </ul>
          <div className={styles.brandFoot}>
            <Trans>多机构 · 多角色 · 数据安全</Trans>
          </div>
        </section>
        <section className={styles.form}>
          <div>
            <h2 className={styles.heading}>
              <Trans>欢迎登录</Trans>
            </h2>
            <p className={styles.sub}>
              <Trans>登录后选择机构与应用</Trans>
            </p>
          </div>
          <SignInTabs
            selected={tab}
            onSelect={(value) => {
              setTab(value);
              if (session.error) sessionActor.send({ type: 'DISMISS_ERROR' });
            }}
            tabs={[
              { value: 'sms', icon: <PhoneIcon />, label: <Trans>验证码登录</Trans> },
              { value: 'password', icon: <LockIcon />, label: <Trans>密码登录</Trans> },
              { value: 'qr', icon: <QrIcon />, label: <Trans>扫码登录</Trans> },
            ]}
          />
          <Suspense fallback={null}>
            {forbidden && <LoginNotice intent="warning" text={forbidden} onDismiss={() => sessionActor.send({ type: 'DISMISS_FORBIDDEN' })} />}
            {session.error && (
              <LoginNotice intent="error" testId="login-error" text={session.error} onDismiss={() => sessionActor.send({ type: 'DISMISS_ERROR' })} />
            )}
          </Suspense>
          {tab === 'sms' && <SmsForm busy={busy} onLogin={login('sms')} />}
          {tab === 'password' && <PasswordForm busy={busy} onLogin={login('password')} />}
          {tab === 'qr' && <QrTab />}
          <LocaleSwitch />
        </section>
      </div>
    </main>
  );
}

export default LoginPage;
