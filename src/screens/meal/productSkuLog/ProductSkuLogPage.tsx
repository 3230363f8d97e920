// §2 productSkuLog: the SKU log. A supplier reads §7 GET /v4/mall/sku/log (his SKUs, products and prices: every
// creation, change and decision is an event); a bureau, who reads the prices of its area's suppliers and has no
// goods of its own, reads the price log (/v5/mall/sku/price/log). Newest first: who, when, what.
import { useMoney } from '../../../components/useMoney.ts';
import { useMemo, useState } from 'react';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PRICE_END, DEFAULT_PRICE_START } from '../../../../domain/priceApproval.ts';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import { writesGoods } from '../../../../domain/mallCatalogue.ts';
import { priceLogQuery, pricesQuery, skuLogQuery, type PriceLogRow } from '../../../../services/mall/catalogue.ts';
import { PriceStatusBadge, type PriceState } from '../prices/PriceStatusBadge.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';

const PAGE_SIZE = 50;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  stack: { display: 'flex', flexDirection: 'column', gap: '2px' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  price: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});


const decidedState = (isCheck: number | undefined): PriceState => (isCheck === 1 ? 'approved' : isCheck === -2 ? 'rejected' : 'pending');
/** What a SKU event says of the SKU: its name, spec and unit where the event carries them. */
const skuText = (d: PriceLogRow['data']) => [d.name, d.spec, d.unit].filter((x) => typeof x === 'string' && x).join(' / ');

export default function ProductSkuLogPage() {
  const fmt = useIntlFormat();
  const styles = useStyles();
  const { t } = useLingui();
  const orgId = useCurrentOrgApp()?.orgId ?? '';
  const [page, setPage] = useState(0);
  const query = { $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const supplierSide = writesGoods(usePowers());
  const skuLog = useQuery({ ...skuLogQuery(orgId, query), enabled: !!orgId && supplierSide });
  const priceLog = useQuery({ ...priceLogQuery(orgId, query), enabled: !!orgId && !supplierSide });
  const log = supplierSide ? skuLog : priceLog;
  const ids = useMemo(() => [...new Set((log.data?.rows ?? []).map((r) => r.skuPriceId).filter(Boolean))].sort().join(','), [log.data]);
  // names of the SKUs and role groups the page's events are about (deleted prices included)
  const priceQuery = { id: ids, $limit: 1000, includeDeleted: 1 as const };
  const prices = useQuery({ ...pricesQuery(orgId, priceQuery), enabled: !!orgId && !!ids });
  const byId = useMemo(() => new Map((prices.data?.rows ?? []).map((p) => [p.id, p])), [prices.data]);

  const money = useMoney();
  const what = (r: PriceLogRow) => {
    const d = r.data;
    const range = d.startDate && d.endDate && !(d.startDate === DEFAULT_PRICE_START && d.endDate === DEFAULT_PRICE_END) ? `（${fmt.date(d.startDate)} ~ ${fmt.date(d.endDate)}）` : '';
    switch (r.type) {
      case 'SkuPriceCreated': return { action: t`新增价格`, detail: `${money(Number(d.price))}${range}`, state: decidedState(d.isCheck) };
      case 'SkuPriceChanged': return { action: t`修改价格`, detail: `${money(Number(d.price))}${range}`, state: decidedState(d.isCheck) };
      case 'SkuPriceDecided':
        return { action: d.isCheck === 1 ? t`审核通过` : t`审核驳回`, detail: d.checkRemark ?? '', state: decidedState(d.isCheck) };
      case 'SkuPriceDeleted':
        return { action: d.supersededBy ? t`被新价格替代` : t`删除价格`, detail: '', state: (d.supersededBy ? 'superseded' : 'deleted') as PriceState };
      case 'SkuCreated': return { action: t`新增 SKU`, detail: skuText(d), state: null };
      case 'SkuUpdated': return { action: d.enable === false ? t`停用 SKU` : d.enable === true ? t`启用 SKU` : t`修改 SKU`, detail: skuText(d), state: null };
      case 'SkuDeleted': return { action: t`删除 SKU`, detail: '', state: null };
      case 'ProductCreated': return { action: t`新增商品`, detail: String(d.name ?? ''), state: null };
      case 'ProductUpdated': return { action: t`修改商品`, detail: String(d.name ?? ''), state: null };
      case 'ProductDeleted': return { action: t`删除商品`, detail: '', state: null };
      default: return { action: r.type, detail: '', state: null };
    }
  };

  const total = log.data?.count ?? 0;
  return (
    <div className={styles.root} data-testid="price-log-page">
      <div className={styles.bar}>
        <Title3>{supplierSide ? <Trans>商品变更日志</Trans> : <Trans>价格日志</Trans>}</Title3>
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void log.refetch()} data-testid="price-log-refresh"><Trans>刷新</Trans></Button>
      </div>
      {log.error && <MessageBar intent="error"><MessageBarBody>{log.error.message}</MessageBarBody></MessageBar>}
      <Table size="small" aria-label={t`价格日志`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>时间</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作人</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>SKU / 采购角色组</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>内容</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(log.data?.rows ?? []).map((r) => {
            const w = what(r);
            const p = byId.get(r.skuPriceId);
            return (
              <TableRow key={r.id} data-testid="price-log-row" data-type={r.type} data-sku-id={p?.skuId ?? r.data.skuId ?? ''} data-price-id={r.skuPriceId}>
                <TableCell><Text className={styles.muted}>{fmt.dateTime(r.time, true)}</Text></TableCell>
                <TableCell data-testid="price-log-user">{r.username ?? '—'}</TableCell>
                <TableCell>
                  <div className={styles.stack}>
                    <Text>{p ? p.skuName : r.skuPriceId.slice(0, 8)}</Text>
                    {p && <Text className={styles.muted}>{p.roleGroupName}</Text>}
                  </div>
                </TableCell>
                <TableCell>
                  <div className={styles.stack}>
                    <Text data-testid="price-log-action">{w.action}</Text>
                    {w.state && <PriceStatusBadge state={w.state} outcome />}
                  </div>
                </TableCell>
                <TableCell><Text data-testid="price-log-detail">{w.detail}</Text></TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {log.isLoading && <Spinner size="small" />}
      {log.data && total === 0 && <Text className={styles.muted}><Trans>还没有价格记录</Trans></Text>}
      <div className={styles.pager}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>上一页</Trans></Button>
        <Text>{`${Math.min(total, page * PAGE_SIZE + 1)}–${Math.min(total, (page + 1) * PAGE_SIZE)} / ${total}`}</Text>
        <Button disabled={(page + 1) * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}><Trans>下一页</Trans></Button>
      </div>
    </div>
  );
}
