import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MegaphoneRegular } from '@fluentui/react-icons';
import { useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useNoticeBanner, useThemeMode } from '../app/hooks.ts';
import { PHONE_MEDIA } from '../../domain/viewport.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '34px',
    padding: `0 ${tokens.spacingHorizontalXS} 0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorPaletteMarigoldBackground1,
    color: tokens.colorPaletteMarigoldForeground2,
    borderBottom: `1px solid ${tokens.colorPaletteMarigoldBorder1}`,
    fontSize: tokens.fontSizeBase300,
    flexShrink: 0,
    boxSizing: 'border-box',
    // issue 13: on a phone the notice wraps onto as many lines as it needs instead of scrolling past (a 20 s
    // marquee across 300 px is unreadable while walking)
    [PHONE_MEDIA]: { height: 'auto', minHeight: '34px', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
  },
  icon: { fontSize: '16px', flexShrink: 0 },
  viewport: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    // the marquee starts at the viewport's right edge: 100cqw is its width
    containerType: 'inline-size',
    [PHONE_MEDIA]: { whiteSpace: 'normal' },
  },
  text: { display: 'inline-block', whiteSpace: 'nowrap', [PHONE_MEDIA]: { display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  static: { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' },
  marquee: {
    animationName: {
      from: { transform: 'translateX(100cqw)' },
      to: { transform: 'translateX(-100%)' },
    },
    animationTimingFunction: 'linear',
    ':hover': { animationPlayState: 'paused' },
    [PHONE_MEDIA]: { animationName: 'none', transform: 'none' },
  },
  close: { color: 'inherit', flexShrink: 0 },
});

/** Only plain colours and font size from the org config reach the page. */
function bannerStyle(style: Record<string, string | undefined> | undefined): CSSProperties {
  if (!style) return {};
  const safe = (v: string | undefined) => (v && /^[#(),.%\w\s-]+$/.test(v) ? v : undefined);
  return {
    color: safe(style.color),
    backgroundColor: safe(style.background ?? style.backgroundColor),
    fontSize: safe(style.fontSize),
  };
}

/**
 * §2 the system notice banner, driven by the noticeBanner machine: shown when the org config's systemNotify
 * is enabled with content; text wider than the banner minus 60 px scrolls (20 s, twice); × closes it.
 */
export function NoticeBanner() {
  const styles = useStyles();
  const { t } = useLingui();
  const actor = useNoticeBanner();
  const view = useSelector(
    actor,
    (s) => ({
      shown: s.matches('shown'),
      content: s.context.notify?.content ?? '',
      style: s.context.notify?.style,
      marquee: s.context.marquee,
      durationMs: s.context.marqueeDurationMs,
      repeat: s.context.marqueeRepeat,
    }),
    shallowEqual,
  );
  // the org's banner colours are chosen for a light page; the dark theme keeps its own
  const { mode } = useThemeMode();
  const bannerRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);

  // measure the text against the banner whenever it is shown, its text changes or the banner resizes
  useLayoutEffect(() => {
    if (!view.shown) return;
    const banner = bannerRef.current;
    const text = textRef.current;
    if (!banner || !text) return;
    const measure = () => actor.send({ type: 'MEASURED', textWidth: text.scrollWidth, bannerWidth: banner.clientWidth });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    let lastWidth = banner.clientWidth;
    const observer = new ResizeObserver(() => {
      if (banner.clientWidth !== lastWidth) {
        lastWidth = banner.clientWidth;
        measure();
      }
    });
    observer.observe(banner);
    return () => observer.disconnect();
  }, [actor, view.shown, view.content]);

  if (!view.shown) return null;
  const animation: CSSProperties = view.marquee
    ? { animationDuration: `${view.durationMs}ms`, animationIterationCount: view.repeat }
    : {};

  return (
    <div
      ref={bannerRef}
      className={styles.root}
      style={mode === 'dark' ? { fontSize: bannerStyle(view.style).fontSize } : bannerStyle(view.style)}
      data-testid="notice-banner"
      data-marquee={view.marquee}
      role="status"
    >
      <MegaphoneRegular className={styles.icon} aria-hidden />
      <div className={styles.viewport}>
        <span
          ref={textRef}
          // the key restarts the animation when the text changes
          key={view.content}
          className={mergeClasses(styles.text, view.marquee ? styles.marquee : styles.static)}
          style={animation}
          data-testid="notice-text"
        >
          {view.content}
        </span>
      </div>
      <Button
        className={styles.close}
        appearance="transparent"
        size="small"
        icon={<DismissRegular />}
        aria-label={t`关闭通知`}
        data-testid="notice-close"
        onClick={() => actor.send({ type: 'CLOSE' })}
      />
    </div>
  );
}
