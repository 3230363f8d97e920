import { useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partyOf } from '../../../../domain/orgKind.ts';
import { companiesQuery, createCompany, updateCompany, type Company } from '../../../../services/devices.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { OrgPicker } from '../../../components/OrgPicker.tsx';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../../meal/shared/DataTable.tsx';
import { errorText } from '../../meal/shared/errors.ts';
import { useOrgQueryKey } from '../../meal/shared/useOrgQueryKey.ts';

const useStyles = makeStyles({ form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM } });

interface Draft { company?: Company; companyOrgId: string; name: string; contact: string; phone: string; serviceArea: string; schoolOrgIds: string[] }

/**
 * companyManage (安装公司管理, issue 33): the companies that install and repair the kitchen cameras — name, contact,
 * phone, the district they serve and the schools they look after. The platform registers any, a bureau those of its
 * area; a company is an org of its own whose users work on the tickets assigned to it (errorDevice).
 */
export default function CompanyManagePage() {
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const party = partyOf(usePowers());
  const writes = party === 'platform' || party === 'bureau';
  const list = useQuery({ ...companiesQuery(orgApp?.orgId), enabled: ready });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async ({ company, companyOrgId, schoolOrgIds, ...fields }: Draft) => {
      if (company) await updateCompany(company.id, { ...fields, schoolOrgIds, version: company.version });
      else await createCompany({ companyOrgId, ...fields, schoolOrgIds });
    },
    onSuccess: () => { setDraft(null); void qc.invalidateQueries({ queryKey: ['installerCompanies'] }); },
    onError: (e) => setFormError(errorText(e)),
  });
  const columns: Column<Company>[] = [
    { key: 'name', header: <Trans>公司名称</Trans>, render: (c) => c.name, phone: 'title' },
    { key: 'contact', header: <Trans>联系人</Trans>, render: (c) => c.contact || '—' },
    { key: 'phone', header: <Trans>电话</Trans>, render: (c) => c.phone || '—' },
    { key: 'area', header: <Trans>服务区域</Trans>, render: (c) => c.serviceArea || '—' },
    { key: 'schools', header: <Trans>服务学校</Trans>, render: (c) => c.schoolNames.join('、') || '—' },
    { key: 'open', header: <Trans>未完成巡检</Trans>, render: (c) => c.openInspections },
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (c: Company) => (
        <Button size="small" appearance="subtle" icon={<EditRegular />} data-testid="company-edit"
          onClick={() => { setFormError(null); setDraft({ company: c, companyOrgId: c.companyOrgId, name: c.name, contact: c.contact, phone: c.phone, serviceArea: c.serviceArea, schoolOrgIds: [...c.schoolOrgIds] }); }}>
          <Trans>编辑</Trans>
        </Button>
      ),
    }] : []),
  ];
  return (
    <>
      <ScreenFrame
        title={<Trans>安装公司管理</Trans>} testId="screen-companyManage" loading={list.isLoading} error={list.error ? errorText(list.error) : null}
        actions={writes ? (
          <Button appearance="primary" icon={<AddRegular />} data-testid="company-add"
            onClick={() => { setFormError(null); setDraft({ companyOrgId: '', name: '', contact: '', phone: '', serviceArea: '', schoolOrgIds: [] }); }}>
            <Trans>登记安装公司</Trans>
          </Button>
        ) : undefined}
      >
        <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(c) => c.id} testId="company-table" />
      </ScreenFrame>
      <FormDialog
        open={draft !== null} title={draft?.company ? <Trans>编辑安装公司</Trans> : <Trans>登记安装公司</Trans>} testId="company-form" busy={save.isPending} error={formError}
        submitDisabled={!draft?.name.trim() || !draft.companyOrgId.trim()} onSubmit={() => draft && save.mutate(draft)} onClose={() => setDraft(null)}
      >
        {draft && (
          <div className={s.form}>
            <Field label={<Trans>公司机构</Trans>} required hint={<Trans>平台为安装公司创建的机构（类型：安装公司）；其成员处理派给本公司的巡检单</Trans>}>
              {draft.company
                ? <Text>{draft.company.name}</Text>
                : (
                  <OrgPicker
                    kind="installerOrgs" orgId={orgApp?.orgId} single value={draft.companyOrgId ? [draft.companyOrgId] : []} testId="company-org"
                    onChange={(ids) => setDraft({ ...draft, companyOrgId: ids[0] ?? '' })}
                  />
                )}
            </Field>
            <Field label={<Trans>公司名称</Trans>} required><Input value={draft.name} maxLength={100} onChange={(_, d) => setDraft({ ...draft, name: d.value })} /></Field>
            <Field label={<Trans>联系人</Trans>}><Input value={draft.contact} maxLength={50} onChange={(_, d) => setDraft({ ...draft, contact: d.value })} /></Field>
            <Field label={<Trans>电话</Trans>}><Input value={draft.phone} maxLength={20} onChange={(_, d) => setDraft({ ...draft, phone: d.value })} /></Field>
            <Field label={<Trans>服务区域</Trans>}><Input value={draft.serviceArea} maxLength={50} onChange={(_, d) => setDraft({ ...draft, serviceArea: d.value })} /></Field>
            <Field label={<Trans>服务学校</Trans>}>
              <OrgPicker kind="companySchools" orgId={orgApp?.orgId} value={draft.schoolOrgIds} testId="company-schools" onChange={(ids) => setDraft({ ...draft, schoolOrgIds: ids })} />
            </Field>
          </div>
        )}
      </FormDialog>
    </>
  );
}
