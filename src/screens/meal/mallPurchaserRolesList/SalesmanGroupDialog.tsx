import { useEffect, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, SpinButton, Text, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRoleGroup, updateRoleGroup, type RoleGroup } from '../../../../services/mall/catalogue.ts';
import { errorText } from '../shared/errors.ts';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(480px, 86vw)' } });

/** Splits "supplier, salesman、dietitian" into role names. */
export const splitRoleNames = (text: string) => [...new Set(text.split(/[,，、\s]+/).map((n) => n.trim()).filter(Boolean))];

/** Creates (group = 'new') or edits a salesman group (§6 M6): name, sort and the roles that manage it. */
export function SalesmanGroupDialog({ group, onClose }: { group: RoleGroup | 'new' | null; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [sort, setSort] = useState(0);
  const [managers, setManagers] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const body = { groupName: name.trim(), sort, manageRoleNames: splitRoleNames(managers) };
      return group === 'new' ? createRoleGroup({ ...body, code: 'M6' }) : updateRoleGroup(group!.roleGroupId, body);
    },
    onSuccess: () => { void qc.invalidateQueries({ queryKey: ['roleGroups'] }); onClose(); },
  });
  useEffect(() => {
    if (!group) return;
    save.reset();
    setName(group === 'new' ? '' : group.groupName);
    setSort(group === 'new' ? 0 : group.sort);
    setManagers(group === 'new' ? 'supplier' : group.manageRoleNames.join(', '));
  }, [group]);

  return (
    <Dialog open={!!group} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <form onSubmit={(e) => { e.preventDefault(); if (name.trim()) save.mutate(); }}>
          <DialogBody>
            <DialogTitle>{group === 'new' ? <Trans>新建业务员分组</Trans> : <Trans>编辑业务员分组</Trans>}</DialogTitle>
            <DialogContent className={s.form}>
              <Field label={<Trans>分组名称</Trans>} required>
                <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={100} data-testid="group-name-input" autoFocus />
              </Field>
              <Field label={<Trans>排序</Trans>}>
                <SpinButton value={sort} min={-1000} max={1000} onChange={(_, d) => setSort(Number(d.value ?? d.displayValue ?? 0) || 0)} />
              </Field>
              <Field label={<Trans>管理角色</Trans>} hint={t`角色名称，用逗号分隔；业务员只看到管理角色包含其角色的分组`}>
                <Input value={managers} onChange={(_, d) => setManagers(d.value)} data-testid="group-managers-input" />
              </Field>
              {save.error && <Text style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="group-error">{errorText(save.error)}</Text>}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}><Trans>取消</Trans></Button>
              <Button appearance="primary" type="submit" disabled={save.isPending || !name.trim()} data-testid="group-submit"><Trans>保存</Trans></Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
