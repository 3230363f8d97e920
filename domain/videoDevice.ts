// Bright kitchens (明厨亮灶, issue 33; §2 videoDevice, §3 category group videoDeviceType, §7 video device orgs): the
// cameras a school registers in its kitchen, their health as the server's checks see it, and the AI alerts an edge
// box posts. The rules every side shares live here: the fields of a device, who reaches which devices, uptime, the
// signed alert's freshness window and the snapshot limit. The HMAC itself is the server's (node:crypto).
import type { Party } from './orgKind.ts';

/** §3 the category group of camera types (a school's categories name them: 球机, 枪机, 半球 …). */
export const VIDEO_DEVICE_TYPE_GROUP = 'videoDeviceType';

/** Kitchen areas a camera looks at (the regulations name these four; a school may type another). */
export const KITCHEN_AREAS = ['烹饪区', '洗消区', '备餐区', '储存区', '加工区', '留样区'] as const;

/** What the media server gives to play: HLS (.m3u8) everywhere; FLV or WebRTC where it offers them. */
export const PLAY_PROTOCOLS = ['hls', 'flv', 'webrtc'] as const;
export type PlayProtocol = (typeof PLAY_PROTOCOLS)[number];

export const DEVICE_LIMITS = {
  nameMax: 100,
  urlMax: 1000,
  areaMax: 50,
  /** cameras of one school */
  devicesPerOrg: 200,
  /** a snapshot's bytes once decoded (a JPEG of a 1080p frame is ~200 KB) */
  snapshotBytes: 512 * 1024,
  /** how far an alert's timestamp may be from the server's clock, either way */
  alertWindowMs: 5 * 60_000,
  /** minutes a device may stay offline before an inspection opens, by default and at most */
  offlineThresholdDefault: 10,
  offlineThresholdMax: 7 * 24 * 60,
  measureMax: 500,
  descriptionMax: 500,
} as const;

/** The fields of a device a school types. */
export interface VideoDeviceFields {
  name: string;
  /** a videoDeviceType category id; '' when none */
  typeId: string;
  area: string;
  playUrl: string;
  protocol: PlayProtocol;
  enabled: boolean;
  /** the installer company that looks after it; '' when none */
  companyId: string;
}

/** The protocol a play URL speaks, from its path (a .m3u8 is HLS, a .flv FLV, a webrtc:// or /rtc/ address WebRTC). */
export function protocolOf(url: string): PlayProtocol {
  const lower = url.toLowerCase();
  if (lower.startsWith('webrtc://') || lower.includes('/rtc/')) return 'webrtc';
  if (/\.flv(\?|$)/.test(lower)) return 'flv';
  return 'hls';
}

/**
 * The deployment's own demo stream (a few seconds of test pattern shipped in server/data/demoStream and served at this
 * path by the server itself): the demo's cameras play it from the console's own origin, so the live wall plays with
 * no MEDIA_ORIGINS and nothing is fetched from outside the deployment. The only play URL that is a bare path.
 */
export const DEMO_STREAM_PATH = '/demo-stream/';
const DEMO_PLAYLIST = /^\/demo-stream\/([A-Za-z0-9_-]{1,64}\.m3u8)$/;

/** The playlist file a play URL names under DEMO_STREAM_PATH ('index.m3u8'), or null when it is no such path. */
export function demoStreamPlaylist(url: string): string | null {
  return DEMO_PLAYLIST.exec(url)?.[1] ?? null;
}

/** Why a play URL is not one a browser can play from a media server (or the deployment's demo stream), or null. */
export function playUrlProblem(url: string): string | null {
  if (!url.trim()) return DEVICE_TEXT.urlRequired;
  if (url.length > DEVICE_LIMITS.urlMax) return DEVICE_TEXT.urlTooLong;
  // a path of this deployment: its demo stream only (nothing else on the console's origin is a camera)
  if (url.startsWith('/')) return demoStreamPlaylist(url) ? null : DEVICE_TEXT.badUrl;
  let parsed: URL;
  try { parsed = new URL(url); } catch { return DEVICE_TEXT.badUrl; }
  if (!['http:', 'https:', 'webrtc:'].includes(parsed.protocol)) return DEVICE_TEXT.badUrl;
  if (parsed.username || parsed.password) return DEVICE_TEXT.credentialsInUrl;
  return null;
}

/** Why device fields a client sent are not valid, or null (only the fields sent are checked). */
export function deviceProblem(d: Partial<VideoDeviceFields>): string | null {
  if (d.name !== undefined && (!d.name.trim() || d.name.length > DEVICE_LIMITS.nameMax)) return DEVICE_TEXT.badName;
  if (d.area !== undefined && d.area.length > DEVICE_LIMITS.areaMax) return DEVICE_TEXT.badArea;
  if (d.playUrl !== undefined) return playUrlProblem(d.playUrl);
  return null;
}

/** Who may see which devices: a school its own; a bureau its area's; an installer those it looks after; the platform all. */
export type DeviceReach = { all: true } | { orgIds: readonly string[] } | { companyOrgId: string } | null;

export function deviceReachOf(party: Party, own: { orgId: string; areaOrgIds: readonly string[] }): DeviceReach {
  switch (party) {
    case 'platform': return { all: true };
    case 'school': return { orgIds: [own.orgId] };
    case 'bureau': return { orgIds: own.areaOrgIds };
    case 'installer': return { companyOrgId: own.orgId };
    default: return null;
  }
}

/** Only a school registers and changes its cameras (the platform may look after any school's). */
export const mayManageDevices = (party: Party) => party === 'school' || party === 'platform';

// ── health ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface HealthState {
  /** null: never checked */
  online: boolean | null;
  /** when the current state began (ISO) */
  since: string | null;
  /** ms spent online / offline before `since` */
  onlineMs: number;
  offlineMs: number;
}

export const UNCHECKED: HealthState = Object.freeze({ online: null, since: null, onlineMs: 0, offlineMs: 0 });

/** The state after a check at `at` found the device online or not: null when nothing changed (no event). */
export function healthAfterCheck(state: HealthState, online: boolean, at: string): HealthState | null {
  if (state.online === online) return null;
  const spent = state.since ? Math.max(0, Date.parse(at) - Date.parse(state.since)) : 0;
  return {
    online, since: at,
    onlineMs: state.onlineMs + (state.online === true ? spent : 0),
    offlineMs: state.offlineMs + (state.online === false ? spent : 0),
  };
}

/** Share of checked time a device was online up to `now`, 0 … 1; null when never checked. */
export function uptimeOf(state: HealthState, now: number): number | null {
  if (state.online === null || !state.since) return null;
  const current = Math.max(0, now - Date.parse(state.since));
  const on = state.onlineMs + (state.online ? current : 0);
  const total = state.onlineMs + state.offlineMs + current;
  return total > 0 ? on / total : state.online ? 1 : 0;
}

/** Whether an offline device has been offline longer than the org's threshold (minutes) at `now`. */
export function offlineTooLong(state: HealthState, thresholdMinutes: number, now: number): boolean {
  return state.online === false && !!state.since && now - Date.parse(state.since) >= thresholdMinutes * 60_000;
}

// ── AI alerts ───────────────────────────────────────────────────────────────────────────────────────────────

/** What an edge box recognises in a kitchen. */
export const ALERT_TYPES = ['noHat', 'noMask', 'smoking', 'phone', 'rodent', 'unattendedFlame', 'noUniform'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_TYPE_NAMES: Readonly<Record<AlertType, string>> = {
  noHat: '未戴厨师帽', noMask: '未戴口罩', smoking: '吸烟', phone: '玩手机', rodent: '鼠患', unattendedFlame: '动火离人', noUniform: '未穿工作服',
};

/** The text an alert's signature covers: the timestamp the box sent and the exact body bytes. */
export const signedText = (timestamp: string, body: string) => `${timestamp}.${body}`;

/** Why an alert's timestamp (ms since epoch, as text) is refused at `now`, or null. */
export function alertTimeProblem(timestamp: string | undefined, now: number): string | null {
  if (!timestamp || !/^\d{10,15}$/.test(timestamp)) return DEVICE_TEXT.badSignature;
  return Math.abs(now - Number(timestamp)) > DEVICE_LIMITS.alertWindowMs ? DEVICE_TEXT.staleAlert : null;
}

/** Bytes of a base64 text once decoded (without decoding it). */
export function base64Bytes(b64: string): number {
  const clean = b64.replace(/\s/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}

/** Image types a snapshot may be. */
export const SNAPSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The daily counts of alerts as the bureau's chart reads them: one row per day × type × school. */
export interface AlertDayCount { day: string; type: AlertType; orgId: string; orgName: string; count: number }

/** Sums the rows per day and type (the chart's series), days ascending. */
export function countsByDayAndType(rows: readonly AlertDayCount[]): { day: string; counts: Partial<Record<AlertType, number>> }[] {
  const byDay = new Map<string, Partial<Record<AlertType, number>>>();
  for (const r of rows) {
    const day = byDay.get(r.day) ?? {};
    day[r.type] = (day[r.type] ?? 0) + r.count;
    byDay.set(r.day, day);
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, counts }));
}

/** The server's words (§8 style). */
export const DEVICE_TEXT = {
  notFound: '设备不存在',
  mayNotManage: '只有学校可以登记和修改本校的视频设备',
  mayNotSee: '无权查看视频设备',
  badName: `参数错误：设备名称不能为空，且不超过 ${DEVICE_LIMITS.nameMax} 个字`,
  badArea: `参数错误：区域不超过 ${DEVICE_LIMITS.areaMax} 个字`,
  urlRequired: '参数错误：请填写播放地址',
  urlTooLong: `参数错误：播放地址不超过 ${DEVICE_LIMITS.urlMax} 个字符`,
  badUrl: '参数错误：播放地址应为 http(s):// 或 webrtc:// 地址',
  credentialsInUrl: '参数错误：播放地址中不能包含用户名或密码',
  nameTaken: (name: string) => `本校已有名为「${name}」的设备`,
  tooMany: `每所学校最多登记 ${DEVICE_LIMITS.devicesPerOrg} 台设备`,
  unknownType: '参数错误：设备类型不存在',
  unknownCompany: '参数错误：安装公司不存在或不服务本校',
  badThreshold: `参数错误：离线阈值应为 0 到 ${DEVICE_LIMITS.offlineThresholdMax} 分钟`,
  badSignature: '签名无效',
  staleAlert: '告警时间超出允许范围（5 分钟），请校准设备时钟',
  replayed: '重复的告警请求，已拒绝',
  snapshotTooLarge: `抓拍图片超过 ${DEVICE_LIMITS.snapshotBytes / 1024} KB`,
  badSnapshot: '参数错误：抓拍图片应为 base64 编码的 JPEG、PNG 或 WebP',
  alertNotFound: '告警不存在',
  alertHandled: '该告警已处理',
  measureRequired: '参数错误：请填写处理措施',
  companyNotFound: '安装公司不存在',
  mayNotManageCompanies: '只有平台或教育局可以管理安装公司',
  companyOutsideArea: '只能登记服务本辖区的安装公司',
  companyOrgNotInstaller: '参数错误：所选机构不是安装公司类型的机构',
  companyOrgOutsideArea: '所选安装公司机构不在本辖区，不能登记',
  companySchoolOutsideArea: '所选服务学校须为本辖区的学校',
} as const;
