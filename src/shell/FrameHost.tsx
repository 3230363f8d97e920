import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { ArrowMinimizeRegular } from '@fluentui/react-icons';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useFrameBridge } from '../app/hooks.ts';

export interface HostedFrame {
  /** the route path of the tab that shows it */
  path: string;
  url: string;
  title: string;
  /** changes when the tab is refreshed: remounts the frame */
  refreshKey: number;
}

const useStyles = makeStyles({
  host: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  hidden: { display: 'none' },
  // §2 tilingfullscreen: the frame covers the whole window
  tiled: {
    position: 'fixed',
    inset: 0,
    zIndex: 2000,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  frame: { flexGrow: 1, width: '100%', height: '100%', border: 'none', display: 'block', backgroundColor: tokens.colorNeutralBackground1 },
  slot: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex' },
  exit: { position: 'absolute', top: tokens.spacingVerticalS, right: tokens.spacingHorizontalS, zIndex: 1, boxShadow: tokens.shadow8 },
  loading: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' },
});

/**
 * Embedded pages of the menu. Every frame whose tab is open stays mounted and is only hidden when another tab
 * is active, so its state survives tab switches. Messages from these frames go to the frameBridge machine.
 */
export function FrameHost({ frames, activePath }: { frames: HostedFrame[]; activePath: string }) {
  const styles = useStyles();
  const { t } = useLingui();
  const bridge = useFrameBridge();
  const tiled = useSelector(bridge, (s) => s.matches('tiled'));
  const refs = useRef(new Map<string, HTMLIFrameElement>());
  const [loaded, setLoaded] = useState<Record<string, boolean>>({});
  const active = frames.find((f) => f.path === activePath);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const fromOurs = [...refs.current.values()].some((f) => f.contentWindow !== null && f.contentWindow === event.source);
      if (fromOurs) bridge.send({ type: 'FRAME_MESSAGE', data: event.data });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [bridge]);

  useEffect(() => {
    if (!tiled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') bridge.send({ type: 'TILE_EXIT' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tiled, bridge]);

  if (!frames.length) return null;
  return (
    <div
      className={mergeClasses(styles.host, !active && styles.hidden, tiled && active && styles.tiled)}
      data-testid="frame-host"
      data-tiled={tiled}
    >
      {tiled && active && (
        <Button className={styles.exit} size="small" icon={<ArrowMinimizeRegular />} data-testid="tile-exit" onClick={() => bridge.send({ type: 'TILE_EXIT' })}>
          {t`退出全屏`}
        </Button>
      )}
      {frames.map((f) => {
        const id = `${f.path}#${f.refreshKey}`;
        return (
          <div key={id} className={mergeClasses(styles.slot, f.path !== activePath && styles.hidden)}>
            <iframe
              ref={(el) => {
                if (el) refs.current.set(f.path, el);
                else if (refs.current.get(f.path) && !refs.current.get(f.path)!.isConnected) refs.current.delete(f.path);
              }}
              className={styles.frame}
              src={f.url}
              title={f.title}
              data-testid="embedded-frame"
              data-path={f.path}
              onLoad={() => setLoaded((prev) => ({ ...prev, [id]: true }))}
            />
            {!loaded[id] && (
              <div className={styles.loading}>
                <Spinner label={t`加载中`} />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
