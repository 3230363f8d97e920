import { describe, expect, it } from 'vitest';
import {
  memberConfigDecider, memberDecider, memberGroupDecider, memberConfigOf, type MemberCommand, type MemberConfigEvent, type MemberEvent, type MemberGroupEvent,
} from '../../../../domain/aggregates/member.ts';
import { given } from '../../../support/decider.ts';

const added: MemberEvent = { type: 'MemberAdded', data: { userId: 'pm-1', name: '会员甲', phoneNumber: '13966660001', groupId: 'g0', config: { level: 'LV1' } } };
const add = {
  type: 'AddMember', userId: 'pm-1', name: ' 会员甲 ', phoneNumber: ' 13966660001 ', groupId: 'g0', groupExists: true, levels: ['LV1', 'LV2'], phoneTaken: false,
} as const satisfies MemberCommand;
const update = { type: 'UpdateMember', userId: 'pm-1', phoneTaken: false, groupExists: true, levels: ['LV1', 'LV2'] } as const satisfies MemberCommand;

describe('member decider', () => {
  it('adds a person by name and phone at the first level, trimmed', () => {
    given(memberDecider).when(add).then([added]);
    given(memberDecider).when({ ...add, config: { level: 'LV2', note: 'x' } })
      .then([{ type: 'MemberAdded', data: { ...added.data, config: { level: 'LV2', note: 'x' } } } as MemberEvent]);
  });
  it("adds an org user by id, its name and username filling what was not sent", () => {
    given(memberDecider).when({ ...add, userId: 'u1', name: undefined, phoneNumber: undefined, orgUser: { name: '吴静', username: '13800000001' } })
      .then([{ type: 'MemberAdded', data: { userId: 'u1', name: '吴静', phoneNumber: '13800000001', groupId: 'g0', config: { level: 'LV1' } } }]);
  });
  it('refuses a bad or missing phone, a missing name, an id that is no org user, a member or phone already there', () => {
    given(memberDecider).when({ ...add, phoneNumber: '12345' }).thenRefused('invalid', '手机号格式不正确');
    given(memberDecider).when({ ...add, phoneNumber: undefined }).thenRefused('invalid', '手机号格式不正确');
    given(memberDecider).when({ ...add, name: '  ' }).thenRefused('invalid', '请填写会员姓名');
    given(memberDecider).when({ ...add, orgUser: null }).thenRefused('notFound', '该用户不是本机构的成员');
    given(memberDecider).when({ ...add, phoneTaken: true }).thenRefused('conflict', '该会员已存在');
    given(memberDecider, [added]).when(add).thenRefused('conflict', '该会员已存在');
  });
  it('refuses a group that does not exist and a level the config lacks', () => {
    given(memberDecider).when({ ...add, groupId: 'nope', groupExists: false }).thenRefused('notFound', '会员分组不存在：nope');
    given(memberDecider).when({ ...add, config: { level: 'LV9' } }).thenRefused('unprocessable', '会员等级不存在：LV9');
  });
  it('adds again a member that was removed', () => {
    given(memberDecider, [added, { type: 'MemberRemoved', data: { userId: 'pm-1' } }]).when(add).then([added]);
  });
  it('records only the fields that change; the config sent is merged into the one there', () => {
    given(memberDecider, [added]).when({ ...update, name: '会员甲', phoneNumber: '13966660001', groupId: 'g0', config: { level: 'LV1' } }).then([]);
    given(memberDecider, [added]).when({ ...update, name: ' 会员甲改 ', config: { level: 'LV2' } })
      .then([{ type: 'MemberUpdated', data: { userId: 'pm-1', name: '会员甲改', config: { level: 'LV2' } } }]);
    given(memberDecider, [added]).when({ ...update, phoneNumber: '13966660009', groupId: 'g1' })
      .then([{ type: 'MemberUpdated', data: { userId: 'pm-1', phoneNumber: '13966660009', groupId: 'g1' } }]);
  });
  it('refuses an edit of a missing member, a blank name, a bad or taken phone, a missing group or level', () => {
    given(memberDecider).when({ ...update, name: 'x' }).thenRefused('notFound', '会员不存在：pm-1');
    given(memberDecider, [added]).when({ ...update, name: ' ' }).thenRefused('invalid', '请填写会员姓名');
    given(memberDecider, [added]).when({ ...update, phoneNumber: '123' }).thenRefused('invalid', '手机号格式不正确');
    given(memberDecider, [added]).when({ ...update, phoneNumber: '13966660009', phoneTaken: true }).thenRefused('conflict');
    given(memberDecider, [added]).when({ ...update, groupId: 'g9', groupExists: false }).thenRefused('notFound', '会员分组不存在：g9');
    given(memberDecider, [added]).when({ ...update, config: { level: 'LV9' } }).thenRefused('unprocessable');
  });
  it('moves a member to another group once; a missing group or member is refused', () => {
    const moved: MemberEvent = { type: 'MemberMovedToGroup', data: { userId: 'pm-1', groupId: 'g1' } };
    given(memberDecider, [added]).when({ type: 'MoveMember', userId: 'pm-1', groupId: 'g1', groupExists: true }).then([moved]);
    given(memberDecider, [added, moved]).when({ type: 'MoveMember', userId: 'pm-1', groupId: 'g1', groupExists: true }).then([]);
    given(memberDecider, [added]).when({ type: 'MoveMember', userId: 'pm-1', groupId: 'g9', groupExists: false }).thenRefused('notFound', '会员分组不存在：g9');
    given(memberDecider).when({ type: 'MoveMember', userId: 'pm-1', groupId: 'g1', groupExists: true }).thenRefused('notFound', '会员不存在：pm-1');
  });
  it('removes a member, and refuses to remove one not there', () => {
    const removed: MemberEvent = { type: 'MemberRemoved', data: { userId: 'pm-1' } };
    given(memberDecider, [added]).when({ type: 'RemoveMember', userId: 'pm-1' }).then([removed]);
    given(memberDecider, [added, removed]).when({ type: 'RemoveMember', userId: 'pm-1' }).thenRefused('notFound');
  });
});

describe('member group decider', () => {
  const created: MemberGroupEvent = { type: 'MemberGroupCreated', data: { groupId: 'g1', name: '金卡会员', sort: 2, isDefault: false } };
  const dflt: MemberGroupEvent = { type: 'MemberGroupCreated', data: { groupId: 'ordinary-o1', name: 'ordinary member', sort: 1, isDefault: true } };
  it('creates a group with its name trimmed; refuses a taken name and a second create', () => {
    given(memberGroupDecider).when({ type: 'CreateGroup', groupId: 'g1', name: ' 金卡会员 ', sort: 2, nameTaken: false }).then([created]);
    given(memberGroupDecider).when({ type: 'CreateGroup', groupId: 'g1', name: '金卡会员', sort: 2, nameTaken: true }).thenRefused('conflict', '会员分组名称已存在：金卡会员');
    given(memberGroupDecider).when({ type: 'CreateGroup', groupId: 'g1', name: ' ', sort: 2, nameTaken: false }).thenRefused('invalid');
    given(memberGroupDecider, [created]).when({ type: 'CreateGroup', groupId: 'g1', name: 'x', sort: 2, nameTaken: false }).thenRefused('conflict');
  });
  it("makes the default group ('ordinary member', sort 1) once", () => {
    given(memberGroupDecider).when({ type: 'EnsureDefaultGroup', groupId: 'ordinary-o1' }).then([dflt]);
    given(memberGroupDecider, [dflt]).when({ type: 'EnsureDefaultGroup', groupId: 'ordinary-o1' }).then([]);
  });
  it('renames and re-sorts, recording only what changes; a taken new name is refused', () => {
    given(memberGroupDecider, [created]).when({ type: 'UpdateGroup', groupId: 'g1', name: '钻石会员', sort: 2, nameTaken: false })
      .then([{ type: 'MemberGroupUpdated', data: { groupId: 'g1', name: '钻石会员' } }]);
    given(memberGroupDecider, [created]).when({ type: 'UpdateGroup', groupId: 'g1', name: ' 金卡会员 ', nameTaken: true }).then([]);
    given(memberGroupDecider, [created]).when({ type: 'UpdateGroup', groupId: 'g1', name: '钻石会员', nameTaken: true }).thenRefused('conflict');
    given(memberGroupDecider).when({ type: 'UpdateGroup', groupId: 'g1', sort: 3, nameTaken: false }).thenRefused('notFound', '会员分组不存在：g1');
  });
  it('deletes a group into the default one; the default group cannot be deleted', () => {
    const deleted: MemberGroupEvent = { type: 'MemberGroupDeleted', data: { groupId: 'g1', movedTo: 'ordinary-o1' } };
    given(memberGroupDecider, [created]).when({ type: 'DeleteGroup', groupId: 'g1', movedTo: 'ordinary-o1' }).then([deleted]);
    given(memberGroupDecider, [created, deleted]).when({ type: 'DeleteGroup', groupId: 'g1', movedTo: 'ordinary-o1' }).thenRefused('notFound');
    given(memberGroupDecider, [dflt]).when({ type: 'DeleteGroup', groupId: 'ordinary-o1', movedTo: 'ordinary-o1' }).thenRefused('unprocessable', '默认分组不能删除');
  });
});

describe('member config decider', () => {
  const set = (memberLevel: { id: string; name: string; sort?: number }[] | undefined, merge = true, levelsInUse: string[] = []) =>
    ({ type: 'SetMemberConfig', merge, memberLevel, rest: {}, levelsInUse }) as const;
  const two: MemberConfigEvent = { type: 'MemberConfigSet', data: { config: { memberLevel: [{ id: 'LV1', name: '普通', sort: 1 }, { id: 'LV2', name: '白银', sort: 2 }] } } };
  it('reads LV1 alone until set', () => {
    expect(memberConfigOf(null)).toEqual({ memberLevel: [{ id: 'LV1', name: 'LV1', sort: 1 }] });
  });
  it('sets levels in order, their sort defaulting to their place; the same config again records nothing', () => {
    given(memberConfigDecider).when(set([{ id: 'LV2', name: '白银', sort: 2 }, { id: ' LV1 ', name: '普通', sort: 1 }])).then([two]);
    given(memberConfigDecider).when(set([{ id: 'A', name: 'a' }, { id: 'B', name: 'b' }]))
      .then([{ type: 'MemberConfigSet', data: { config: { memberLevel: [{ id: 'A', name: 'a', sort: 1 }, { id: 'B', name: 'b', sort: 2 }] } } }]);
    given(memberConfigDecider, [two]).when(set(two.data.config.memberLevel)).then([]);
  });
  it('replacing without levels goes back to LV1; merging keeps them', () => {
    given(memberConfigDecider, [two]).when(set(undefined, false)).then([{ type: 'MemberConfigSet', data: { config: { memberLevel: [{ id: 'LV1', name: 'LV1', sort: 1 }] } } }]);
    given(memberConfigDecider, [two]).when({ ...set(undefined), rest: { title: 'x' } }).then([{ type: 'MemberConfigSet', data: { config: { ...two.data.config, title: 'x' } } as never }]);
  });
  it('refuses an empty or duplicate list and dropping a level members use', () => {
    given(memberConfigDecider).when(set([])).thenRefused('invalid', '会员等级不能为空');
    given(memberConfigDecider).when(set([{ id: 'A', name: 'a' }, { id: 'A', name: 'b' }])).thenRefused('invalid', /重复/);
    given(memberConfigDecider, [two]).when(set([{ id: 'LV1', name: '普通' }], false, ['LV1', 'LV2'])).thenRefused('unprocessable', '会员等级仍有会员使用：LV2');
  });
});

describe('member config compared as stored', () => {
  it('a config whose keys come back in another order (jsonb) is the same config', () => {
    const stored: MemberEvent = { type: 'MemberAdded', data: { ...added.data, config: { note: 'x', level: 'LV1' } } };
    given(memberDecider, [stored]).when({ ...update, config: { level: 'LV1', note: 'x' } }).then([]);
  });
});
