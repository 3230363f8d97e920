// recipeOrgManage (issue 34): the platform's fruit orgs. Creating one makes an org of kind fruit from the fruit-org
// template (its admin by phone) serving the schools chosen; the schools it serves can be changed later. Only the
// platform may (the server refuses anyone else, whatever his powers in his own org).
import { useState } from 'react';
import {
  Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFruitOrg, fruitKeys, fruitOrgsQuery, fruitSchoolsQuery, setFruitSchools, type FruitOrgRow } from '../../../../services/fruitMall.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../../meal/shared/DataTable.tsx';
import { errorText } from '../../meal/shared/errors.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  schools: { display: 'flex', flexDirection: 'column', maxHeight: '240px', overflowY: 'auto' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export default function RecipeOrgManagePage() {
  const fmt = useIntlFormat();
  const list = useQuery(fruitOrgsQuery());
  const [editing, setEditing] = useState<{ row: FruitOrgRow | null } | null>(null);
  const columns: Column<FruitOrgRow>[] = [
    { key: 'name', header: <Trans>鲜果机构</Trans>, render: (r) => <span data-testid="fruit-org-name">{r.name}</span>, phone: 'title' },
    { key: 'schools', header: <Trans>服务学校</Trans>, render: (r) => <span data-testid="fruit-org-schools">{r.schools.map((s) => s.name).join('、') || '—'}</span> },
    { key: 'createdAt', header: <Trans>创建时间</Trans>, render: (r) => <time dateTime={r.createdAt}>{fmt.dateTime(r.createdAt)}</time>, phone: 'hidden' },
    { key: 'actions', header: <Trans>操作</Trans>, render: (r) => <Button size="small" appearance="subtle" onClick={() => setEditing({ row: r })} data-testid="fruit-org-edit"><Trans>服务学校</Trans></Button> },
  ];
  return (
    <ScreenFrame
      title={<Trans>鲜果机构管理</Trans>} testId="screen-recipeOrgManage" error={list.error ? errorText(list.error) : null}
      actions={<Button appearance="primary" onClick={() => setEditing({ row: null })} data-testid="fruit-org-new"><Trans>新建鲜果机构</Trans></Button>}
    >
      {list.isLoading ? <Text><Trans>加载中</Trans></Text> : <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(r) => r.orgId} testId="fruit-org-table" />}
      {editing && <FruitOrgDialog row={editing.row} onClose={() => setEditing(null)} />}
    </ScreenFrame>
  );
}

function FruitOrgDialog({ row, onClose }: { row: FruitOrgRow | null; onClose: () => void }) {
  const s = useStyles();
  const qc = useQueryClient();
  const schools = useQuery(fruitSchoolsQuery());
  const [orgName, setOrgName] = useState('');
  const [adminPhone, setAdminPhone] = useState('');
  const [adminName, setAdminName] = useState('');
  const [chosen, setChosen] = useState<string[]>(row?.schools.map((x) => x.orgId) ?? []);
  const save = useMutation({
    mutationFn: () => (row ? setFruitSchools(row.orgId, chosen) : createFruitOrg({ orgName, adminPhone, ...(adminName && { adminName }), schoolOrgIds: chosen })),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: fruitKeys.all }); onClose(); },
  });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{row ? row.name : <Trans>新建鲜果机构</Trans>}</DialogTitle>
          <DialogContent className={s.form}>
            {!row && (
              <>
                <Field label={<Trans>机构名称</Trans>} required><Input value={orgName} onChange={(_, d) => setOrgName(d.value)} data-testid="fruit-org-name-input" /></Field>
                <Field label={<Trans>管理员手机号</Trans>} required><Input value={adminPhone} onChange={(_, d) => setAdminPhone(d.value)} data-testid="fruit-org-admin-phone" /></Field>
                <Field label={<Trans>管理员姓名</Trans>}><Input value={adminName} onChange={(_, d) => setAdminName(d.value)} /></Field>
              </>
            )}
            <Field label={<Trans>服务学校</Trans>}>
              <div className={s.schools} data-testid="fruit-org-school-list">
                {schools.data?.map((school) => (
                  <Checkbox
                    key={school.orgId} label={school.name} checked={chosen.includes(school.orgId)} data-testid="fruit-org-school"
                    onChange={(_, d) => setChosen(d.checked ? [...chosen, school.orgId] : chosen.filter((x) => x !== school.orgId))}
                  />
                ))}
              </div>
            </Field>
            {save.error && <Text className={s.error} role="alert">{errorText(save.error)}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={save.isPending || (!row && (!orgName.trim() || !adminPhone.trim()))} onClick={() => save.mutate()} data-testid="fruit-org-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
