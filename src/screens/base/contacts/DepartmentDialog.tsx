// Create or edit a department: name, parent (not below itself), sort, §6 isHide / isAllHide and the
// roleConfig.createPermision rule (who may create under it).
import { useState } from 'react';
import {
  Field,
  Input,
  makeStyles,
  Select,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ROOT_DEPARTMENT, withDescendants } from '../../../../domain/departmentRules.ts';
import type { Department, NewDepartment } from '../../../../services/contacts.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export interface DepartmentForm extends NewDepartment {
  parentId: string;
}

export interface DepartmentDialogProps {
  /** the department edited, or null to create one */
  department: Department | null;
  /** the parent preselected when creating */
  parentId: string;
  departments: Department[];
  busy: boolean;
  error: string | null;
  onSubmit: (form: DepartmentForm) => void;
  onClose: () => void;
}

export function DepartmentDialog({ department, parentId, departments, busy, error, onSubmit, onClose }: DepartmentDialogProps) {
  const styles = useStyles();
  const { t } = useLingui();
  const [name, setName] = useState(department?.departmentName ?? '');
  const [parent, setParent] = useState(department?.parentId ?? parentId);
  const [sort, setSort] = useState<number | null>(department?.sort ?? 0);
  const [isHide, setIsHide] = useState(department?.isHide === 1);
  const [isAllHide, setIsAllHide] = useState(department?.isAllHide === 1);
  const rule = department?.roleConfig?.createPermision;
  const [limitCreate, setLimitCreate] = useState(Boolean(rule?.enable));
  const [roleNames, setRoleNames] = useState((rule?.roleNames ?? []).join(', '));
  const [touched, setTouched] = useState(false);

  // not below itself (§ move without cycles)
  const excluded = department ? withDescendants(departments, [department.departmentId]) : new Set<string>();
  const parents = departments.filter((d) => !excluded.has(d.departmentId));
  const nameError = touched && !name.trim() ? t`请输入部门名称` : undefined;

  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    const sortNumber = Number(sort);
    onSubmit({
      departmentName: name.trim(),
      parentId: parent,
      sort: Number.isFinite(sortNumber) ? Math.trunc(sortNumber) : 0,
      isHide: isHide ? 1 : 0,
      isAllHide: isAllHide ? 1 : 0,
      roleConfig: {
        ...(department?.roleConfig ?? {}),
        createPermision: { enable: limitCreate, roleNames: roleNames.split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean) },
      },
    });
  };

  return (
    <FormDialog
      title={department ? <Trans>编辑部门</Trans> : <Trans>新建部门</Trans>} testId="department" surfaceTestId="department-dialog" noValidate
      contentClassName={styles.form} busy={busy} error={error} onSubmit={submit} onClose={onClose}
    >
      <Field label={t`部门名称`} required validationMessage={nameError}>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={128} data-testid="department-name" autoFocus />
      </Field>
      <Field label={t`上级部门`}>
        <Select value={parent} onChange={(_, d) => setParent(d.value)} data-testid="department-parent">
          <option value={ROOT_DEPARTMENT}>{t`（顶级部门）`}</option>
          {parents.map((d) => (
            <option key={d.departmentId} value={d.departmentId}>{d.departmentName}</option>
          ))}
        </Select>
      </Field>
      <Field label={t`排序`}>
        <NumberInput value={sort} onChange={setSort} precision={0} fallback={0} data-testid="department-sort" />
      </Field>
      <Switch checked={isHide} onChange={(_, d) => setIsHide(d.checked)} label={t`隐藏（仅本部门成员可见）`} data-testid="department-isHide" />
      <Switch checked={isAllHide} onChange={(_, d) => setIsAllHide(d.checked)} label={t`全部隐藏（仅管理员可见）`} data-testid="department-isAllHide" />
      <Switch checked={limitCreate} onChange={(_, d) => setLimitCreate(d.checked)} label={t`限制新建（仅下列角色可在此部门下新建）`} data-testid="department-limit-create" />
      {limitCreate && (
        <Field label={t`可新建的角色名（逗号分隔）`}>
          <Input value={roleNames} onChange={(_, d) => setRoleNames(d.value)} data-testid="department-role-names" />
        </Field>
      )}
    </FormDialog>
  );
}
