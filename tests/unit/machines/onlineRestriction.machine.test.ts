import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { onlineRestrictionMachine } from '../../../machines/onlineRestriction.machine.ts';
import type { OnlineRule } from '../../../domain/types.ts';

const officeHours: OnlineRule = {
  enable: true,
  type: 'time',
  datetime: ['08:00', '18:00'],
  msg: '请在工作时间使用',
  title: '暂不可用',
};
const user = [{ name: 'purchaser', code: '1' }];
const admin = [{ name: 'admin_system', code: '1' }];
const wednesday = (time: string) => ({ date: '2025-03-05', time, weekday: 3 });

describe('onlineRestrictionMachine (§4, §6)', () => {
  it('allows inside the configured hours', () => {
    const actor = createActor(onlineRestrictionMachine).start();
    expect(actor.getSnapshot().value).toBe('unchecked');
    actor.send({ type: 'CHECK', rule: officeHours, now: wednesday('09:30'), holidays: [], roles: user, path: '/orderList' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.path).toBe('/orderList');
  });

  it('blocks outside the hours with the configured message and title', () => {
    const actor = createActor(onlineRestrictionMachine).start();
    actor.send({ type: 'CHECK', rule: officeHours, now: wednesday('19:00'), holidays: [], roles: user });
    expect(actor.getSnapshot().value).toBe('blocked');
    expect(actor.getSnapshot().context).toMatchObject({ msg: '请在工作时间使用', title: '暂不可用' });
  });

  it('lets admins through at any time', () => {
    const actor = createActor(onlineRestrictionMachine).start();
    actor.send({ type: 'CHECK', rule: officeHours, now: wednesday('23:00'), holidays: [], roles: admin });
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('blocks on a holiday when model is 2, and clears the message once allowed again', () => {
    const actor = createActor(onlineRestrictionMachine).start();
    const rule: OnlineRule = { ...officeHours, model: 2 };
    actor.send({ type: 'CHECK', rule, now: wednesday('10:00'), holidays: [{ date: '2025-03-05', type: 1 }], roles: user });
    expect(actor.getSnapshot().value).toBe('blocked');
    actor.send({ type: 'CHECK', rule, now: wednesday('10:00'), holidays: [], roles: user });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context).toMatchObject({ msg: '', title: '' });
  });

  it('allows modules without a rule', () => {
    const actor = createActor(onlineRestrictionMachine).start();
    actor.send({ type: 'CHECK', now: wednesday('03:00'), holidays: [], roles: user });
    expect(actor.getSnapshot().value).toBe('allowed');
  });
});
