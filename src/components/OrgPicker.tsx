// Pick orgs by name where a form once asked for org ids (issue 28 point 4): type part of a name, pick a match.
// Several (a route's schools: each picked one a dismissible tag) or one (the supplier to link). The matches are
// what the server lets the caller see; the ids stay behind the names.
import { useMemo, useState } from 'react';
import { Tag, TagGroup, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { pickableOrgsQuery, type OrgPickerKind, type PickableOrg } from '../../services/mall/orgPicker.ts';
import { SearchAddBox } from './SearchAddBox.tsx';

export interface OrgPickerProps {
  kind: OrgPickerKind;
  /** the caller's org, for the query key */
  orgId: string | undefined;
  /** the picked org ids */
  value: readonly string[];
  onChange: (orgIds: string[]) => void;
  /** one org: a pick replaces the previous one */
  single?: boolean;
  testId: string;
}

export function OrgPicker({ kind, orgId, value, onChange, single, testId }: OrgPickerProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  // the names of picked orgs: from the unfiltered list (up to its limit) and every match seen since
  const all = useQuery(pickableOrgsQuery(orgId, kind, ''));
  const matches = useQuery({ ...pickableOrgsQuery(orgId, kind, search), enabled: search.trim() !== '' });
  const [seen, setSeen] = useState<Record<string, string>>({});
  const names = useMemo(() => ({ ...Object.fromEntries((all.data?.rows ?? []).map((o) => [o.orgId, o.name])), ...seen }), [all.data, seen]);
  const rows = (search.trim() ? matches.data?.rows : all.data?.rows) ?? [];
  const add = (o: PickableOrg) => {
    setSeen((s) => ({ ...s, [o.orgId]: o.name }));
    setSearch('');
    onChange(single ? [o.orgId] : value.includes(o.orgId) ? [...value] : [...value, o.orgId]);
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS }}>
      <SearchAddBox<PickableOrg>
        search={search} onSearch={setSearch} rows={rows.filter((o) => !value.includes(o.orgId))} keyOf={(o) => o.orgId} textOf={(o) => o.name} labelOf={(o) => o.name}
        onAdd={add} placeholder={kind === 'routeSchools' || kind === 'companySchools' ? t`输入学校名称搜索` : kind === 'installerOrgs' ? t`输入安装公司名称搜索` : t`输入供应商名称搜索`} testId={`${testId}-search`}
      />
      {value.length > 0 && (
        <TagGroup data-testid={`${testId}-picked`} onDismiss={(_, d) => onChange(value.filter((id) => id !== d.value))} aria-label={t`已选择`}>
          {value.map((id) => (
            <Tag key={id} value={id} dismissible dismissIcon={{ 'aria-label': t`移除 ${names[id] ?? id}` }} data-testid={`${testId}-tag`}>{names[id] ?? id}</Tag>
          ))}
        </TagGroup>
      )}
    </div>
  );
}
