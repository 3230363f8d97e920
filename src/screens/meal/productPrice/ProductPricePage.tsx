// §2 productPrice. A supplier (2) or its salesman (6) prices each SKU for the purchaser role groups it serves
// (SKUs × role groups), with start and end dates; each cell being edited is a priceApproval actor spawned
// by the screen's board actor. A school (purchaser) sees only the effective, approved prices.
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useMoney } from '../../../components/useMoney.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { WIDER_THAN_PHONE_MEDIA } from '../../../../domain/viewport.ts';
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
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
import { EditRegular, SearchRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { ROLE_CODE } from '../../../../domain/constants.ts';
import { DEFAULT_PRICE_END, DEFAULT_PRICE_START } from '../../../../domain/priceApproval.ts';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import {
  latestPricesQuery,
  priceableSkusQuery,
  roleGroupConfigsQuery,
  type Price,
  type RoleGroupConfig,
  type Sku,
} from '../../../../services/mall/catalogue.ts';
import { FrozenBuyersNotice } from '../prices/FrozenBuyersNotice.tsx';
import { PriceStatusBadge, type PriceState } from '../prices/PriceStatusBadge.tsx';
import { stateOf, usePriceActor, usePriceBoard, usePriceDeadline, type PriceBoardRef } from '../prices/usePriceBoard.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { unitName } from '../../../components/unitNames.ts';
import { DateInput } from '../../../components/DateInput.tsx';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  // on a phone the table's header row is gone (cells stack, usePhoneStyles): each price names its role group
  phoneGroup: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, [WIDER_THAN_PHONE_MEDIA]: { display: 'none' } },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  cell: { display: 'flex', flexDirection: 'column', gap: '2px', alignItems: 'flex-start', paddingBlock: tokens.spacingVerticalXS },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  price: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  remark: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  dates: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const cellKey = (skuId: string, roleGroupId: string) => `${skuId}|${roleGroupId}`;
const serverState = (p: Price | undefined): PriceState => (p ? p.status : 'none');
const dateText = (p: Price, date: (day: string) => string) =>
  p.startDate === DEFAULT_PRICE_START && p.endDate === DEFAULT_PRICE_END ? '' : `${date(p.startDate)} ~ ${p.endDate === DEFAULT_PRICE_END ? '' : date(p.endDate)}`;

export default function ProductPricePage() {
  const { roles, isLoading } = usePowers();
  if (isLoading) return <Spinner />;
  const prices = roles.some((r) => r.code === ROLE_CODE.supplier || r.code === ROLE_CODE.salesman);
  return prices ? <SupplierPrices /> : <EffectivePrices />;
}

// ---------------------------------------------------------------------------------------------------
// supplier / salesman

function SupplierPrices() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const orgId = useCurrentOrgApp()?.orgId ?? '';
  const board = usePriceBoard();
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<{ sku: Sku; group: RoleGroupConfig; price: Price | undefined } | null>(null);

  const groups = useQuery(roleGroupConfigsQuery(orgId));
  const skuQuery = { name: search || undefined, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const skus = useQuery(priceableSkusQuery(orgId, skuQuery));
  const skuIds = (skus.data?.rows ?? []).map((s) => s.skuId).join(',');
  const latestQuery = { skuId: skuIds, $limit: 1000 };
  const latest = useQuery({ ...latestPricesQuery(orgId, latestQuery), enabled: !!orgId && !!skuIds });
  const byCell = useMemo(() => new Map((latest.data?.rows ?? []).map((p) => [cellKey(p.skuId, p.roleGroupId), p])), [latest.data]);

  // fresh rows reach the price actors (approved elsewhere, superseded by a newer approval)
  useEffect(() => {
    if (latest.data) board.send({ type: 'ROWS', rows: latest.data.rows });
  }, [board, latest.data]);

  const open = (sku: Sku, group: RoleGroupConfig) => {
    const price = byCell.get(cellKey(sku.skuId, group.roleGroupId));
    const key = cellKey(sku.skuId, group.roleGroupId);
    board.send({ type: 'UNTRACK', key });
    board.send({
      type: 'TRACK', key,
      input: { now: Date.now(), skuId: sku.skuId, roleGroupId: group.roleGroupId, config: group, price: price ?? null, lastApprovedAt: price?.lastApprovedAt ?? null },
    });
    setEditing({ sku, group, price });
  };
  const close = () => {
    if (editing) board.send({ type: 'UNTRACK', key: cellKey(editing.sku.skuId, editing.group.roleGroupId) });
    setEditing(null);
  };

  const total = skus.data?.count ?? 0;
  const error = groups.error ?? skus.error ?? latest.error;
  return (
    <div className={styles.root} data-testid="product-price-page">
      <Title3><Trans>商品价格</Trans></Title3>
      <FilterBar
        search={(
          <Input
            contentBefore={<SearchRegular />}
            placeholder={t`搜索 SKU 名称`}
            aria-label={t`搜索 SKU 名称`}
            value={name}
            onChange={(_, d) => setName(d.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { setSearch(name.trim()); setPage(0); } }}
            data-testid="price-sku-search"
          />
        )}
        actions={<Button onClick={() => { setSearch(name.trim()); setPage(0); }} data-testid="price-sku-search-go"><Trans>查询</Trans></Button>}
      />
      <div className={styles.bar}>
        <Text className={styles.muted}>
          <Trans>需要审核的采购角色组中，新价格或改价在审核通过前不生效；已通过的价格在审核周期内是否可改由角色组配置决定。</Trans>
        </Text>
      </div>
      <FrozenBuyersNotice />
      {error && (
        <MessageBar intent="error"><MessageBarBody>{error.message}</MessageBarBody></MessageBar>
      )}
      {groups.data && groups.data.length === 0 && (
        <MessageBar intent="warning"><MessageBarBody><Trans>还没有采购角色组，无法定价。</Trans></MessageBarBody></MessageBar>
      )}
      <Table size="small" aria-label={t`商品价格`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>SKU</Trans></TableHeaderCell>
            {(groups.data ?? []).map((g) => (
              <TableHeaderCell key={g.roleGroupId}>
                {g.groupName}
                {g.priceApprovalEnable && <Text className={styles.muted}>&nbsp;<Trans>（需审核）</Trans></Text>}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {(skus.data?.rows ?? []).map((sku) => (
            <TableRow key={sku.skuId} data-testid="price-row" data-sku-id={sku.skuId} data-sku-name={sku.name}>
              <TableCell>
                <div className={styles.cell}>
                  <Text>{sku.name}</Text>
                  <Text className={styles.muted}>{[sku.spec, unitName(i18n, sku.unit)].filter(Boolean).join(' / ')}</Text>
                </div>
              </TableCell>
              {(groups.data ?? []).map((g) => (
                <TableCell key={g.roleGroupId}>
                  <PriceCell price={byCell.get(cellKey(sku.skuId, g.roleGroupId))} groupName={g.groupName} onEdit={() => open(sku, g)} roleGroupId={g.roleGroupId} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {skus.isLoading && <Spinner size="small" />}
      {skus.data && total === 0 && <Text className={styles.muted}><Trans>没有 SKU</Trans></Text>}
      <div className={styles.pager}>
        <Button disabled={page === 0} onClick={() => setPage(page - 1)}><Trans>上一页</Trans></Button>
        <Text>{`${Math.min(total, page * PAGE_SIZE + 1)}–${Math.min(total, (page + 1) * PAGE_SIZE)} / ${total}`}</Text>
        <Button disabled={(page + 1) * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}><Trans>下一页</Trans></Button>
      </div>
      {editing && <PriceDialog board={board} sku={editing.sku} group={editing.group} onClose={close} />}
    </div>
  );
}

function PriceCell({ price, onEdit, groupName, roleGroupId }: { price: Price | undefined; onEdit: () => void; groupName: string; roleGroupId: string }) {
  const money = useMoney();
  const styles = useStyles();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const state = serverState(price);
  return (
    <div className={styles.cell} data-testid="price-cell" data-role-group-id={roleGroupId} data-state={state}>
      <Text className={styles.phoneGroup}>{groupName}</Text>
      <div className={styles.line}>
        {price && <span className={styles.price} data-testid="price-value">{money(price.price)}</span>}
        <PriceStatusBadge state={state} />
        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={onEdit} aria-label={t`为 ${groupName} 定价`} data-testid="price-edit">
          {price ? <Trans>改价</Trans> : <Trans>定价</Trans>}
        </Button>
      </div>
      {price && dateText(price, fmt.date) && <Text className={styles.muted}>{dateText(price, fmt.date)}</Text>}
      {price?.status === 'rejected' && price.extraInfo.checkRemark && (
        <Text className={styles.remark}><Trans>驳回原因：</Trans><span data-testid="price-remark">{price.extraInfo.checkRemark}</span></Text>
      )}
      {price?.status === 'pending' && price.lastApprovedPrice !== null && price.lastApprovedPrice !== undefined && (
        <Text className={styles.muted}><Trans>当前生效：</Trans><span>{money(price.lastApprovedPrice)}</span></Text>
      )}
    </div>
  );
}

function PriceDialog({ board, sku, group, onClose }: { board: PriceBoardRef; sku: Sku; group: RoleGroupConfig; onClose: () => void }) {
  const money = useMoney();
  const styles = useStyles();
  const { t } = useLingui();
  const actor = usePriceActor(board, cellKey(sku.skuId, group.roleGroupId));
  usePriceDeadline(actor);
  const view = useSelector(actor, (s) => s && {
    state: stateOf(s),
    submitting: s.matches({ draft: 'submitting' }),
    draft: s.context.draft,
    error: s.context.error,
    refusal: s.context.refusal,
    price: s.context.price,
  });
  const [form, setForm] = useState(() => ({
    price: view?.draft.price ?? '',
    startDate: view?.draft.startDate && view.draft.startDate !== DEFAULT_PRICE_START ? view.draft.startDate : '',
    endDate: view?.draft.endDate && view.draft.endDate !== DEFAULT_PRICE_END ? view.draft.endDate : '',
  }));
  const [sent, setSent] = useState(false);
  // once a submission settles outside the draft, the price is saved: close
  useEffect(() => {
    if (sent && view && view.state !== 'draft') onClose();
  }, [sent, view, onClose]);
  if (!actor || !view) return null;

  const submit = () => {
    actor.send({ type: 'EDIT', price: form.price.trim(), startDate: form.startDate || DEFAULT_PRICE_START, endDate: form.endDate || DEFAULT_PRICE_END });
    actor.send({ type: 'SUBMIT' });
    setSent(actor.getSnapshot().matches({ draft: 'submitting' }));
  };
  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} data-testid="price-dialog">
        <DialogBody>
          <DialogTitle>{`${sku.name} · ${group.groupName}`}</DialogTitle>
          <DialogContent className={styles.form}>
            <div className={styles.line}>
              <Text><Trans>当前状态</Trans></Text>
              <PriceStatusBadge state={view.price ? view.state : 'none'} />
              {view.price && <span className={styles.price}>{money(view.price.price)}</span>}
            </div>
            {view.state === 'rejected' && view.price?.extraInfo?.checkRemark && (
              <Text className={styles.remark}><Trans>驳回原因：</Trans><span>{view.price.extraInfo.checkRemark}</span></Text>
            )}
            <Field label={t`价格（元）`} required>
              <NumberInput
                value={form.price.trim() === '' || !Number.isFinite(Number(form.price)) ? null : Number(form.price)} min={0} precision={2} step={0.1}
                onChange={(n) => setForm((f) => ({ ...f, price: n === null ? '' : String(n) }))} data-testid="price-input"
              />
            </Field>
            <div className={styles.dates}>
              <Field label={t`开始日期`}>
                <DateInput value={form.startDate} onChange={(_, d) => setForm({ ...form, startDate: d.value })} data-testid="price-start" />
              </Field>
              <Field label={t`结束日期`}>
                <DateInput value={form.endDate} onChange={(_, d) => setForm({ ...form, endDate: d.value })} data-testid="price-end" />
              </Field>
            </div>
            <Text className={styles.muted}><Trans>日期不填时价格长期有效。</Trans></Text>
            {group.priceApprovalEnable && (
              <Text className={styles.muted}><Trans>该角色组的价格需要教育局审核，审核通过后生效。</Trans></Text>
            )}
            {view.refusal && (
              <MessageBar intent="warning" data-testid="price-refusal">
                <MessageBarBody><MessageBarTitle><Trans>不能修改</Trans></MessageBarTitle>{view.refusal}</MessageBarBody>
              </MessageBar>
            )}
            {view.error && (
              <MessageBar intent="error" data-testid="price-error">
                <MessageBarBody><MessageBarTitle><Trans>提交失败</Trans></MessageBarTitle>{view.error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="price-cancel"><Trans>取消</Trans></Button>
            <Button appearance="primary" onClick={submit} disabled={view.submitting} data-testid="price-submit">
              {view.submitting ? <Spinner size="tiny" /> : <Trans>提交</Trans>}
            </Button>
          </DialogActions>
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// school: the effective approved prices of its suppliers

function EffectivePrices() {
  const money = useMoney();
  const styles = useStyles();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const orgId = useCurrentOrgApp()?.orgId ?? '';
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const query = { keyword: search || undefined, $limit: 200 };
  const prices = useQuery(latestPricesQuery(orgId, query));
  return (
    <div className={styles.root} data-testid="effective-price-page">
      <Title3><Trans>商品价格</Trans></Title3>
      <div className={styles.bar}>
        <Input
          contentBefore={<SearchRegular />}
          placeholder={t`搜索商品或 SKU`}
          value={keyword}
          onChange={(_, d) => setKeyword(d.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') setSearch(keyword.trim()); }}
          data-testid="effective-price-search"
        />
        <Button onClick={() => setSearch(keyword.trim())} data-testid="effective-price-search-go"><Trans>查询</Trans></Button>
        <Text className={styles.muted}><Trans>只显示审核通过、当前有效的价格。</Trans></Text>
      </div>
      {prices.error && <MessageBar intent="error"><MessageBarBody>{prices.error.message}</MessageBarBody></MessageBar>}
      <Table size="small" aria-label={t`有效价格`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>商品</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>SKU</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>供应商</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>价格（元）</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>有效期</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(prices.data?.rows ?? []).map((p) => (
            <TableRow key={p.id} data-testid="effective-price-row" data-sku-id={p.skuId}>
              <TableCell>{p.productName}</TableCell>
              <TableCell>{p.skuName}</TableCell>
              <TableCell>{p.supplierName}</TableCell>
              <TableCell><span className={styles.price} data-testid="price-value">{money(p.price)}</span></TableCell>
              <TableCell>{dateText(p, fmt.date) || t`长期`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {prices.isLoading && <Spinner size="small" />}
      {prices.data && prices.data.rows.length === 0 && <Text className={styles.muted}><Trans>没有有效价格</Trans></Text>}
    </div>
  );
}
