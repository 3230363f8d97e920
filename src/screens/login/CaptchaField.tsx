// Issue 15: the image captcha the sign-in screen asks for after failed tries (the server answers 428). Loaded only
// then, so the sign-in entry does not grow. The server keeps one captcha per account; each is used up by the try it
// comes with, so the parent bumps `generation` after every try and a fresh one is drawn.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchCaptcha } from '../../../services/passport.ts';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0 },
  image: {
    height: '40px', minWidth: '100px', flexShrink: 0, padding: 0, border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium, cursor: 'pointer', background: tokens.colorNeutralBackground3, display: 'block',
  },
});

export interface CaptchaFieldProps {
  /** the account the captcha is for (phone number or username) */
  username: string;
  value: string;
  onChange: (value: string) => void;
  /** changes after each try that used the captcha up: draws a new one */
  generation: number;
}

export default function CaptchaField({ username, value, onChange, generation }: CaptchaFieldProps) {
  const styles = useStyles();
  const { t } = useLingui();
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // drawn for the account as typed at that moment (a new one per keystroke would use up the address's allowance)
  const latest = useRef({ username, onChange });
  latest.current = { username, onChange };
  const draw = useCallback(() => {
    latest.current.onChange('');
    setError(null);
    fetchCaptcha(latest.current.username).then(
      (c) => setImage(c.image),
      (e: unknown) => { setImage(null); setError(e instanceof Error ? e.message : String(e)); },
    );
  }, []);
  useEffect(draw, [draw, generation]);

  return (
    <Field label={t`图形验证码`} required validationMessage={error ?? undefined} hint={t`看不清？点击图片换一张`}>
      <div className={styles.row}>
        <Input
          className={styles.input}
          data-testid="login-captcha"
          autoComplete="off"
          maxLength={8}
          placeholder={t`请输入图中字符`}
          value={value}
          onChange={(_, d) => onChange(d.value.trim())}
        />
        {image ? (
          <button type="button" className={styles.image} onClick={draw} data-testid="login-captcha-image" aria-label={t`换一张图形验证码`}>
            <img src={image} alt={t`图形验证码`} height={38} />
          </button>
        ) : (
          <Button onClick={draw}><Trans>刷新</Trans></Button>
        )}
      </div>
    </Field>
  );
}
