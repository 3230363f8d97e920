// The live wall of bright kitchens (issue 33): 1, 4 or 9 tiles of a school's cameras, each playing what its media
// server serves (the console never proxies video). HLS plays through hls.js, loaded here only (a dynamic import, so
// the player is fetched when a wall is on screen, never with the sign-in entry); Safari plays HLS natively. A click
// on a tile takes it full screen.
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Device } from '../../../../services/devices.ts';

export const WALL_SIZES = [1, 4, 9] as const;
export type WallSize = (typeof WALL_SIZES)[number];

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalS, flexWrap: 'wrap' },
  grid: { display: 'grid', gap: tokens.spacingHorizontalXS, backgroundColor: tokens.colorNeutralBackground3 },
  tile: {
    position: 'relative', aspectRatio: '16 / 9', backgroundColor: '#000', cursor: 'zoom-in', overflow: 'hidden',
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}` },
  },
  video: { width: '100%', height: '100%', objectFit: 'contain', display: 'block' },
  label: {
    position: 'absolute', left: 0, right: 0, bottom: 0, display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, color: '#fff', backgroundColor: 'rgba(0,0,0,0.55)',
  },
  empty: { display: 'grid', placeItems: 'center', color: '#ccc', height: '100%' },
});

/** One camera playing: hls.js where the browser has no native HLS; other protocols say what plays them. */
function CameraTile({ device }: { device: Device }) {
  const { t } = useLingui();
  const s = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el || device.protocol !== 'hls' || !device.enabled) return;
    let stopped = false;
    let destroy = () => {};
    setFailed(null);
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = device.playUrl;
      void el.play().catch(() => {});
      return () => { el.removeAttribute('src'); el.load(); };
    }
    void import('hls.js').then(({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) { setFailed(t`此浏览器不能播放 HLS`); return; }
      const hls = new Hls({ lowLatencyMode: true, liveDurationInfinity: true });
      hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) setFailed(t`无法播放：${data.details}`); });
      hls.loadSource(device.playUrl);
      hls.attachMedia(el);
      hls.on(Hls.Events.MANIFEST_PARSED, () => { void el.play().catch(() => {}); });
      destroy = () => hls.destroy();
    });
    return () => { stopped = true; destroy(); };
  }, [device.playUrl, device.protocol, device.enabled, t]);

  const full = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen?.().catch(() => {});
  };
  return (
    <div
      ref={box} className={s.tile} role="button" tabIndex={0} onClick={full} onKeyDown={(e) => { if (e.key === 'Enter') full(); }}
      aria-label={t`全屏查看 ${device.name}`} data-testid="wall-tile" data-device-name={device.name}
    >
      {device.protocol === 'hls' && device.enabled
        ? <video ref={video} className={s.video} muted playsInline autoPlay data-testid="wall-video" />
        : <div className={s.empty}>{device.enabled ? <Trans>该协议请使用媒体服务器提供的播放器</Trans> : <Trans>设备已停用</Trans>}</div>}
      <div className={s.label}>
        <Text size={200}>{device.name}{device.area ? ` · ${device.area}` : ''}</Text>
        {failed ? <Badge color="danger" size="small">{failed}</Badge>
          : device.online === false ? <Badge color="danger" size="small"><Trans>离线</Trans></Badge>
          : device.online ? <Badge color="success" size="small"><Trans>在线</Trans></Badge> : null}
      </div>
    </div>
  );
}

export default function LiveWall({ devices }: { devices: Device[] }) {
  const { t } = useLingui();
  const s = useStyles();
  const [size, setSize] = useState<WallSize>(4);
  const [page, setPage] = useState(0);
  const shown = devices.filter((d) => d.enabled);
  const pages = Math.max(1, Math.ceil(shown.length / size));
  const at = Math.min(page, pages - 1);
  const tiles = shown.slice(at * size, at * size + size);
  const columns = Math.sqrt(size);
  return (
    <div data-testid="live-wall">
      <div className={s.bar}>
        {WALL_SIZES.map((n) => (
          <ToggleButton key={n} size="small" checked={size === n} onClick={() => { setSize(n); setPage(0); }} data-testid={`wall-size-${n}`}>
            {t`${n} 画面`}
          </ToggleButton>
        ))}
        <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} disabled={at === 0} onClick={() => setPage(at - 1)} aria-label={t`上一页`} />
        <Text size={200}>{at + 1} / {pages}</Text>
        <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} disabled={at >= pages - 1} onClick={() => setPage(at + 1)} aria-label={t`下一页`} />
        <Text size={200}><Trans>点击画面全屏</Trans></Text>
      </div>
      {tiles.length
        ? <div className={s.grid} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>{tiles.map((d) => <CameraTile key={d.id} device={d} />)}</div>
        : <Text><Trans>没有启用的摄像头</Trans></Text>}
    </div>
  );
}
