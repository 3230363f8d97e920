// The department tree (Fluent Tree): select a department to list its persons; each item's menu creates a
// sub-department, edits, moves up or down among its siblings, or deletes (with the contacts power).
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  Tree,
  TreeItem,
  TreeItemLayout,
  type TreeOpenChangeData,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { ROOT_DEPARTMENT } from '../../../../domain/departmentRules.ts';
import type { Department } from '../../../../services/contacts.ts';

const useStyles = makeStyles({
  selected: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  badges: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, marginLeft: tokens.spacingHorizontalXS },
});

export interface DepartmentTreeProps {
  departments: Department[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canManage: boolean;
  canCreateUnder: (d: Department) => boolean;
  onCreateChild: (parent: Department) => void;
  onEdit: (d: Department) => void;
  onMove: (d: Department, direction: -1 | 1) => void;
  onDelete: (d: Department) => void;
}

/** Children by parent, each list ordered by sort then creation order. */
export function childrenByParent(departments: readonly Department[]): Map<string, Department[]> {
  const order = new Map(departments.map((d, i) => [d.departmentId, i]));
  const ids = new Set(departments.map((d) => d.departmentId));
  const out = new Map<string, Department[]>();
  for (const d of departments) {
    // a department whose parent the user cannot see shows at the top
    const parent = ids.has(d.parentId) ? d.parentId : ROOT_DEPARTMENT;
    out.set(parent, [...(out.get(parent) ?? []), d]);
  }
  for (const list of out.values()) list.sort((a, b) => a.sort - b.sort || order.get(a.departmentId)! - order.get(b.departmentId)!);
  return out;
}

export function DepartmentTree(props: DepartmentTreeProps) {
  const { departments, selectedId, onSelect } = props;
  const styles = useStyles();
  const { t } = useLingui();
  const children = useMemo(() => childrenByParent(departments), [departments]);
  // every branch starts open (new ones too): keep the closed ones
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const open = useMemo(() => departments.map((d) => d.departmentId).filter((id) => !closed.has(id)), [departments, closed]);
  const onOpenChange = (_: unknown, data: TreeOpenChangeData) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (data.open) next.delete(String(data.value));
      else next.add(String(data.value));
      return next;
    });

  const renderItem = (d: Department, siblings: Department[], index: number) => {
    const kids = children.get(d.departmentId) ?? [];
    const actions = props.canManage ? (
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t`部门操作`} data-testid="department-actions" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {props.canCreateUnder(d) && (
              <MenuItem icon={<AddRegular />} onClick={() => props.onCreateChild(d)} data-testid="department-add-child">
                <Trans>新建子部门</Trans>
              </MenuItem>
            )}
            <MenuItem icon={<EditRegular />} onClick={() => props.onEdit(d)} data-testid="department-edit">
              <Trans>编辑</Trans>
            </MenuItem>
            <MenuItem icon={<ArrowUpRegular />} disabled={index === 0} onClick={() => props.onMove(d, -1)} data-testid="department-up">
              <Trans>上移</Trans>
            </MenuItem>
            <MenuItem icon={<ArrowDownRegular />} disabled={index === siblings.length - 1} onClick={() => props.onMove(d, 1)} data-testid="department-down">
              <Trans>下移</Trans>
            </MenuItem>
            <MenuItem icon={<DeleteRegular />} onClick={() => props.onDelete(d)} data-testid="department-delete">
              <Trans>删除</Trans>
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    ) : undefined;
    return (
      <TreeItem key={d.departmentId} value={d.departmentId} itemType={kids.length ? 'branch' : 'leaf'} data-testid="department-item" data-name={d.departmentName}>
        <TreeItemLayout
          className={mergeClasses(selectedId === d.departmentId && styles.selected)}
          onClick={() => onSelect(d.departmentId)}
          actions={actions}
        >
          {d.departmentName}
          <span className={styles.badges}>
            {d.isHide === 1 && <Badge size="small" appearance="tint" color="warning">{t`仅成员可见`}</Badge>}
            {d.isAllHide === 1 && <Badge size="small" appearance="tint" color="danger">{t`仅管理员可见`}</Badge>}
            {d.roleConfig?.createPermision?.enable && <Badge size="small" appearance="tint" color="informative">{t`限制新建`}</Badge>}
          </span>
        </TreeItemLayout>
        {kids.length > 0 && <Tree>{kids.map((k, i) => renderItem(k, kids, i))}</Tree>}
      </TreeItem>
    );
  };

  const top = children.get(ROOT_DEPARTMENT) ?? [];
  return (
    <Tree aria-label={t`部门`} openItems={open} onOpenChange={onOpenChange} data-testid="department-tree">
      <TreeItem value="__all" itemType="leaf" data-testid="department-all">
        <TreeItemLayout className={mergeClasses(selectedId === null && styles.selected)} onClick={() => onSelect(null)}>
          <Trans>全部联系人</Trans>
        </TreeItemLayout>
      </TreeItem>
      {top.map((d, i) => renderItem(d, top, i))}
    </Tree>
  );
}
