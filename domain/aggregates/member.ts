// §3 product members, member groups and the member config (levels). One stream per member
// (`productMember-<org>-<user>`), per group (`memberGroup-<id>`) and per org's config (`memberConfig-<org>`).
// Facts other aggregates hold (is the phone another member's, does the group exist, which levels the config
// has, which levels members use) come in the command, looked up by the handler in the same transaction.
import { sameJson, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { isValidPhone } from '../phone.ts';
import { defaultMemberConfig, defaultMemberGroup, defaultLevelOf, memberLevelProblem, sortLevels, MEMBER_PARAM_ERROR, type MemberConfig } from '../members.ts';

export interface MemberGroupCreated { groupId: string; name: string; sort: number; isDefault: boolean }
export type MemberGroupUpdated = { groupId: string } & Partial<Pick<MemberGroupCreated, 'name' | 'sort'>>;
/** the group's members move to `movedTo` (the default group) */
export interface MemberGroupDeleted { groupId: string; movedTo: string }
export interface MemberAdded { userId: string; name: string; phoneNumber: string; groupId: string; config: Record<string, unknown> }
export type MemberUpdated = { userId: string } & Partial<Omit<MemberAdded, 'userId'>>;
export interface MemberMovedToGroup { userId: string; groupId: string }
export interface MemberRemoved { userId: string }
export interface MemberConfigSet { config: MemberConfig }

export const MEMBER_TEXT = {
  param: MEMBER_PARAM_ERROR,
  memberMissing: (id: string) => `会员不存在：${id}`,
  groupMissing: (id: string) => `会员分组不存在：${id}`,
  memberExists: '该会员已存在',
  notOrgUser: '该用户不是本机构的成员',
  phone: '手机号格式不正确',
  nameRequired: '请填写会员姓名',
  levelMissing: (id: string) => `会员等级不存在：${id}`,
  defaultGroup: '默认分组不能删除',
  groupNameRequired: '请填写会员分组名称',
  groupNameTaken: (n: string) => `会员分组名称已存在：${n}`,
  groupExists: '会员分组已存在',
  levelInUse: (id: string) => `会员等级仍有会员使用：${id}`,
} as const;

/** §3 the default group of an org: one id per org, so two first uses at once meet on one stream. */
export const defaultGroupId = (orgId: string) => `ordinary-${orgId}`;

// ---- members

export type MemberEvent =
  | DomainEvent<'MemberAdded', MemberAdded>
  | DomainEvent<'MemberUpdated', MemberUpdated>
  | DomainEvent<'MemberMovedToGroup', MemberMovedToGroup>
  | DomainEvent<'MemberRemoved', MemberRemoved>;

export type MemberCommand =
  | {
    type: 'AddMember';
    /** the org user's id, or a new one for a person added by name and phone */
    userId: string;
    /** as sent */
    name?: string;
    phoneNumber?: string;
    /** added by user id: that org user (its name and username fill what was not sent), null when the id names none; absent: a person by name and phone */
    orgUser?: { name: string; username: string } | null;
    groupId: string;
    groupExists: boolean;
    config?: Record<string, unknown>;
    /** the level ids of the org's member config, in order: the first is a new member's */
    levels: string[];
    /** another member of the org has the phone the member gets */
    phoneTaken: boolean;
  }
  | {
    type: 'UpdateMember'; userId: string; name?: string; phoneNumber?: string; groupId?: string; config?: Record<string, unknown>;
    /** another member of the org has the phone sent */
    phoneTaken: boolean;
    /** the group sent exists in the org */
    groupExists: boolean;
    levels: string[];
  }
  | { type: 'MoveMember'; userId: string; groupId: string; groupExists: boolean }
  | { type: 'RemoveMember'; userId: string };

/** The member as it stands (null: not a member, or removed). */
export interface MemberState { member: MemberAdded | null }

function levelRefusal(config: Record<string, unknown> | undefined, levels: readonly string[]) {
  const level = config?.level;
  if (level === undefined) return null;
  if (typeof level !== 'string' || !levels.includes(level)) return refuse('unprocessable', MEMBER_TEXT.levelMissing(String(level)));
  return null;
}


export const memberDecider: Decider<MemberCommand, MemberState, MemberEvent> = {
  initialState: () => ({ member: null }),

  decide(command, state) {
    switch (command.type) {
      case 'AddMember': {
        const phone = command.phoneNumber?.trim() ?? '';
        if (phone && !isValidPhone(phone)) return refuse('invalid', MEMBER_TEXT.phone);
        if (command.orgUser === null) return refuse('notFound', MEMBER_TEXT.notOrgUser);
        if (!command.orgUser) {
          if (!phone) return refuse('invalid', MEMBER_TEXT.phone);
          if (!command.name?.trim()) return refuse('invalid', MEMBER_TEXT.nameRequired);
        }
        if (state.member || command.phoneTaken) return refuse('conflict', MEMBER_TEXT.memberExists);
        if (!command.groupExists) return refuse('notFound', MEMBER_TEXT.groupMissing(command.groupId));
        const bad = levelRefusal(command.config, command.levels);
        if (bad) return bad;
        const level = (command.config?.level as string | undefined) ?? command.levels[0] ?? defaultLevelOf(null);
        return [{
          type: 'MemberAdded',
          data: {
            userId: command.userId, name: command.name?.trim() || command.orgUser!.name, phoneNumber: phone || command.orgUser!.username,
            groupId: command.groupId, config: { ...(command.config ?? {}), level },
          },
        }];
      }
      case 'UpdateMember': {
        const m = state.member;
        if (!m) return refuse('notFound', MEMBER_TEXT.memberMissing(command.userId));
        const change: MemberUpdated = { userId: m.userId };
        if (command.name !== undefined) {
          const name = command.name.trim();
          if (!name) return refuse('invalid', MEMBER_TEXT.nameRequired);
          if (name !== m.name) change.name = name;
        }
        const phone = command.phoneNumber?.trim();
        if (phone !== undefined && phone !== m.phoneNumber) {
          if (!isValidPhone(phone)) return refuse('invalid', MEMBER_TEXT.phone);
          if (command.phoneTaken) return refuse('conflict', MEMBER_TEXT.memberExists);
          change.phoneNumber = phone;
        }
        if (command.groupId !== undefined && command.groupId !== m.groupId) {
          if (!command.groupExists) return refuse('notFound', MEMBER_TEXT.groupMissing(command.groupId));
          change.groupId = command.groupId;
        }
        if (command.config !== undefined) {
          const bad = levelRefusal(command.config, command.levels);
          if (bad) return bad;
          const config = { ...m.config, ...command.config };
          if (!sameJson(config, m.config)) change.config = config;
        }
        // nothing differs: nothing to record
        return Object.keys(change).length > 1 ? [{ type: 'MemberUpdated', data: change }] : [];
      }
      case 'MoveMember':
        if (!command.groupExists) return refuse('notFound', MEMBER_TEXT.groupMissing(command.groupId));
        if (!state.member) return refuse('notFound', MEMBER_TEXT.memberMissing(command.userId));
        if (state.member.groupId === command.groupId) return [];
        return [{ type: 'MemberMovedToGroup', data: { userId: command.userId, groupId: command.groupId } }];
      case 'RemoveMember':
        if (!state.member) return refuse('notFound', MEMBER_TEXT.memberMissing(command.userId));
        return [{ type: 'MemberRemoved', data: { userId: command.userId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MemberAdded':
        return { member: event.data };
      case 'MemberUpdated': {
        if (!state.member) return state;
        return { member: withChanges(state.member, event.data) };
      }
      case 'MemberMovedToGroup':
        return state.member ? { member: { ...state.member, groupId: event.data.groupId } } : state;
      case 'MemberRemoved':
        return { member: null };
    }
  },
};

// ---- member groups

export type MemberGroupEvent =
  | DomainEvent<'MemberGroupCreated', MemberGroupCreated>
  | DomainEvent<'MemberGroupUpdated', MemberGroupUpdated>
  | DomainEvent<'MemberGroupDeleted', MemberGroupDeleted>;

export type MemberGroupCommand =
  /** nameTaken: another group of the org has this name */
  | { type: 'CreateGroup'; groupId: string; name: string; sort: number; nameTaken: boolean }
  /** the org's default group, made the first time anything needs it; nothing when it exists */
  | { type: 'EnsureDefaultGroup'; groupId: string }
  | { type: 'UpdateGroup'; groupId: string; name?: string; sort?: number; nameTaken: boolean }
  /** movedTo: the default group, which takes the members */
  | { type: 'DeleteGroup'; groupId: string; movedTo: string };

export interface MemberGroupState { status: 'none' | 'live' | 'deleted'; name: string; sort: number; isDefault: boolean }

export const memberGroupDecider: Decider<MemberGroupCommand, MemberGroupState, MemberGroupEvent> = {
  initialState: () => ({ status: 'none', name: '', sort: 0, isDefault: false }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateGroup': {
        if (state.status !== 'none') return refuse('conflict', MEMBER_TEXT.groupExists);
        const name = command.name.trim();
        if (!name) return refuse('invalid', MEMBER_TEXT.groupNameRequired);
        if (command.nameTaken) return refuse('conflict', MEMBER_TEXT.groupNameTaken(name));
        return [{ type: 'MemberGroupCreated', data: { groupId: command.groupId, name, sort: command.sort, isDefault: false } }];
      }
      case 'EnsureDefaultGroup':
        if (state.status === 'live') return [];
        return [{ type: 'MemberGroupCreated', data: { groupId: command.groupId, ...defaultMemberGroup(), isDefault: true } }];
      case 'UpdateGroup': {
        if (state.status !== 'live') return refuse('notFound', MEMBER_TEXT.groupMissing(command.groupId));
        const name = command.name?.trim();
        if (name !== undefined && !name) return refuse('invalid', MEMBER_TEXT.groupNameRequired);
        const change: MemberGroupUpdated = {
          groupId: command.groupId,
          ...(name !== undefined && name !== state.name && { name }),
          ...(command.sort !== undefined && command.sort !== state.sort && { sort: command.sort }),
        };
        if (change.name && command.nameTaken) return refuse('conflict', MEMBER_TEXT.groupNameTaken(change.name));
        return Object.keys(change).length > 1 ? [{ type: 'MemberGroupUpdated', data: change }] : [];
      }
      case 'DeleteGroup':
        if (state.status !== 'live') return refuse('notFound', MEMBER_TEXT.groupMissing(command.groupId));
        if (state.isDefault) return refuse('unprocessable', MEMBER_TEXT.defaultGroup);
        return [{ type: 'MemberGroupDeleted', data: { groupId: command.groupId, movedTo: command.movedTo } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MemberGroupCreated':
        return { status: 'live', name: event.data.name, sort: event.data.sort, isDefault: event.data.isDefault };
      case 'MemberGroupUpdated':
        return { ...state, name: event.data.name ?? state.name, sort: event.data.sort ?? state.sort };
      case 'MemberGroupDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};

// ---- member config (levels)

export type MemberConfigEvent = DomainEvent<'MemberConfigSet', MemberConfigSet>;

export interface SetMemberConfig {
  type: 'SetMemberConfig';
  /** true: the fields sent replace theirs; false: the config sent replaces the whole (levels default to LV1) */
  merge: boolean;
  memberLevel?: { id: string; name: string; sort?: number }[];
  /** the other fields sent */
  rest: Record<string, unknown>;
  /** the levels members of the org have now */
  levelsInUse: string[];
}

/** The config as stored (null: never set). */
export interface MemberConfigState { config: MemberConfig | null }

/** The config as read: levels in order; LV1 alone while none are set. */
export function memberConfigOf(config: MemberConfig | null | undefined): MemberConfig {
  return config?.memberLevel?.length ? { ...config, memberLevel: sortLevels(config.memberLevel) } : defaultMemberConfig();
}

export const memberConfigDecider: Decider<SetMemberConfig, MemberConfigState, MemberConfigEvent> = {
  initialState: () => ({ config: null }),
  decide(command, state) {
    const current = memberConfigOf(state.config);
    const levels = command.memberLevel?.map((l, i) => ({ id: l.id.trim(), name: l.name.trim(), sort: l.sort ?? i + 1 }));
    const next: MemberConfig = command.merge
      ? { ...current, ...command.rest, memberLevel: levels ?? current.memberLevel }
      : { ...command.rest, memberLevel: levels ?? defaultMemberConfig().memberLevel };
    const problem = memberLevelProblem(next.memberLevel);
    if (problem) return refuse('invalid', problem);
    const dropped = command.levelsInUse.find((l) => l && !next.memberLevel.some((x) => x.id === l));
    if (dropped) return refuse('unprocessable', MEMBER_TEXT.levelInUse(dropped));
    next.memberLevel = sortLevels(next.memberLevel);
    // the same config again records nothing
    if (sameJson(next, state.config)) return [];
    return [{ type: 'MemberConfigSet', data: { config: next } }];
  },
  evolve: (_state, event) => ({ config: event.data.config }),
};
