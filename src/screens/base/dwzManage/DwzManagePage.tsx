// §2 短网址管理 (issue 35): the org's short links — made for a page of this console, shared as /s/{code} (a QR code
// too), expired or made live again, and their visits by day (a bar chart, loaded with the chart code only here).
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Spinner, Switch,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, CopyRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createShortLink, fetchShortLinkVisits, setShortLinkExpiry, shortLinkKeys, shortLinksQuery, shortLinkUrl, type ShortLink,
} from '../../../../services/shortLinks.ts';
import { targetOfAddress, visitDay } from '../../../../domain/shortLink.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { errorText } from '../../meal/shared/errors.ts';
import { QrCodeImage } from '../../login/QrCodeImage.tsx';

const VisitsChart = lazy(() => import('../../meal/shared/orderReport/OrderReportCharts.tsx'));

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { cursor: 'pointer' },
  target: { wordBreak: 'break-all', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  inline: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const DAYS = 30;

/** The last `days` calendar days (the deployment's), oldest first. */
function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = visitDay(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}

export default function DwzManagePage() {
  const s = useStyles();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const orgId = useCurrentOrgApp()?.orgId;
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery(shortLinksQuery(orgId, keyword.trim() ? { keyword: keyword.trim() } : {}));
  const rows = list.data?.rows ?? [];
  const link = rows.find((r) => r.code === chosen) ?? null;
  const range = useMemo(() => lastDays(DAYS), []);
  const visits = useQuery({
    queryKey: shortLinkKeys.visits(orgId, chosen ?? '', range),
    queryFn: () => fetchShortLinkVisits(chosen!, range),
    enabled: Boolean(orgId && chosen),
  });

  async function toggle(l: ShortLink) {
    setError(null);
    try {
      await setShortLinkExpiry(l.code, l.live ? new Date().toISOString() : null, l.version);
      await qc.invalidateQueries({ queryKey: shortLinkKeys.all });
    } catch (e) {
      setError(errorText(e));
    }
  }

  const chart = visits.data && {
    kind: 'bars' as const,
    series: [{ key: 'visits', legend: t`访问次数`, color: '#0F6CBD' }],
    groups: visits.data.days.map((d) => ({ label: d.day.slice(5), values: { visits: d.visits } })),
  };

  return (
    <ScreenFrame
      testId="dwz-screen"
      title={<Trans>短网址管理</Trans>}
      error={error ?? (list.error ? errorText(list.error) : null)}
      actions={<Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="dwz-new"><Trans>新建短网址</Trans></Button>}
      toolbar={
        <Field label={t`搜索`}>
          <Input value={keyword} onChange={(_, d) => setKeyword(d.value)} placeholder={t`标题、页面或短码`} data-testid="dwz-search" />
        </Field>
      }
    >
      <div className={s.layout}>
        <Table aria-label={t`短网址`} size="small" data-testid="dwz-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell><Trans>短网址</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>标题</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>访问次数</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.code} className={s.row} onClick={() => setChosen(r.code)} aria-selected={r.code === chosen} data-testid={`dwz-row-${r.code}`}>
                <TableCell>
                  <Text font="monospace">/s/{r.code}</Text>
                  <div className={s.target}>{r.target}</div>
                </TableCell>
                <TableCell>{r.title || '—'}</TableCell>
                <TableCell data-testid="dwz-visits">{fmt.number(r.visits)}</TableCell>
                <TableCell>
                  {r.live ? <Badge appearance="tint" color="success"><Trans>有效</Trans></Badge> : <Badge appearance="tint" color="subtle"><Trans>已过期</Trans></Badge>}
                </TableCell>
              </TableRow>
            ))}
            {!rows.length && !list.isPending && (
              <TableRow><TableCell colSpan={4}><Trans>还没有短网址：在食品标签、食谱分享等处分享页面时会自动生成，也可以在这里新建。</Trans></TableCell></TableRow>
            )}
          </TableBody>
        </Table>
        <div className={s.side} data-testid="dwz-detail">
          {link ? (
            <>
              <Text weight="semibold">{link.title || `/s/${link.code}`}</Text>
              <div className={s.inline}>
                <Text font="monospace" data-testid="dwz-url">{shortLinkUrl(link.code)}</Text>
                <Button size="small" icon={<CopyRegular />} onClick={() => void navigator.clipboard?.writeText(shortLinkUrl(link.code))}><Trans>复制</Trans></Button>
              </div>
              <Text className={s.target}><Trans>打开页面：{link.target}</Trans></Text>
              <Text size={200}>
                {link.expiresAt ? <Trans>过期时间：{fmt.dateTime(link.expiresAt)}</Trans> : <Trans>永不过期</Trans>}
              </Text>
              <Switch checked={link.live} onChange={() => void toggle(link)} label={link.live ? t`有效（关闭即立即过期）` : t`已过期（打开即恢复有效）`} data-testid="dwz-live" />
              <QrCodeImage value={shortLinkUrl(link.code)} size={140} label={t`短网址二维码`} testId="dwz-qr" />
              {visits.isPending ? <Spinner size="small" /> : chart && (
                <Suspense fallback={<Spinner size="small" />}>
                  <VisitsChart model={chart} title={t`近 ${DAYS} 天访问次数（合计 ${visits.data?.total ?? 0}）`} testId="dwz-chart" format={(v) => fmt.number(v)} />
                </Suspense>
              )}
            </>
          ) : <Text><Trans>选择一条短网址查看二维码和每日访问次数。</Trans></Text>}
        </div>
      </div>
      {creating && <CreateDialog onClose={(code) => { setCreating(false); if (code) { setChosen(code); void qc.invalidateQueries({ queryKey: shortLinkKeys.all }); } }} />}
    </ScreenFrame>
  );
}

function CreateDialog({ onClose }: { onClose: (code?: string) => void }) {
  const { t } = useLingui();
  const [address, setAddress] = useState(`${window.location.origin}/#/`);
  const [title, setTitle] = useState('');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // only this console's own pages: the server refuses anything else as well
  const target = targetOfAddress(address.trim(), window.location.origin);

  async function save() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const made = await createShortLink({ target, title: title.trim(), ...(expires && { expiresAt: new Date(expires).toISOString() }) });
      onClose(made.code);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>新建短网址</Trans></DialogTitle>
          <DialogContent>
            <Field label={t`页面地址`} required validationState={target || !address.trim() ? 'none' : 'error'}
              validationMessage={target || !address.trim() ? t`本系统的页面地址，如追溯页、食谱分享页` : t`短网址只能指向本系统的页面`}>
              <Input value={address} onChange={(_, d) => setAddress(d.value)} data-testid="dwz-address" />
            </Field>
            <Field label={t`标题`}>
              <Input value={title} maxLength={60} onChange={(_, d) => setTitle(d.value)} data-testid="dwz-title" />
            </Field>
            <Field label={t`过期时间（留空为永不过期）`}>
              <Input type="datetime-local" value={expires} onChange={(_, d) => setExpires(d.value)} data-testid="dwz-expires" />
            </Field>
            {error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose()}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={!target || busy} onClick={() => void save()} data-testid="dwz-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
