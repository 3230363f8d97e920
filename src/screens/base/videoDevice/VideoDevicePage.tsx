import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Field, Input, Select, Spinner, Switch, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, EditRegular, DeleteRegular, KeyResetRegular, TimerRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_LIMITS, KITCHEN_AREAS, PLAY_PROTOCOLS, VIDEO_DEVICE_TYPE_GROUP, deviceProblem, mayManageDevices, protocolOf, type PlayProtocol } from '../../../../domain/videoDevice.ts';
import { partyOf } from '../../../../domain/orgKind.ts';
import {
  actOnAlert, alertDailyQuery, alertsQuery, checkDevice, companiesQuery, createDevice, deleteDevice, deviceKeys, deviceOrgsQuery, deviceSettingsQuery, devicesQuery,
  fetchAlertSnapshot, rotateSecret, setDeviceSettings, updateDevice, type Alert, type Device, type DeviceOrg,
} from '../../../../services/devices.ts';
import { categoriesQuery } from '../../../../services/mall/catalogue.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../../meal/shared/DataTable.tsx';
import { ConfirmDialog } from '../../meal/shared/ConfirmDialog.tsx';
import { errorText } from '../../meal/shared/errors.ts';
import { useOrgQueryKey } from '../../meal/shared/useOrgQueryKey.ts';
import { useAlertTypeName } from './alertTypes.ts';

// hls.js and the charts load with the parts that use them, never with the sign-in entry
const LiveWall = lazy(() => import('./LiveWall.tsx'));
const AlertChart = lazy(() => import('./AlertChart.tsx'));

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  snapshot: { maxWidth: '160px', maxHeight: '90px', cursor: 'zoom-in', display: 'block' },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const percent = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

interface Draft { device?: Device; name: string; typeId: string; area: string; playUrl: string; protocol: PlayProtocol; enabled: boolean; companyId: string }

function Snapshot({ alert }: { alert: Alert }) {
  const s = useStyles();
  const { t } = useLingui();
  const snap = useQuery({ queryKey: ['deviceAlerts', 'snapshot', alert.id], queryFn: () => fetchAlertSnapshot(alert.id), enabled: alert.hasSnapshot, staleTime: Infinity });
  if (!alert.hasSnapshot) return <>—</>;
  if (!snap.data) return <Spinner size="tiny" />;
  return <a href={snap.data.dataUrl} target="_blank" rel="noreferrer"><img src={snap.data.dataUrl} alt={t`抓拍图片`} className={s.snapshot} data-testid="alert-snapshot" /></a>;
}

/** AI alerts of the kitchens in reach, newest first; the school handles each (with the measure) or makes it a ticket. */
function AlertsPanel({ orgId, canAct }: { orgId: string | undefined; canAct: boolean }) {
  const { t } = useLingui();
  const typeName = useAlertTypeName();
  const qc = useQueryClient();
  const [status, setStatus] = useState('open');
  const list = useQuery({ ...alertsQuery(orgId, { status: status || undefined, $limit: 100 }), refetchInterval: 30_000 });
  const [handling, setHandling] = useState<Alert | null>(null);
  const [measure, setMeasure] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ alert, action }: { alert: Alert; action: 'handle' | 'ticket' }) => actOnAlert(alert.id, { action, ...(action === 'handle' && { measure }), version: alert.version }),
    onSuccess: () => { setHandling(null); setMeasure(''); setError(null); void qc.invalidateQueries({ queryKey: ['deviceAlerts'] }); void qc.invalidateQueries({ queryKey: ['inspections'] }); },
    onError: (e) => setError(errorText(e)),
  });
  const columns: Column<Alert>[] = [
    { key: 'at', header: <Trans>时间</Trans>, render: (a) => new Date(a.at).toLocaleString() },
    { key: 'org', header: <Trans>学校</Trans>, render: (a) => a.orgName },
    { key: 'device', header: <Trans>设备</Trans>, render: (a) => a.deviceName },
    { key: 'type', header: <Trans>类型</Trans>, render: (a) => <Badge appearance="tint" color="warning">{typeName(a.type)}</Badge>, phone: 'title' },
    { key: 'confidence', header: <Trans>置信度</Trans>, render: (a) => percent(a.confidence) },
    { key: 'snapshot', header: <Trans>抓拍</Trans>, render: (a) => <Snapshot alert={a} /> },
    { key: 'status', header: <Trans>处理</Trans>, render: (a) => (a.status === 'handled' ? a.measure : a.status === 'ticketed' ? t`已转巡检单` : t`待处理`) },
    ...(canAct ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (a: Alert) => a.status === 'open' && (
        <>
          <Button size="small" onClick={() => setHandling(a)} data-testid="alert-handle"><Trans>处理</Trans></Button>
          <Button size="small" appearance="subtle" onClick={() => act.mutate({ alert: a, action: 'ticket' })} data-testid="alert-ticket"><Trans>转巡检单</Trans></Button>
        </>
      ),
    }] : []),
  ];
  return (
    <>
      <Field label={<Trans>状态</Trans>}>
        <Select value={status} onChange={(_, d) => setStatus(d.value)} data-testid="alert-status">
          <option value="open">{t`待处理`}</option>
          <option value="handled,ticketed">{t`已处理`}</option>
          <option value="">{t`全部`}</option>
        </Select>
      </Field>
      {error && <Text role="alert">{error}</Text>}
      <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(a) => a.id} testId="alert-table" />
      <FormDialog
        open={handling !== null} title={<Trans>处理告警</Trans>} testId="alert-handle-form" busy={act.isPending} submitDisabled={!measure.trim()} error={error}
        onSubmit={() => handling && act.mutate({ alert: handling, action: 'handle' })} onClose={() => setHandling(null)}
      >
        <Field label={<Trans>处理措施</Trans>} required>
          <Input value={measure} maxLength={500} onChange={(_, d) => setMeasure(d.value)} data-testid="alert-measure" />
        </Field>
      </FormDialog>
    </>
  );
}

/** The school's offline threshold: after how many minutes offline a camera gets an inspection ticket. */
function ThresholdDialog({ orgId, open, onClose }: { orgId: string | undefined; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const settings = useQuery({ ...deviceSettingsQuery(orgId), enabled: open && !!orgId });
  // the typed minutes with the version of the settings they were typed over: a refresh of the settings while the
  // user types does not move it, so a change saved by someone else meanwhile is the shared 409 (services/transport.ts)
  const [draft, setDraft] = useState<{ minutes: number | null; version: number | undefined } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ? draft.minutes : settings.data?.offlineThresholdMinutes ?? null;
  const setMinutes = (m: number | null) => setDraft({ minutes: m, version: draft ? draft.version : settings.data?.version });
  const save = useMutation({
    mutationFn: (offlineThresholdMinutes: number) => setDeviceSettings({ offlineThresholdMinutes, version: draft ? draft.version : settings.data?.version }),
    onSuccess: (saved) => { qc.setQueryData(deviceKeys.settings(orgId), saved); setDraft(null); setError(null); onClose(); },
    // a stale one: the typed minutes are dropped, the field shows the settings as they are now
    onError: (e) => { setError(errorText(e)); if (isStaleVersion(e)) setDraft(null); },
  });
  const close = () => { setDraft(null); setError(null); onClose(); };
  return (
    <FormDialog
      open={open} title={<Trans>离线阈值</Trans>} testId="device-settings-form" busy={save.isPending || settings.isLoading} error={error ?? (settings.error ? errorText(settings.error) : null)}
      submitDisabled={shown === null} onSubmit={() => shown !== null && save.mutate(shown)} onClose={close}
    >
      <Field
        label={<Trans>离线多少分钟后生成巡检单</Trans>} required
        hint={<Trans>摄像头连续离线超过该时长，系统自动生成巡检单并派给其安装公司；0 表示一发现离线就生成（0 至 {DEVICE_LIMITS.offlineThresholdMax} 分钟）</Trans>}
      >
        <NumberInput
          value={shown} onChange={setMinutes} min={0} max={DEVICE_LIMITS.offlineThresholdMax} precision={0}
          contentAfter={<Text size={200}><Trans>分钟</Trans></Text>} data-testid="device-threshold-input"
        />
      </Field>
    </FormDialog>
  );
}

/**
 * videoDevice (视频设备管理, issue 33, bright kitchens 明厨亮灶): a school's kitchen cameras — the live wall, the
 * cameras with their health and uptime, and the AI alerts to handle. A bureau sees the schools of its area that have
 * cameras (§7 video device orgs) with their health, opens any school's wall, follows the alerts and their daily count.
 */
export default function VideoDevicePage() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const powers = usePowers();
  const party = partyOf(powers);
  const manages = mayManageDevices(party) && party !== 'platform';
  const overseer = party === 'bureau' || party === 'platform';
  const [tab, setTab] = useState<string>(overseer ? 'orgs' : 'wall');
  const [school, setSchool] = useState<DeviceOrg | null>(null);
  const orgFilter = overseer ? school?.orgId : undefined;
  const devices = useQuery({ ...devicesQuery(orgApp?.orgId, orgFilter ? { orgId: orgFilter } : {}), enabled: ready && (!overseer || !!school), refetchInterval: 30_000 });
  const orgs = useQuery({ ...deviceOrgsQuery(orgApp?.orgId), enabled: ready && overseer });
  const daily = useQuery({ ...alertDailyQuery(orgApp?.orgId), enabled: ready && overseer && tab === 'chart' });
  const companies = useQuery({ ...companiesQuery(orgApp?.orgId), enabled: ready && manages });
  const types = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, VIDEO_DEVICE_TYPE_GROUP), enabled: ready && manages });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<Device | null>(null);
  const [rotating, setRotating] = useState<Device | null>(null);
  const [thresholdOpen, setThresholdOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: deviceKeys.all }); void qc.invalidateQueries({ queryKey: ['inspections'] }); };

  const save = useMutation({
    mutationFn: async ({ device, ...fields }: Draft) => {
      if (device) { await updateDevice(device.id, { ...fields, version: device.version }); return null; }
      return createDevice(fields);
    },
    onSuccess: (created) => { setDraft(null); setFormError(null); if (created) setSecret({ name: created.device.name, secret: created.secret }); done(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const check = useMutation({ mutationFn: (d: Device) => checkDevice(d.id), onSuccess: done, onError: (e) => setError(errorText(e)) });
  // a new secret for the edge box (it leaked, the box was replaced): shown once, the old one stops at once
  const rotate = useMutation({
    mutationFn: (d: Device) => rotateSecret(d.id),
    onSuccess: (r) => { setRotating(null); setSecret({ name: r.device.name, secret: r.secret }); done(); },
    onError: (e) => { setRotating(null); setError(errorText(e)); },
  });
  const remove = useMutation({ mutationFn: (d: Device) => deleteDevice(d.id), onSuccess: () => { setRemoving(null); done(); }, onError: (e) => { setRemoving(null); setError(errorText(e)); } });
  const open = (device?: Device) => {
    setFormError(null);
    setDraft(device
      ? { device, name: device.name, typeId: device.typeId, area: device.area, playUrl: device.playUrl, protocol: device.protocol, enabled: device.enabled, companyId: device.companyId }
      : { name: '', typeId: '', area: KITCHEN_AREAS[0], playUrl: '', protocol: 'hls', enabled: true, companyId: companies.data?.rows[0]?.id ?? '' });
  };

  const health = (d: Device) => (d.online === null ? <Badge appearance="outline"><Trans>未检测</Trans></Badge>
    : d.online ? <Badge color="success" data-testid="device-online"><Trans>在线</Trans></Badge> : <Badge color="danger" data-testid="device-offline"><Trans>离线</Trans></Badge>);
  const columns: Column<Device>[] = [
    ...(overseer ? [{ key: 'org', header: <Trans>学校</Trans>, render: (d: Device) => d.orgName }] : []),
    { key: 'name', header: <Trans>名称</Trans>, render: (d) => d.name, phone: 'title' },
    { key: 'type', header: <Trans>类型</Trans>, render: (d) => d.typeName || '—' },
    { key: 'area', header: <Trans>区域</Trans>, render: (d) => d.area || '—' },
    { key: 'health', header: <Trans>状态</Trans>, render: (d) => (d.enabled ? health(d) : <Badge appearance="tint" color="subtle"><Trans>停用</Trans></Badge>) },
    { key: 'uptime', header: <Trans>在线率</Trans>, render: (d) => <span data-testid="device-uptime">{percent(d.uptime)}</span> },
    { key: 'company', header: <Trans>安装公司</Trans>, render: (d) => d.companyName || '—' },
    ...(manages ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (d: Device) => (
        <>
          <Button size="small" appearance="subtle" icon={<ArrowSyncRegular />} onClick={() => check.mutate(d)} data-testid="device-check"><Trans>立即检测</Trans></Button>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open(d)} data-testid="device-edit"><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<KeyResetRegular />} onClick={() => setRotating(d)} data-testid="device-rotate"><Trans>更换密钥</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(d)} data-testid="device-delete"><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];
  const orgColumns: Column<DeviceOrg>[] = [
    { key: 'name', header: <Trans>学校</Trans>, render: (o) => <Button appearance="transparent" onClick={() => { setSchool(o); setTab('wall'); }} data-testid="device-org-open">{o.orgName}</Button>, phone: 'title' },
    { key: 'devices', header: <Trans>设备数</Trans>, render: (o) => o.devices },
    { key: 'online', header: <Trans>在线</Trans>, render: (o) => o.online },
    { key: 'offline', header: <Trans>离线</Trans>, render: (o) => (o.offline ? <Badge color="danger">{o.offline}</Badge> : 0) },
    { key: 'uptime', header: <Trans>在线率</Trans>, render: (o) => percent(o.uptime) },
    { key: 'open', header: <Trans>未完成巡检</Trans>, render: (o) => o.openInspections },
  ];
  const problem = draft ? deviceProblem(draft) : null;
  const rows = devices.data?.rows ?? [];
  return (
    <>
      <ScreenFrame
        title={<Trans>视频设备管理</Trans>} testId="screen-videoDevice" loading={devices.isLoading || orgs.isLoading}
        error={error ?? (devices.error ? errorText(devices.error) : orgs.error ? errorText(orgs.error) : null)}
        actions={manages ? (
          <>
            <Button icon={<TimerRegular />} onClick={() => setThresholdOpen(true)} data-testid="device-settings"><Trans>离线阈值</Trans></Button>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => open()} data-testid="device-add"><Trans>添加摄像头</Trans></Button>
          </>
        ) : undefined}
        toolbar={(
          <div className={s.row}>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(String(d.value))}>
              {overseer && <Tab value="orgs" data-testid="tab-orgs"><Trans>学校</Trans></Tab>}
              <Tab value="wall" data-testid="tab-wall"><Trans>实时画面</Trans></Tab>
              <Tab value="devices" data-testid="tab-devices"><Trans>设备列表</Trans></Tab>
              <Tab value="alerts" data-testid="tab-alerts"><Trans>AI 告警</Trans></Tab>
              {overseer && <Tab value="chart" data-testid="tab-chart"><Trans>告警统计</Trans></Tab>}
            </TabList>
            {overseer && school && <Text><Trans>当前学校：{school.orgName}</Trans></Text>}
          </div>
        )}
      >
        {tab === 'orgs' && <DataTable rows={orgs.data?.rows ?? []} columns={orgColumns} rowKey={(o) => o.orgId} testId="device-org-table" />}
        {tab === 'wall' && (overseer && !school
          ? <Text><Trans>请先在“学校”中选择一所学校</Trans></Text>
          : <Suspense fallback={<Spinner />}><LiveWall devices={rows} /></Suspense>)}
        {tab === 'devices' && <DataTable rows={rows} columns={columns} rowKey={(d) => d.id} testId="device-table" rowProps={(d) => ({ 'data-device-name': d.name })} />}
        {tab === 'alerts' && <AlertsPanel orgId={orgApp?.orgId} canAct={party === 'school'} />}
        {tab === 'chart' && <Suspense fallback={<Spinner />}><AlertChart rows={daily.data?.rows ?? []} /></Suspense>}
      </ScreenFrame>
      <FormDialog
        open={draft !== null} title={draft?.device ? <Trans>编辑摄像头</Trans> : <Trans>添加摄像头</Trans>} testId="device-form" busy={save.isPending}
        submitDisabled={!draft || !draft.name.trim() || !draft.playUrl.trim() || problem !== null} error={formError ?? (draft?.playUrl ? problem : null)}
        onSubmit={() => draft && save.mutate(draft)} onClose={() => setDraft(null)}
      >
        {draft && (
          <div className={s.form}>
            <Field label={<Trans>名称</Trans>} required>
              <Input value={draft.name} maxLength={100} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="device-name-input" />
            </Field>
            <Field label={<Trans>类型</Trans>}>
              <Select value={draft.typeId} onChange={(_, d) => setDraft({ ...draft, typeId: d.value })} data-testid="device-type-input">
                <option value="">—</option>
                {(types.data?.rows ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>区域</Trans>}>
              <Input value={draft.area} list="kitchen-areas" maxLength={50} onChange={(_, d) => setDraft({ ...draft, area: d.value })} data-testid="device-area-input" />
              <datalist id="kitchen-areas">{KITCHEN_AREAS.map((a) => <option key={a} value={a} />)}</datalist>
            </Field>
            <Field label={<Trans>播放地址</Trans>} required hint={<Trans>媒体服务器提供的 HLS（.m3u8）、FLV 或 WebRTC 地址</Trans>}>
              <Input
                value={draft.playUrl} maxLength={1000} onChange={(_, d) => setDraft({ ...draft, playUrl: d.value, protocol: protocolOf(d.value) })}
                data-testid="device-url-input"
              />
            </Field>
            <Field label={<Trans>协议</Trans>}>
              <Select value={draft.protocol} onChange={(_, d) => setDraft({ ...draft, protocol: d.value as PlayProtocol })} data-testid="device-protocol-input">
                {PLAY_PROTOCOLS.map((p) => <option key={p} value={p}>{p.toUpperCase()}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>安装公司</Trans>}>
              <Select value={draft.companyId} onChange={(_, d) => setDraft({ ...draft, companyId: d.value })} data-testid="device-company-input">
                <option value="">—</option>
                {(companies.data?.rows ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>启用</Trans>}>
              <Switch checked={draft.enabled} onChange={(_, d) => setDraft({ ...draft, enabled: d.checked })} data-testid="device-enabled-input" />
            </Field>
          </div>
        )}
      </FormDialog>
      <FormDialog open={secret !== null} title={<Trans>设备签名密钥</Trans>} onSubmit={() => setSecret(null)} onClose={() => setSecret(null)} submitLabel={t`我已保存`} testId="device-secret">
        <Text block><Trans>请把此密钥配置到「{secret?.name}」的边缘盒子，用于签名 AI 告警。密钥只显示这一次。</Trans></Text>
        <Text block className={s.secret} data-testid="device-secret-value">{secret?.secret}</Text>
      </FormDialog>
      <ConfirmDialog open={rotating !== null} title={<Trans>更换设备密钥</Trans>} busy={rotate.isPending} onCancel={() => setRotating(null)} onConfirm={() => rotating && rotate.mutate(rotating)}>
        <Trans>更换后「{rotating?.name}」的旧密钥立即失效，边缘盒子须配置新密钥后才能继续上报告警。确定更换吗？</Trans>
      </ConfirmDialog>
      {manages && <ThresholdDialog orgId={orgApp?.orgId} open={thresholdOpen} onClose={() => setThresholdOpen(false)} />}
      <ConfirmDialog open={removing !== null} title={<Trans>删除摄像头</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除摄像头「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </>
  );
}
