// Issue 34: the schools a fruit org serves (stream `fruitOrg-<orgId>`, in the fruit org), set by the platform. The
// handler says what kind each org named is (domain/orgKind.ts): only a fruit org serves, only schools are served.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { FRUIT_TEXT } from '../fruitMall.ts';
import type { OrgKind } from '../orgKind.ts';

export const fruitOrgStream = (orgId: string) => `fruitOrg-${orgId}`;

export interface FruitSchoolsSet { orgId: string; schoolOrgIds: string[]; at: string }
export type FruitOrgEvent = DomainEvent<'FruitSchoolsSet', FruitSchoolsSet>;

export type FruitOrgCommand = {
  type: 'SetFruitSchools'; orgId: string; at: string;
  /** the fruit org's kind (null: no such org) */
  kind: OrgKind | null;
  /** each org named, with its kind (null: no such org) */
  schools: { orgId: string; kind: OrgKind | null }[];
};

export interface FruitOrgState { schoolOrgIds: string[] }

export const fruitOrgDecider: Decider<FruitOrgCommand, FruitOrgState, FruitOrgEvent> = {
  initialState: () => ({ schoolOrgIds: [] }),
  decide(command, state) {
    if (command.kind === null) return refuse('notFound', FRUIT_TEXT.fruitOrgMissing);
    if (command.kind !== 'fruit') return refuse('unprocessable', FRUIT_TEXT.notFruitOrg);
    const bad = command.schools.find((s) => s.kind !== 'school');
    if (bad) return refuse('unprocessable', FRUIT_TEXT.notSchool(bad.orgId));
    const ids = [...new Set(command.schools.map((s) => s.orgId))].sort();
    if (JSON.stringify(ids) === JSON.stringify(state.schoolOrgIds)) return [];
    return [{ type: 'FruitSchoolsSet', data: { orgId: command.orgId, schoolOrgIds: ids, at: command.at } }];
  },
  evolve: (_state, event) => ({ schoolOrgIds: [...event.data.schoolOrgIds] }),
};
