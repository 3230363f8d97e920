import { useState, type ReactNode } from 'react';
import { Button, Switch, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoriesQuery, categoryKeys, createCategory, deleteCategory, updateCategories, updateCategory, type Category } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from './ScreenFrame.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { NameDialog } from './NameDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { errorText } from './errors.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';
import { flattenCategories, reorder, type CategoryNode } from './categoryTree.ts';

/**
 * A category tree of one §3 group (mallProduct for productCategory, menuCategory for menuCategory): create,
 * rename, reorder, enable, delete. Without `writes` it only shows the tree.
 */
export function CategoryTreeScreen({ group: GROUP, title, testId, writes = true, isPackage }: {
  group: string; title: ReactNode; testId: string; writes?: boolean;
  /** only the categories with this isPackage flag (menuCategory holds dish and package categories); new ones get it */
  isPackage?: boolean;
}) {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const query = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, GROUP), enabled: ready });
  const [editing, setEditing] = useState<{ parentId: string; category?: Category } | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: categoryKeys.all }); };
  const fail = (e: unknown) => setError(errorText(e));

  const save = useMutation({
    mutationFn: async (name: string) => {
      if (editing?.category) return updateCategory(editing.category.id, { name, version: editing.category.version });
      const siblings = (query.data?.rows ?? []).filter((c) => c.parentId === (editing?.parentId ?? '-1'));
      return createCategory({ name, groupName: GROUP, parentId: editing?.parentId ?? '-1', sort: (siblings.length + 1) * 10, enable: 1, ...(isPackage !== undefined && { isPackage: isPackage ? 1 : 0 }) });
    },
    onSuccess: () => { setEditing(null); done(); },
    onError: fail,
  });
  const toggle = useMutation({ mutationFn: (c: Category) => updateCategory(c.id, { enable: c.enable ? 0 : 1, version: c.version }), onSuccess: done, onError: fail });
  const move = useMutation({
    mutationFn: ({ node, step }: { node: CategoryNode; step: -1 | 1 }) => {
      const changes = reorder(node.siblings, node.category.id, step);
      return changes.length ? updateCategories(changes) : Promise.resolve(null);
    },
    onSuccess: done, onError: fail,
  });
  const remove = useMutation({ mutationFn: (c: Category) => deleteCategory(c.id, c.version), onSuccess: () => { setRemoving(null); done(); }, onError: (e) => { setRemoving(null); fail(e); } });

  const nodes = flattenCategories((query.data?.rows ?? []).filter((c) => isPackage === undefined || Boolean(c.isPackage) === isPackage));
  const columns: Column<CategoryNode>[] = [
    {
      key: 'name', header: <Trans>分类名称</Trans>,
      render: (n) => <Text style={{ paddingLeft: `calc(${n.depth} * ${tokens.spacingHorizontalXXL})` }} data-testid="category-name">{n.depth ? '└ ' : ''}{n.category.name}</Text>,
    },
    { key: 'sort', header: <Trans>排序</Trans>, render: (n) => n.category.sort, width: '80px' },
    {
      key: 'enable', header: <Trans>启用</Trans>, width: '100px',
      render: (n) => <Switch checked={n.category.enable === 1} disabled={!writes} onChange={() => toggle.mutate(n.category)} aria-label={t`启用 ${n.category.name}`} />,
    },
    {
      key: 'actions', header: <Trans>操作</Trans>,
      render: (n) => (!writes ? null : (
        <>
          <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} disabled={n.index === 0} aria-label={t`上移`} onClick={() => move.mutate({ node: n, step: -1 })} />
          <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} disabled={n.index === n.siblings.length - 1} aria-label={t`下移`} onClick={() => move.mutate({ node: n, step: 1 })} />
          <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => setEditing({ parentId: n.category.id })}><Trans>子分类</Trans></Button>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing({ parentId: n.category.parentId, category: n.category })}><Trans>重命名</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(n.category)}><Trans>删除</Trans></Button>
        </>
      )),
    },
  ];
  return (
    <ScreenFrame
      title={title} testId={testId} error={error ?? (query.error ? errorText(query.error) : null)} loading={query.isLoading}
      actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ parentId: '-1' })} data-testid="category-add"><Trans>新增分类</Trans></Button> : undefined}
    >
      <DataTable rows={nodes} columns={columns} rowKey={(n) => n.category.id} testId="category-table" />
      <NameDialog
        open={editing !== null} title={editing?.category ? <Trans>重命名分类</Trans> : <Trans>新增分类</Trans>} label={t`分类名称`}
        initial={editing?.category?.name} busy={save.isPending} onCancel={() => setEditing(null)} onSubmit={(name) => save.mutate(name)}
      />
      <ConfirmDialog open={removing !== null} title={<Trans>删除分类</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除分类「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}
