// An org (stream `org-<orgId>` in that org): created by org init, then its name, type, partner, expiration and user
// limit as a system provider sets them (§7 PUT /v2/config/orgapp/org/{orgId}). Whether the partner exists and
// whether another org has the name are other aggregates' facts: the handler looks them up and passes them in.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { orgKindOf, type OrgKind } from '../orgKind.ts';

/** kind: what the org is (domain/orgKind.ts); absent on orgs created before kinds existed (orgKindOf reads the type) */
export interface OrgCreated { orgId: string; name: string; orgType: string; kind?: OrgKind; agentId: string | null; parentOrgId: string | null; area: string; expiration: string | null; userLimit: number | null }
export interface OrgRenamed { orgId: string; name: string }
/** expiration, user limit, type, agent or name of an org, as a system provider sets them */
export interface OrgSettingsSet { orgId: string; name?: string; orgType?: string; kind?: OrgKind; agentId?: string | null; expiration?: string | null; userLimit?: number | null }

export type OrgEvent = DomainEvent<'OrgCreated', OrgCreated> | DomainEvent<'OrgRenamed', OrgRenamed> | DomainEvent<'OrgSettingsSet', OrgSettingsSet>;

export type OrgCommand = {
  type: 'SetOrgSettings';
  /** only the fields sent; expiration as an ISO time or null (never), agentId null for none */
  settings: OrgSettingsSet;
  /** the agent sent exists */
  agentExists: boolean;
  /** another org has the name sent */
  nameTaken: boolean;
};

type Settings = Required<Omit<OrgSettingsSet, 'orgId'>>;
export interface OrgState { org: Settings | null }

export const ORG_TEXT = {
  notFound: '机构不存在',
  nameRequired: '参数错误：机构名称不能为空',
  agentMissing: (id: string) => `合作伙伴不存在：${id}`,
  nameTaken: (name: string) => `机构名称已存在：${name}`,
} as const;

const KEYS = ['name', 'orgType', 'kind', 'agentId', 'expiration', 'userLimit'] as const;

export const orgDecider: Decider<OrgCommand, OrgState, OrgEvent> = {
  initialState: () => ({ org: null }),

  decide(command, state) {
    const s = command.settings;
    const name = s.name?.trim();
    if (name !== undefined && !name) return refuse('invalid', ORG_TEXT.nameRequired);
    if (!state.org) return refuse('notFound', ORG_TEXT.notFound);
    const agentId = s.agentId === undefined ? undefined : s.agentId || null;
    if (agentId && !command.agentExists) return refuse('invalid', ORG_TEXT.agentMissing(agentId));
    if (name !== undefined && name !== state.org.name && command.nameTaken) return refuse('invalid', ORG_TEXT.nameTaken(name));
    const sent: Omit<OrgSettingsSet, 'orgId'> = { ...s, ...(name !== undefined && { name }), ...(agentId !== undefined && { agentId }) };
    const now = state.org;
    const changed = Object.fromEntries(KEYS.filter((k) => sent[k] !== undefined && sent[k] !== now[k]).map((k) => [k, sent[k]]));
    // nothing differs: nothing to record
    return Object.keys(changed).length ? [{ type: 'OrgSettingsSet', data: { orgId: s.orgId, ...changed } }] : [];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrgCreated': {
        const { name, orgType, agentId, expiration, userLimit } = event.data;
        return { org: { name, orgType, kind: orgKindOf(event.data), agentId, expiration, userLimit } };
      }
      case 'OrgRenamed':
        return state.org ? { org: { ...state.org, name: event.data.name } } : state;
      case 'OrgSettingsSet': {
        if (!state.org) return state;
        const defined = Object.fromEntries(KEYS.filter((k) => event.data[k] !== undefined).map((k) => [k, event.data[k]]));
        return { org: { ...state.org, ...defined } };
      }
    }
  },
};
