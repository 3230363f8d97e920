import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Tab, TabList, makeStyles, tokens,
} from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../errors.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { cycleWeeks, weekdayOf } from '../../../../../domain/recipeSharing.ts';
import { dateOfDay } from '../../../../../domain/recipeCycle.ts';
import type { RecipeCycleDetail } from '../../../../../services/recipeCycles.ts';
import { MEAL_LABELS, WEEKDAY_LABELS } from '../../mallRecipeCycleManage/labels.ts';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  grid: { borderCollapse: 'collapse', width: '100%', minWidth: '560px', tableLayout: 'fixed' },
  th: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalXS, background: tokens.colorNeutralBackground3, fontWeight: 600 },
  td: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: tokens.spacingVerticalXS, verticalAlign: 'top', fontSize: tokens.fontSizeBase200 },
});

/** A cycle read-only, a Monday-to-Sunday week at a time (§9): a cloud recipe or a shared cycle before it is copied. */
export function CyclePreview({ cycle }: { cycle: RecipeCycleDetail }) {
  const s = useStyles();
  const { i18n } = useLingui();
  const weeks = cycleWeeks(cycle);
  const [week, setWeek] = useState(0);
  const names = new Map(cycle.dishes.map((d) => [d.id, d.name]));
  const days = weeks[week] ?? [];
  return (
    <div data-testid="cycle-preview">
      <TabList selectedValue={String(week)} onTabSelect={(_, d) => setWeek(Number(d.value))}>
        {weeks.map((_, w) => <Tab key={w} value={String(w)}><Trans>第 {w + 1} 周</Trans></Tab>)}
      </TabList>
      <div className={s.wrap}>
        <table className={s.grid}>
          <thead>
            <tr>
              <th className={s.th}><Trans>餐次</Trans></th>
              {days.map((d) => <th key={d} className={s.th}>{`${i18n._(WEEKDAY_LABELS[weekdayOf(cycle.startDate, d)])} ${dateOfDay(cycle.startDate, d).slice(5)}`}</th>)}
            </tr>
          </thead>
          <tbody>
            {cycle.mealCodes.map((m) => (
              <tr key={m}>
                <th className={s.th}>{i18n._(MEAL_LABELS[m])}</th>
                {days.map((d) => (
                  <td key={d} className={s.td} data-testid={`preview-${d}-${m}`}>
                    {(cycle.cells.find((c) => c.day === d && c.mealCode === m)?.dishes ?? []).map((x) => <div key={x.dishId}>{names.get(x.dishId) ?? x.dishId}</div>)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A cycle read before it is copied (a cloud recipe, a shared cycle), in a dialog: the cycle, its error, or a spinner. */
export function CyclePreviewDialog({ title, preview, onClose }: { title: string; preview: UseQueryResult<RecipeCycleDetail>; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: '960px' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{preview.data ? <CyclePreview cycle={preview.data} /> : preview.error ? errorText(preview.error) : <Spinner />}</DialogContent>
          <DialogActions><Button onClick={onClose}><Trans>关闭</Trans></Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
