import type { OrgApp, OrgType } from './types.ts';

export interface ChooserOptions {
  /** the agent of this console's domain; null outside agent mode */
  agentId: string | null;
  /**
   * §1 the agent whose id is given sees also experience and recipe-cycle-entrance orgs; other agents see
   * only their own. Defaults to true.
   */
  isPrimaryAgent?: boolean;
  /** §1 the two fixed orgs always removed from the chooser */
  excludedOrgIds: readonly string[];
}

// §1 agent mode restricts the organisations listed; two fixed orgs are always removed; §4 disabled dropped
export function chooserOrgApps(orgApps: readonly OrgApp[], opts: ChooserOptions): OrgApp[] {
  const { agentId, isPrimaryAgent = true } = opts;
  const excluded = new Set(opts.excludedOrgIds);
  return orgApps.filter((o) => {
    if (o.disabled || excluded.has(o.orgId)) return false;
    if (agentId === null) return true;
    if (o.agentId === agentId) return true;
    return isPrimaryAgent && (o.orgConfig?.isExperienceOrg === true || o.orgConfig?.mallRecipeCycleEntrance === true);
  });
}

const ORG_TYPES: readonly OrgType[] = ['project', 'product', 'trialVersion', 'preActivation', 'formal'];

// §1 org types: project, product, trialVersion, preActivation; default when unknown is formal
export function orgTypeLabelKey(orgType: string | null | undefined): OrgType {
  return ORG_TYPES.find((t) => t === orgType) ?? 'formal';
}

// §1 mall-supplier org: its edition role group matches a mallSupplierOrg category
export function isMallSupplierOrg(orgApp: Pick<OrgApp, 'orgConfig'>, mallSupplierCategoryIds: readonly string[]): boolean {
  const roleGroupId = orgApp.orgConfig?.appEdition?.roleGroupId;
  return roleGroupId != null && mallSupplierCategoryIds.includes(roleGroupId);
}

// §1 mall-supplier orgs are excluded from sub-organisation lists
export function subOrgList<O extends Pick<OrgApp, 'orgConfig'>>(orgApps: readonly O[], mallSupplierCategoryIds: readonly string[]): O[] {
  return orgApps.filter((o) => !isMallSupplierOrg(o, mallSupplierCategoryIds));
}
