import type { ListResult } from '../domain/types.ts';
import type { InitTemplate, InitTemplateContent, OrgInitStep } from '../domain/orgInit.ts';
import type { UnitRow } from '../domain/unitImport.ts';
import { queryOptions } from '@tanstack/react-query';
import { get, post, put } from './http.ts';
import { PAGE } from '../domain/constants.ts';

export interface InitTemplateRow extends InitTemplate {
  summary: Record<OrgInitStep, number>;
  createdAt: string;
  updatedAt: string;
}

// §7 GET /v3/orgappinit/template ($select, $limit 1000)
export function fetchInitTemplates(params: { $select?: string; disabled?: boolean } = {}): Promise<ListResult<InitTemplateRow>> {
  return get<ListResult<InitTemplateRow>>('/v3/orgappinit/template', { $limit: PAGE.generic, ...params });
}

// §7 POST /v3/orgappinit/template
export function createInitTemplate(body: { name: string; disabled?: boolean; content: InitTemplateContent }): Promise<InitTemplateRow> {
  return post<InitTemplateRow>('/v3/orgappinit/template', body);
}

// §7 PUT /v3/orgappinit/template
export function updateInitTemplate(body: { id: string; name?: string; disabled?: boolean; content?: InitTemplateContent }): Promise<InitTemplateRow> {
  return put<InitTemplateRow>('/v3/orgappinit/template', body);
}

export interface OrgInitStepBody { orgId: string; orgName: string; appId: string; appName: string; name: string }

export interface CreateOrgBody {
  templateId: string;
  orgName: string;
  /** empty: a new app named appName */
  appId?: string;
  appName?: string;
  orgType?: string;
  /** domain/orgKind.ts: school, supplier … (absent: the kind its type gives) */
  kind?: string;
  agentId?: string | null;
  adminPhone: string;
  adminName?: string;
  expiration?: string | null;
  userLimit?: number | null;
}

export interface CreateOrgResult {
  orgId: string;
  orgName: string;
  appId: string;
  appName: string;
  adminUserId: string;
  events: number;
  steps: { step: OrgInitStep; label: string; events: number }[];
}

/** The seven steps in one command: all or nothing (POST /v3/orgappinit/create). */
export function createOrgFromTemplate(body: CreateOrgBody): Promise<CreateOrgResult> {
  return post<CreateOrgResult>('/v3/orgappinit/create', body);
}

/** Query keys: the live-update root 'initTemplates' (InitTemplate… events), then the caller's org. */
export const initTemplateKeys = {
  all: ['initTemplates'] as const,
  list: (orgId: string | undefined, scope: 'all' | 'enabled') => [...initTemplateKeys.all, orgId, scope] as const,
};

/** Every template with its content (the template screen). */
export const initTemplatesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: initTemplateKeys.list(orgId, 'all'),
  queryFn: () => fetchInitTemplates(),
  enabled: Boolean(orgId),
});
/** The enabled templates, names and step counts only (creating an org). */
export const enabledInitTemplatesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: initTemplateKeys.list(orgId, 'enabled'),
  queryFn: () => fetchInitTemplates({ disabled: false, $select: 'name,disabled,summary' }),
  enabled: Boolean(orgId),
});

// ---- uploadUnit (issue 35): schools from a sheet, each made as POST /v3/orgappinit/create makes one ----
export interface UnitImportResult { row: number; orgName: string; adminPhone: string; area: string; orgId?: string; error?: string }

export const importTemplates = () => get<ListResult<{ id: string; name: string }>>('/v3/orgappinit/import/template');
export const importArea = () => get<{ platform: boolean; area: string }>('/v3/orgappinit/import/area');
export const importUnits = (templateId: string, rows: UnitRow[]) => post<ListResult<UnitImportResult>>('/v3/orgappinit/import', { templateId, rows });

export const importTemplatesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: ['orgInit', orgId, 'importTemplates'] as const, queryFn: importTemplates, enabled: Boolean(orgId),
});
export const importAreaQuery = (orgId: string | undefined) => queryOptions({
  queryKey: ['orgInit', orgId, 'importArea'] as const, queryFn: importArea, enabled: Boolean(orgId),
});
