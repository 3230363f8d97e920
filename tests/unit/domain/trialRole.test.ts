import { describe, expect, it } from 'vitest';
import { grantsTrialRole, isTrialRoleCode, trialRoleFor, type TrialCandidateRole } from '../../../domain/trialRole.ts';

let seq = 0;
const role = (code: string, more: Partial<TrialCandidateRole> = {}): TrialCandidateRole => {
  seq += 1;
  return { roleId: `r${seq}`, name: `role${seq}`, code, enable: true, sort: seq, powers: 0, menuEntries: 3, ...more };
};
const fresh = { rolesHeldInOrg: 0 };

describe('the trial applicant\'s role (domain/trialRole.ts)', () => {
  const purchaser = role('1', { powers: 3, menuEntries: 15 });
  const supplier = role('2', { powers: 3, menuEntries: 16 });
  const delivery = role('3', { powers: 0, menuEntries: 4 });
  const salesman = role('6', { powers: 2, menuEntries: 2 });
  const provider = role('999', { name: 'system_provider', powers: 0, menuEntries: 1 });
  const admin = role('admin', { name: 'admin_school', powers: 0, menuEntries: 1 });
  const userAdmin = role('useradmin', { powers: 1, menuEntries: 3 });
  const org = [purchaser, supplier, delivery, salesman, provider, admin, userAdmin];

  it('gives the role of the §1 code he applies as', () => {
    expect(trialRoleFor('1', org, fresh)?.roleId).toBe(purchaser.roleId);
    expect(trialRoleFor('2', org, fresh)?.roleId).toBe(supplier.roleId);
    expect(trialRoleFor('6', org, fresh)?.roleId).toBe(salesman.roleId);
  });

  it('several roles of the code: the first by sort; a disabled one is never given', () => {
    const second = role('1', { sort: 0 });
    expect(trialRoleFor('1', [purchaser, second], fresh)?.roleId).toBe(second.roleId);
    expect(trialRoleFor('1', [{ ...purchaser, enable: false }, delivery], fresh)?.roleId).toBe(delivery.roleId);
  });

  it('no identity, an unknown one, or one the org has no role for: the most limited read role', () => {
    expect(trialRoleFor(undefined, org, fresh)?.roleId).toBe(delivery.roleId);
    expect(trialRoleFor('7', org, fresh)?.roleId).toBe(delivery.roleId);
    // no dietitian (5) in this org
    expect(trialRoleFor('5', org, fresh)?.roleId).toBe(delivery.roleId);
    // fewest powers first, then fewest menu entries
    const reader = role('4', { powers: 0, menuEntries: 2 });
    expect(trialRoleFor(undefined, [...org, reader], fresh)?.roleId).toBe(reader.roleId);
    // a role that shows nothing is the last choice
    const empty = role('4', { powers: 0, menuEntries: 0 });
    expect(trialRoleFor(undefined, [salesman, empty], fresh)?.roleId).toBe(salesman.roleId);
    expect(trialRoleFor(undefined, [empty], fresh)?.roleId).toBe(empty.roleId);
  });

  it('never a system provider, admin, manage admin, user admin or #roleManage role, even when asked for', () => {
    for (const code of ['999', 'admin', 'useradmin', '1#roleManage']) expect(trialRoleFor(code, [provider, admin, userAdmin], fresh)).toBeNull();
    const namedAdmin = role('1', { name: 'admin_trial' });
    const manageAdmin = role('1', { name: 'manage_admin_trial' });
    expect(trialRoleFor('1', [namedAdmin, manageAdmin], fresh)).toBeNull();
    expect(isTrialRoleCode('999')).toBe(false);
    expect(isTrialRoleCode('3')).toBe(true);
  });

  it('nothing for someone who holds a role in the org already, or in an org with no business role', () => {
    expect(trialRoleFor('1', org, { rolesHeldInOrg: 1 })).toBeNull();
    expect(trialRoleFor('1', [], fresh)).toBeNull();
  });

  it('only trial and experience orgs grant it', () => {
    expect(grantsTrialRole({ kind: 'trial' })).toBe(true);
    // the kind the platform set, never a config flag an org admin writes (issue 27)
    for (const kind of ['platform', 'school', 'supplier', 'delivery', 'bureau']) expect(grantsTrialRole({ kind })).toBe(false);
  });
});
