// Nutrient values as the recipe screens show them: the §3 catalogue's name, unit and decimals, and an unknown
// value (null) said as unknown, never printed as 0.
import { Text, tokens, Tooltip } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNutrient, nutrientEntry, type NutrientEntry } from '../../../../domain/nutrientCatalogue.ts';
import type { NutrientKey } from '../../../../domain/nutrition.ts';
import { useNutrientKeyName } from './nutritionTexts.ts';

/** The catalogue's name in the console's language (zh-TW and en-US through the Lingui catalogue, issue 28). */
export function useNutrientName(): (e: NutrientEntry) => string {
  const name = useNutrientKeyName();
  return (e) => name(e.name);
}

/** "蛋白质（g）" */
export function NutrientHeader({ nutrient }: { nutrient: NutrientKey }) {
  const name = useNutrientName();
  const e = nutrientEntry(nutrient);
  // the unit in one piece: a narrow column breaks the header between name and unit, not inside "（µg RAE）"
  return <>{name(e)}<span style={{ whiteSpace: 'nowrap' }}>{`（${e.unit}）`}</span></>;
}

/**
 * One value: formatted with the nutrient's decimals; null is 未知; a total some ingredients lacked is marked,
 * with their names in a tooltip, since it is only a lower bound.
 */
export function NutrientValue({ nutrient, value, lacking, testId }: { nutrient: NutrientKey; value: number | null; lacking?: string[]; testId?: string }) {
  const { t } = useLingui();
  const text = formatNutrient(nutrient, value);
  if (text === null) return <Text style={{ color: tokens.colorNeutralForeground3 }} data-testid={testId} data-unknown="1"><Trans>未知</Trans></Text>;
  if (!lacking?.length) return <Text data-testid={testId}>{text}</Text>;
  return (
    <Tooltip relationship="description" content={t`以下食材缺少该营养素数据，合计偏低：${lacking.join('、')}`}>
      <Text data-testid={testId} data-incomplete="1">{`${text}*`}</Text>
    </Tooltip>
  );
}
