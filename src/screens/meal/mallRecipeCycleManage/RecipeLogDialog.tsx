import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { dateOfDay } from '../../../../domain/recipeCycle.ts';
import type { RecipeCycleDetail } from '../../../../services/recipeCycles.ts';
import { recipeCycleLogQuery, type RecipeLogEntry } from '../../../../services/recipeSharing.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { MEAL_LABELS } from './labels.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxHeight: '60vh', overflowY: 'auto', margin: 0, padding: 0, listStyle: 'none' },
  entry: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** What each event of a cycle's stream is called in the log. */
const ACTIONS: Record<string, MessageDescriptor> = {
  RecipeCycleCreated: msg`新建周食谱`,
  RecipeCycleUpdated: msg`修改食谱信息`,
  RecipeCycleCellsSet: msg`修改菜品`,
  RecipeCycleDayCopied: msg`复制一天`,
  RecipeCycleWeekCopied: msg`复制一周`,
  RecipeCycleReopened: msg`重新编辑`,
  RecipeCycleSubmitted: msg`提交审核`,
  RecipeCycleApproved: msg`审核通过`,
  RecipeCycleRejected: msg`驳回`,
  RecipeCyclePublished: msg`发布`,
  RecipeCycleWithdrawn: msg`撤回`,
  RecipeCycleDeleted: msg`删除`,
};
const FIELDS: Record<string, MessageDescriptor> = { name: msg`名称`, mealPattern: msg`餐次模式`, ageGroups: msg`就餐人数` };

/** The recipe log (issue 9): who changed what in this cycle, newest first, read from the cycle's events. */
export function RecipeLogDialog({ cycle, onClose }: { cycle: RecipeCycleDetail; onClose: () => void }) {
  const fmt = useIntlFormat();
  const s = useStyles();
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const log = useQuery(recipeCycleLogQuery(ready ? orgApp?.orgId : undefined, cycle.id));
  const day = (d: number) => dateOfDay(cycle.startDate, d).slice(5);
  const meals = (ms: number[]) => ms.map((m) => (MEAL_LABELS[m] ? i18n._(MEAL_LABELS[m]) : String(m))).join('、');

  function what(e: RecipeLogEntry): string {
    const d = e.detail;
    switch (e.type) {
      case 'RecipeCycleCreated': return d.copiedFrom ? t`复制自「${d.copiedFrom}」` : d.name ?? '';
      case 'RecipeCycleUpdated': return (d.fields ?? []).map((f) => (FIELDS[f] ? i18n._(FIELDS[f]) : f)).join('、');
      case 'RecipeCycleCellsSet': return t`${(d.days ?? []).map(day).join('、')} ${meals(d.meals ?? [])}`;
      case 'RecipeCycleDayCopied': return t`${day(d.fromDay ?? 0)} → ${day(d.toDay ?? 0)}`;
      case 'RecipeCycleWeekCopied': return t`第 ${(d.fromWeek ?? 0) + 1} 周 → 第 ${(d.toWeek ?? 0) + 1} 周`;
      case 'RecipeCycleApproved':
      case 'RecipeCycleRejected': return d.remark ?? '';
      case 'RecipeCyclePublished': return d.withoutApproval ? t`未经审核发布（本机构无需审核）` : '';
      default: return '';
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>食谱日志：{cycle.name}</Trans></DialogTitle>
          <DialogContent>
            {log.isLoading && <Spinner />}
            {log.error && <Text>{errorText(log.error)}</Text>}
            <ul className={s.list} data-testid="recipe-log-list">
              {(log.data?.rows ?? []).map((e) => (
                <li key={e.version} className={s.entry} data-testid="recipe-log-entry" data-type={e.type}>
                  <Text weight="semibold">{ACTIONS[e.type] ? i18n._(ACTIONS[e.type]) : e.type}</Text>
                  {what(e) && <Text> · {what(e)}</Text>}
                  <div className={s.meta}>{`${e.userName} · ${fmt.dateTime(e.at)}`}</div>
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>关闭</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
