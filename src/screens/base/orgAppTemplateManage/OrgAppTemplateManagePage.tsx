// 产品模板管理: the init templates of §7 (what a new organisation starts with): list with what each of the
// seven steps creates, create (from a copy of another), rename, enable/disable, edit the content as JSON,
// checked by the same rules the server applies (domain/orgInit).
import { useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Select,
  Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Textarea, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptyTemplateContent, ORG_INIT_STEPS, validateTemplate, type InitTemplateContent } from '../../../../domain/orgInit.ts';
import { createInitTemplate, initTemplateKeys, initTemplatesQuery, updateInitTemplate, type InitTemplateRow } from '../../../../services/orgInit.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { STEP_LABELS } from '../orgAppManage/CreateOrgDialog.tsx';
import { useIsProvider } from '../orgAppManage/useIsProvider.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  json: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, minHeight: '320px' },
  surface: { maxWidth: '900px', width: '90vw' },
});

export default function OrgAppTemplateManagePage() {
  const fmt = useIntlFormat();
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const templates = useQuery(initTemplatesQuery(useCurrentOrgApp()?.orgId));
  const [editing, setEditing] = useState<InitTemplateRow | 'new' | null>(null);
  const isProvider = useIsProvider();
  const toggle = useMutation({
    mutationFn: (row: InitTemplateRow) => updateInitTemplate({ id: row.id, disabled: !row.disabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: initTemplateKeys.all }),
  });
  return (
    <div className={styles.root} data-testid="template-manage-page">
      <div className={styles.bar}>
        <Title3 className={styles.grow}><Trans>产品模板管理</Trans></Title3>
        {isProvider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="template-create">
            <Trans>新建模板</Trans>
          </Button>
        )}
      </div>
      {templates.isError && <MessageBar intent="error"><MessageBarBody>{templates.error.message}</MessageBarBody></MessageBar>}
      {toggle.isError && <MessageBar intent="error"><MessageBarBody>{toggle.error.message}</MessageBarBody></MessageBar>}
      {templates.isLoading && <Spinner label={t`正在加载…`} />}
      <Table size="small" aria-label={t`产品模板管理`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>模板名称</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>各步骤创建的数量</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>启用</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>更新时间</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(templates.data?.rows ?? []).map((r) => (
            <TableRow key={r.id} data-testid="template-row" data-template-name={r.name}>
              <TableCell>{r.name}</TableCell>
              <TableCell>
                <div className={styles.counts}>
                  {ORG_INIT_STEPS.map((s) => (
                    <Badge key={s} appearance="outline" size="small">{`${i18n._(STEP_LABELS[s])} ${r.summary[s]}`}</Badge>
                  ))}
                </div>
              </TableCell>
              <TableCell>
                <Switch checked={!r.disabled} disabled={!isProvider || toggle.isPending} onChange={() => toggle.mutate(r)} aria-label={t`启用 ${r.name}`} />
              </TableCell>
              <TableCell>{fmt.dateTime(r.updatedAt)}</TableCell>
              <TableCell>
                <Button size="small" icon={<EditRegular />} disabled={!isProvider} onClick={() => setEditing(r)}><Trans>编辑</Trans></Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <TemplateDialog template={editing === 'new' ? null : editing} all={templates.data?.rows ?? []} onClose={() => setEditing(null)} />}
    </div>
  );
}

function TemplateDialog({ template, all, onClose }: { template: InitTemplateRow | null; all: InitTemplateRow[]; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(template?.name ?? '');
  const [json, setJson] = useState(JSON.stringify(template?.content ?? all[0]?.content ?? emptyTemplateContent(), null, 2));
  let content: InitTemplateContent | null = null;
  try {
    content = JSON.parse(json) as InitTemplateContent;
  } catch {
    content = null;
  }
  let problems: string[];
  try {
    problems = content ? validateTemplate({ name, content }) : [t`内容不是合法的 JSON`];
  } catch {
    problems = [t`内容结构不正确`];
  }
  const save = useMutation({
    mutationFn: () => (template ? updateInitTemplate({ id: template.id, name: name.trim(), content: content! }) : createInitTemplate({ name: name.trim(), content: content! })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: initTemplateKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{template ? t`编辑模板` : t`新建模板`}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t`模板名称`} required>
              <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={64} data-testid="template-name" />
            </Field>
            {!template && all.length > 0 && (
              <Field label={t`复制自`}>
                <Select onChange={(_, d) => setJson(JSON.stringify(all.find((a) => a.id === d.value)?.content ?? emptyTemplateContent(), null, 2))}>
                  {all.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
                </Select>
              </Field>
            )}
            <Field label={t`模板内容：配置、菜单、角色组、角色及其菜单、默认通讯录部门、通讯录权限`}>
              <Textarea value={json} onChange={(_, d) => setJson(d.value)} className={styles.json} resize="vertical" />
            </Field>
            {problems.length > 0 && (
              <MessageBar intent="warning" data-testid="template-problems">
                <MessageBarBody>{problems.slice(0, 8).join('；')}</MessageBarBody>
              </MessageBar>
            )}
            {save.isError && <MessageBar intent="error"><MessageBarBody>{save.error.message}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={problems.length > 0 || save.isPending} onClick={() => save.mutate()} data-testid="template-save">
              <Trans>保存</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
