// xgOrgSkuManage (issue 34): a fruit org's goods. Each is a catalogue product with one SKU (photos, spec, unit, on or
// off the shelf) whose offer is a price per member level (LV1 required: the price of a level without its own), a
// stock per school day and the months it is in season. The server checks the offer (domain/fruitMall.ts
// fruitOfferProblem) and its refusal is shown in its words.
import { useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Switch, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MEMBER_LEVEL } from '../../../../domain/constants.ts';
import { createFruitSku, fruitKeys, fruitSkusQuery, updateFruitSku, type FruitSkuInput, type FruitSkuRow } from '../../../../services/fruitMall.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { shrinkPhoto } from '../mallOrderReturnManage/returnView.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  photo: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  months: { display: 'grid', gridTemplateColumns: 'repeat(6, auto)', gap: tokens.spacingHorizontalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const blank = (): FruitSkuInput => ({ name: '', spec: '', unit: '个', photos: [], onShelf: true, offer: { levelPrices: { [DEFAULT_MEMBER_LEVEL]: 0 }, dailyStock: 100, season: [] } });

export default function XgOrgSkuManagePage() {
  const { t } = useLingui();
  const money = useMoney();
  const { orgApp, ready } = useOrgQueryKey();
  const list = useQuery({ ...fruitSkusQuery(orgApp?.orgId), enabled: ready });
  const [editing, setEditing] = useState<{ row: FruitSkuRow | null } | null>(null);
  const columns: Column<FruitSkuRow>[] = [
    { key: 'name', header: <Trans>商品</Trans>, render: (r) => <span data-testid="fruit-sku-name">{r.name}</span>, phone: 'title' },
    { key: 'spec', header: <Trans>规格</Trans>, render: (r) => `${r.spec} / ${r.unit}` },
    { key: 'prices', header: <Trans>会员价</Trans>, render: (r) => Object.entries(r.offer.levelPrices).map(([level, p]) => `${level} ${money(p)}`).join('，') },
    { key: 'stock', header: <Trans>每日库存</Trans>, render: (r) => r.offer.dailyStock },
    { key: 'season', header: <Trans>供应季节</Trans>, render: (r) => (r.offer.season.length ? r.offer.season.map((m) => t`${m}月`).join(' ') : t`全年`) },
    { key: 'shelf', header: <Trans>状态</Trans>, render: (r) => <Badge appearance="tint" color={r.onShelf ? 'success' : 'informative'}>{r.onShelf ? t`上架` : t`下架`}</Badge> },
    { key: 'actions', header: <Trans>操作</Trans>, render: (r) => <Button size="small" appearance="subtle" onClick={() => setEditing({ row: r })} data-testid="fruit-sku-edit"><Trans>编辑</Trans></Button> },
  ];
  return (
    <ScreenFrame
      title={<Trans>鲜果机构商品管理</Trans>} testId="screen-xgOrgSkuManage" error={list.error ? errorText(list.error) : null}
      actions={<Button appearance="primary" onClick={() => setEditing({ row: null })} data-testid="fruit-sku-new"><Trans>新增商品</Trans></Button>}
    >
      {list.isLoading ? <Text><Trans>加载中</Trans></Text> : <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(r) => r.skuId} testId="fruit-sku-table" />}
      {!list.isLoading && !list.data?.rows.length && <Text><Trans>还没有商品</Trans></Text>}
      {editing && <SkuDialog row={editing.row} onClose={() => setEditing(null)} />}
    </ScreenFrame>
  );
}

function SkuDialog({ row, onClose }: { row: FruitSkuRow | null; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const [form, setForm] = useState<FruitSkuInput>(() => (row ? { name: row.name, spec: row.spec, unit: row.unit, photos: row.photos, onShelf: row.onShelf, offer: row.offer } : blank()));
  const [newLevel, setNewLevel] = useState('');
  const save = useMutation({
    // an edit sends the version it read: a SKU changed meanwhile is the shared 409 (services/transport.ts)
    mutationFn: () => (row ? updateFruitSku(row.skuId, { ...form, version: row.version }) : createFruitSku(form)),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: fruitKeys.all }); onClose(); },
  });
  const setOffer = (offer: Partial<FruitSkuInput['offer']>) => setForm({ ...form, offer: { ...form.offer, ...offer } });
  const addPhoto = async (files: FileList | null) => {
    const shrunk = (await Promise.all([...(files ?? [])].map(shrinkPhoto))).filter((p): p is string => !!p);
    setForm((f) => ({ ...f, photos: [...f.photos, ...shrunk].slice(0, 6) }));
  };
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{row ? <Trans>编辑商品</Trans> : <Trans>新增商品</Trans>}</DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>商品名称</Trans>} required><Input value={form.name} onChange={(_, d) => setForm({ ...form, name: d.value })} data-testid="fruit-sku-name-input" /></Field>
            <div className={s.row}>
              <Field label={<Trans>规格</Trans>}><Input value={form.spec} onChange={(_, d) => setForm({ ...form, spec: d.value })} data-testid="fruit-sku-spec" /></Field>
              <Field label={<Trans>单位</Trans>} required><Input value={form.unit} onChange={(_, d) => setForm({ ...form, unit: d.value })} data-testid="fruit-sku-unit" /></Field>
              <Field label={<Trans>每日库存</Trans>}><NumberInput value={form.offer.dailyStock} min={0} precision={0} fallback={0} onChange={(v) => setOffer({ dailyStock: v ?? 0 })} data-testid="fruit-sku-stock" /></Field>
            </div>
            <Text weight="semibold"><Trans>会员价（元）</Trans></Text>
            <div className={s.row}>
              {Object.entries(form.offer.levelPrices).map(([level, price]) => (
                <Field key={level} label={level}>
                  <NumberInput value={price} min={0} precision={2} fallback={0} onChange={(v) => setOffer({ levelPrices: { ...form.offer.levelPrices, [level]: v ?? 0 } })} data-testid={`fruit-sku-price-${level}`} />
                </Field>
              ))}
              <Field label={<Trans>会员等级</Trans>}><Input value={newLevel} onChange={(_, d) => setNewLevel(d.value.trim())} placeholder="LV2" data-testid="fruit-sku-level" /></Field>
              <Button disabled={!newLevel || newLevel in form.offer.levelPrices} onClick={() => { setOffer({ levelPrices: { ...form.offer.levelPrices, [newLevel]: 0 } }); setNewLevel(''); }}><Trans>添加等级价</Trans></Button>
            </div>
            <Field label={<Trans>供应季节（不选为全年）</Trans>}>
              <div className={s.months}>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                  <Checkbox key={m} label={t`${m}月`} checked={form.offer.season.includes(m)}
                    onChange={(_, d) => setOffer({ season: d.checked ? [...form.offer.season, m].sort((a, b) => a - b) : form.offer.season.filter((x) => x !== m) })} />
                ))}
              </div>
            </Field>
            <Field label={<Trans>照片</Trans>}>
              <div className={s.row}>
                {form.photos.map((p) => <img key={p.slice(-24)} src={p} alt={form.name} className={s.photo} />)}
                <input type="file" accept="image/*" multiple aria-label={t`添加照片`} onChange={(e) => void addPhoto(e.target.files)} />
              </div>
            </Field>
            <Switch label={<Trans>上架</Trans>} checked={form.onShelf} onChange={(_, d) => setForm({ ...form, onShelf: d.checked })} data-testid="fruit-sku-shelf" />
            {save.error && <Text className={s.error} role="alert">{errorText(save.error)}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={save.isPending} onClick={() => save.mutate()} data-testid="fruit-sku-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
