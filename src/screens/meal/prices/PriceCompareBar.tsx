import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { useMoney } from '../../../components/useMoney.ts';
import { useLingui } from '@lingui/react/macro';

export interface PriceComparison {
  price: number;
  marketAvg: number | null;
  mallAvgPrice: number | null;
  lastApprovedPrice: number | null;
}

const useStyles = makeStyles({
  chart: { display: 'grid', gridTemplateColumns: 'auto 96px auto', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, rowGap: '2px', fontSize: tokens.fontSizeBase100 },
  label: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  track: { height: '8px', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusSmall, overflow: 'hidden' },
  value: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  over: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * The price beside the market average, the mall average and the last approved price, as small bars on one
 * scale (an approver reads "higher than the others" faster from lengths than from four numbers).
 */
export function PriceCompareBar({ value }: { value: PriceComparison }) {
  const money = useMoney();
  const styles = useStyles();
  const { t } = useLingui();
  const bars = [
    { key: 'price', label: t`报价`, n: value.price, color: tokens.colorBrandBackground },
    { key: 'market', label: t`市场均价`, n: value.marketAvg, color: tokens.colorPaletteGreenBackground3 },
    { key: 'mall', label: t`商城均价`, n: value.mallAvgPrice, color: tokens.colorPaletteBlueBorderActive },
    { key: 'last', label: t`上次通过`, n: value.lastApprovedPrice, color: tokens.colorNeutralForeground3 },
  ];
  const max = Math.max(...bars.map((b) => b.n ?? 0), 0.01);
  const refs = bars.slice(1).map((b) => b.n).filter((n): n is number => n !== null);
  const above = refs.length > 0 && value.price > Math.max(...refs);
  const summary = bars.map((b) => `${b.label} ${b.n === null ? '—' : money(b.n)}`).join(' · ');
  return (
    <Tooltip content={summary} relationship="description">
      <div className={styles.chart} data-testid="price-compare" aria-label={summary}>
        {bars.map((b) => (
          <div key={b.key} style={{ display: 'contents' }} data-testid={`compare-${b.key}`}>
            <span className={styles.label}>{b.label}</span>
            <div className={styles.track}>
              {b.n !== null && <div style={{ width: `${Math.max(2, (b.n / max) * 100)}%`, height: '100%', backgroundColor: b.color }} />}
            </div>
            <span className={`${styles.value} ${b.key === 'price' && above ? styles.over : ''}`}>{b.n === null ? '—' : money(b.n)}</span>
          </div>
        ))}
      </div>
    </Tooltip>
  );
}
