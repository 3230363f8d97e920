// The public trace page a food label's QR code opens (issue 10): what the label says of its dishes — name,
// ingredients, allergens and the GB 28050 nutrient table in the panel the org's label setting chose (2011 "1+4" or
// 2025 "1+6") — readable on a phone without signing in.
import { makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { traceQuery, type TraceDish } from '../../../services/foodLabels.ts';
import { formatDeclared } from '../../../domain/nutritionLabel.ts';
import { nutrientEntry } from '../../../domain/nutrientCatalogue.ts';
import type { NutrientKey } from '../../../domain/nutrition.ts';
import { StandalonePage } from './StandalonePage.tsx';
import { useNutrientKeyName } from '../meal/shared/nutritionTexts.ts';

const useStyles = makeStyles({
  dish: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
  name: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  line: { margin: 0, lineHeight: tokens.lineHeightBase400 },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  cell: { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '6px 8px', textAlign: 'right' },
  head: { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '6px 8px', textAlign: 'left', fontWeight: tokens.fontWeightSemibold },
});

function DishTrace({ dish }: { dish: TraceDish }) {
  const styles = useStyles();
  const { t } = useLingui();
  const nutrientName = useNutrientKeyName();
  const nameOf = (key: string) => nutrientName(nutrientEntry(key as NutrientKey).name);
  const grams = dish.table.portionGrams;
  return (
    <section className={styles.dish} data-testid="trace-dish">
      <h2 className={styles.name}>{dish.name}</h2>
      <p className={styles.line}><Trans>配料：</Trans>{dish.ingredients.join('、') || t`无`}</p>
      <p className={styles.line} data-testid="trace-allergens"><Trans>致敏物质：</Trans>{dish.allergens.join('、') || t`无`}</p>
      <table className={styles.table} data-testid="trace-table">
        <caption style={{ textAlign: 'left', paddingBottom: 4 }}><Trans>营养成分表</Trans></caption>
        <thead>
          <tr>
            <th className={styles.head}><Trans>项目</Trans></th>
            <th className={styles.head}><Trans>每100克</Trans></th>
            <th className={styles.head}>{grams === null ? t`每份` : t`每份（${grams}克）`}</th>
            <th className={styles.head}><Trans>营养素参考值%</Trans></th>
          </tr>
        </thead>
        <tbody>
          {dish.table.rows.map((r) => (
            <tr key={r.key} data-nutrient={r.key}>
              <td className={styles.head}>{nameOf(r.key)}</td>
              <td className={styles.cell}>{`${formatDeclared(r.per100g, r.decimals)} ${r.unit}`}</td>
              <td className={styles.cell}>{`${formatDeclared(r.perPortion, r.decimals)} ${r.unit}${r.incomplete ? '*' : ''}`}</td>
              <td className={styles.cell}>{r.nrvPercent === null ? '—' : `${r.nrvPercent}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dish.table.saltPerPortion !== null && (
        <p className={styles.line} data-testid="trace-salt"><Trans>每份折合食盐 {dish.table.saltPerPortion.toFixed(1)} 克</Trans></p>
      )}
      {/* GB 28050-2025 (the org's label setting, issue 30): the line under the table, as the printed label has it */}
      {dish.table.advisory === 'saltOilSugar' && <p className={styles.line} data-testid="trace-advisory">{t`儿童青少年应避免过量摄入盐油糖`}</p>}
    </section>
  );
}

/** `#/trace/<orgId>/<dishId>[,<dishId>…]` */
export default function TracePage() {
  const params = useParams<{ orgId: string; dishIds: string }>();
  const orgId = decodeURIComponent(params.orgId ?? '');
  const ids = (params.dishIds ?? '').split(',').map((s) => decodeURIComponent(s)).filter(Boolean);
  const query = useQuery(traceQuery(orgId, ids));
  return (
    <StandalonePage
      testId="trace-page"
      title={<Trans>食品追溯</Trans>}
      text={query.data ? query.data.orgName : undefined}
    >
      {query.isPending && <Spinner size="small" />}
      {query.isError && (
        <MessageBar intent="warning" data-testid="trace-missing"><MessageBarBody><Trans>没有找到这道菜品，标签可能已过期。</Trans></MessageBarBody></MessageBar>
      )}
      {query.data?.dishes.map((d, i) => <DishTrace key={i} dish={d} />)}
    </StandalonePage>
  );
}
