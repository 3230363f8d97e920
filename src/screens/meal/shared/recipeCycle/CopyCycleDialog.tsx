import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECIPE_LIMITS, type CycleOption } from '../../../../../domain/recipeCycle.ts';
import { recipeCycleKeys } from '../../../../../services/recipeCycles.ts';
import type { RecipeCloneInput, RecipeCloneResult } from '../../../../../services/recipeSharing.ts';
import { errorText } from '../errors.ts';
import { firstOfNextMonth, nextMonday } from './dates.ts';
import { DateInput } from '../../../../components/DateInput.tsx';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/**
 * Copy a whole cycle into a new one of this org (issue 9): a name and a new start (a Monday for a week cycle, the
 * 1st for a month cycle: the server says so in its words otherwise). Used for a cycle of the org, a cloud recipe
 * and a shared cycle.
 */
export function CopyCycleDialog({ source, copy, onClose, onCopied }: {
  source: { name: string; cycleOption: CycleOption; weeks: number };
  copy: (input: RecipeCloneInput) => Promise<RecipeCloneResult>;
  onClose: () => void;
  onCopied: (result: RecipeCloneResult) => void;
}) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const [name, setName] = useState(t`${source.name}（副本）`.slice(0, RECIPE_LIMITS.nameMax));
  const [startDate, setStartDate] = useState(source.cycleOption === 'month' ? firstOfNextMonth() : nextMonday());
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () => copy({ name, startDate }),
    onSuccess: (r) => { void qc.invalidateQueries({ queryKey: recipeCycleKeys.all }); onCopied(r); },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>复制到本机构的周食谱</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>新食谱名称</Trans>} required>
              <Input value={name} maxLength={RECIPE_LIMITS.nameMax} onChange={(_, d) => setName(d.value)} data-testid="copy-cycle-name" />
            </Field>
            <Field label={source.cycleOption === 'month' ? <Trans>开始日期（每月 1 日）</Trans> : <Trans>开始日期（星期一）</Trans>} required>
              <DateInput value={startDate} onChange={(_, d) => setStartDate(d.value)} data-testid="copy-cycle-start" />
            </Field>
            {error && <Field validationState="error" validationMessage={error} data-testid="copy-cycle-error" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={run.isPending} onClick={() => { setError(null); run.mutate(); }} data-testid="copy-cycle-save"><Trans>复制</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
