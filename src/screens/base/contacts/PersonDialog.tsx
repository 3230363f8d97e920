// Create or edit a person: name, phone (§5 mainland rule), gender, duties, unit, departments, sort and
// showPhoneNumber. On edit only the fields changed are sent (§5 only defined fields).
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { isValidPhone } from '../../../../domain/phone.ts';
import type { Department, Person, PersonInput } from '../../../../services/contacts.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingVerticalM, columnGap: tokens.spacingHorizontalL },
  wide: { gridColumn: '1 / -1' },
  departments: { maxHeight: '160px', overflowY: 'auto', display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
});

export interface PersonDialogProps {
  person: Person | null;
  /** departments preselected when creating */
  initialDepartments: string[];
  /** departments a person may be put in */
  departments: Department[];
  busy: boolean;
  error: string | null;
  onSubmit: (input: PersonInput) => void;
  /** opens the person's account dialog (only when editing, with the user-management power) */
  onAccount?: () => void;
  onClose: () => void;
}

/** The fields of `next` that differ from `before` (undefined ones are not sent). */
export function changedFields(before: Person, next: Required<Omit<PersonInput, 'userId'>>): PersonInput {
  const out: PersonInput = {};
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  if (next.name !== before.name) out.name = next.name;
  if (next.phoneNumber !== before.phoneNumber && next.phoneNumber) out.phoneNumber = next.phoneNumber;
  if (next.gender !== before.gender) out.gender = next.gender;
  if (next.duties !== (before.duties ?? '')) out.duties = next.duties;
  if (next.unit !== (before.unit ?? '')) out.unit = next.unit;
  if (next.sort !== before.sort) out.sort = next.sort;
  if (next.showPhoneNumber !== before.showPhoneNumber) out.showPhoneNumber = next.showPhoneNumber;
  if (!same(next.department, before.department.map((d) => d.departmentId))) out.department = next.department;
  return out;
}

export function PersonDialog({ person, initialDepartments, departments, busy, error, onSubmit, onAccount, onClose }: PersonDialogProps) {
  const styles = useStyles();
  const { t } = useLingui();
  const [name, setName] = useState(person?.name ?? '');
  const [phone, setPhone] = useState(person?.phoneNumber ?? '');
  const [gender, setGender] = useState(person?.gender || '男');
  const [duties, setDuties] = useState(person?.duties ?? '');
  const [unit, setUnit] = useState(person?.unit ?? '');
  const [sort, setSort] = useState<number | null>(person?.sort ?? 0);
  const [showPhone, setShowPhone] = useState(person?.showPhoneNumber ?? true);
  const [chosen, setChosen] = useState<string[]>(person ? person.department.map((d) => d.departmentId) : initialDepartments);
  const [touched, setTouched] = useState(false);

  // an edited person whose number is hidden from this user keeps it: empty means unchanged
  const phoneRequired = !person || person.phoneNumber !== '';
  const errors = {
    name: !name.trim() ? t`请输入姓名` : undefined,
    phone: phoneRequired && !isValidPhone(phone.trim()) ? t`请输入正确的手机号（11 位，1 开头，第二位 3-9）` : undefined,
    departments: chosen.length === 0 ? t`请选择部门` : undefined,
  };
  const invalid = Object.values(errors).some(Boolean);

  const submit = () => {
    setTouched(true);
    if (invalid) return;
    const sortNumber = Number(sort);
    const next = {
      name: name.trim(), phoneNumber: phone.trim(), gender, duties: duties.trim(), unit: unit.trim(),
      sort: Number.isFinite(sortNumber) ? Math.trunc(sortNumber) : 0, showPhoneNumber: showPhone, department: chosen, status: person?.status ?? 1,
    };
    onSubmit(person ? changedFields(person, next) : next);
  };

  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));

  return (
    <FormDialog
      title={person ? <Trans>编辑联系人</Trans> : <Trans>新建联系人</Trans>} testId="person" surfaceTestId="person-dialog" noValidate
      contentClassName={styles.form} busy={busy} error={error} onSubmit={submit} onClose={onClose}
      extraActions={onAccount && <Button appearance="subtle" onClick={onAccount} data-testid="person-dialog-account"><Trans>账号</Trans></Button>}
    >
      <Field label={t`姓名`} required validationMessage={touched ? errors.name : undefined}>
        <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={64} data-testid="person-name" autoFocus />
      </Field>
      <Field label={t`手机号`} required={phoneRequired} validationMessage={touched ? errors.phone : undefined}>
        <Input value={phone} onChange={(_, d) => setPhone(d.value)} inputMode="numeric" maxLength={11} data-testid="person-phone" />
      </Field>
      <Field label={t`性别`}>
        <RadioGroup layout="horizontal" value={gender} onChange={(_, d) => setGender(d.value)}>
          <Radio value="男" label={t`男`} />
          <Radio value="女" label={t`女`} />
        </RadioGroup>
      </Field>
      <Field label={t`职务`}>
        <Input value={duties} onChange={(_, d) => setDuties(d.value)} maxLength={128} data-testid="person-duties" />
      </Field>
      <Field label={t`单位`}>
        <Input value={unit} onChange={(_, d) => setUnit(d.value)} maxLength={128} />
      </Field>
      <Field label={t`排序`}>
        <NumberInput value={sort} onChange={setSort} precision={0} fallback={0} />
      </Field>
      <Field className={styles.wide} label={t`所在部门`} validationMessage={touched ? errors.departments : undefined}>
        <div className={styles.departments} data-testid="person-departments">
          {departments.map((d) => (
            <Checkbox
              key={d.departmentId}
              label={d.departmentName}
              checked={chosen.includes(d.departmentId)}
              onChange={(_, data) => toggle(d.departmentId, Boolean(data.checked))}
              data-testid="person-department"
              data-name={d.departmentName}
            />
          ))}
        </div>
      </Field>
      <Switch className={styles.wide} checked={showPhone} onChange={(_, d) => setShowPhone(d.checked)} label={t`对其他人显示手机号`} data-testid="person-show-phone" />
    </FormDialog>
  );
}
