// Device inspections (设备巡检, issue 33; §2 errorDevice): a fault of a kitchen camera, from a health check, from an AI
// alert or reported by hand, becomes a ticket the school's installer company repairs and the school verifies. The
// states, the actions each allows and who takes them, shared by the decider (domain/aggregates/inspection.ts), the
// statechart (machines/inspection.machine.ts), the server's read filters and the console:
//
//   opened ─assign→ assigned ─fix (note, photo)→ fixed ─verify→ verified
//                     ▲  └─assign (another company)        │
//                     └──────────────reopen (reason)───────┘
import type { Party } from './orgKind.ts';

export const INSPECTION_STATUSES = ['opened', 'assigned', 'fixed', 'verified'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_ACTIONS = ['assign', 'fix', 'verify', 'reopen'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

/** Where a ticket came from. */
export const INSPECTION_SOURCES = ['health', 'alert', 'manual'] as const;
export type InspectionSource = (typeof INSPECTION_SOURCES)[number];

/** Each action: the statuses it is allowed in and the status it leaves the ticket in. */
export const INSPECTION_TRANSITIONS: Readonly<Record<InspectionAction, { from: readonly InspectionStatus[]; to: InspectionStatus }>> = {
  // to another company too, while nobody has fixed it
  assign: { from: ['opened', 'assigned'], to: 'assigned' },
  fix: { from: ['assigned'], to: 'fixed' },
  verify: { from: ['fixed'], to: 'verified' },
  // not fixed after all: back to the company it was assigned to
  reopen: { from: ['fixed'], to: 'assigned' },
};

/** Who takes each action: the school assigns, verifies and reopens (the platform may assign too); the company fixes. */
export const INSPECTION_ACTORS: Readonly<Record<InspectionAction, readonly Party[]>> = {
  assign: ['school', 'platform'],
  fix: ['installer'],
  verify: ['school'],
  reopen: ['school'],
};

export const FINAL_INSPECTION_STATUSES: readonly InspectionStatus[] = ['verified'];
export const OPEN_INSPECTION_STATUSES: readonly InspectionStatus[] = ['opened', 'assigned', 'fixed'];

export const inspectionAllowedIn = (action: InspectionAction, status: InspectionStatus) => INSPECTION_TRANSITIONS[action].from.includes(status);

/** The actions a party may take on a ticket in `status` (the buttons; the server's rows carry them too). */
export function inspectionActionsFor(status: InspectionStatus, party: Party): InspectionAction[] {
  return INSPECTION_ACTIONS.filter((a) => inspectionAllowedIn(a, status) && INSPECTION_ACTORS[a].includes(party));
}

export const INSPECTION_LIMITS = { noteMax: 500, photoBytes: 512 * 1024 } as const;

/** Why an action's input cannot be sent as typed (checked by the machine before the round trip and by the decider), or null. */
export function inspectionInputProblem(action: InspectionAction, input: { note?: string; companyId?: string }): string | null {
  const note = input.note?.trim() ?? '';
  if (note.length > INSPECTION_LIMITS.noteMax) return INSPECTION_TEXT.noteTooLong;
  if (action === 'assign' && !input.companyId) return INSPECTION_TEXT.companyRequired;
  if (action === 'fix' && !note) return INSPECTION_TEXT.fixNoteRequired;
  if (action === 'reopen' && !note) return INSPECTION_TEXT.reopenReasonRequired;
  return null;
}

/** Whole hours since a ticket opened (the lists' age). */
export const ageHours = (openedAt: string, now: number) => Math.max(0, Math.floor((now - Date.parse(openedAt)) / 3_600_000));

export const INSPECTION_ACTION_NAMES: Readonly<Record<InspectionAction | 'open', string>> = {
  open: '报修', assign: '派单', fix: '维修', verify: '验收', reopen: '退回重修',
};
export const INSPECTION_STATUS_NAMES: Readonly<Record<InspectionStatus, string>> = {
  opened: '待派单', assigned: '维修中', fixed: '待验收', verified: '已验收',
};

export const INSPECTION_TEXT = {
  notFound: '巡检单不存在',
  notAllowed: (action: InspectionAction, status: InspectionStatus) => `巡检单${INSPECTION_STATUS_NAMES[status]}，不能${INSPECTION_ACTION_NAMES[action]}`,
  notYourAction: (action: InspectionAction) => `无权${INSPECTION_ACTION_NAMES[action]}该巡检单`,
  companyRequired: '参数错误：请选择安装公司',
  fixNoteRequired: '参数错误：请填写维修说明',
  reopenReasonRequired: '参数错误：请填写退回原因',
  noteTooLong: `参数错误：说明不超过 ${INSPECTION_LIMITS.noteMax} 个字`,
  photoTooLarge: `维修照片超过 ${INSPECTION_LIMITS.photoBytes / 1024} KB`,
  badPhoto: '参数错误：维修照片应为 JPEG、PNG 或 WebP 图片',
  descriptionRequired: '参数错误：请填写故障描述',
  alreadyOpen: '该设备已有未完成的巡检单',
} as const;
