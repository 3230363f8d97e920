// Goods for recipe foods (issue 15, §7 POST /v4/mall/recipe/initproduct): a supplier picks the foods schools'
// recipes use and gets one product per food he does not carry yet. One call may create hundreds of products:
// the service gives it the §9 20 s timeout.
import { useState } from 'react';
import { Button, makeStyles, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { SearchAddBox } from '../../../components/SearchAddBox.tsx';
import { foodIngredientsQuery, type FoodIngredient } from '../../../../services/recipes.ts';
import { initRecipeProducts } from '../../../../services/mall/catalogue.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(480px, 86vw)' } });

export function InitProductsDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<FoodIngredient[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery({ ...foodIngredientsQuery(open && ready && search.trim() ? orgApp?.orgId : undefined, { query: search.trim(), $limit: 20 }) });

  const close = () => { setPicked([]); setSearch(''); setError(null); onClose(); };
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await initRecipeProducts(picked.map((f) => f.foodId));
      const created = res.created.length;
      const existing = res.existing.length;
      close();
      onDone(t`已新建 ${created} 个商品，${existing} 种食材已有商品`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open} title={<Trans>按食材新建商品</Trans>} testId="init-products" contentClassName={s.form} busy={busy} error={error}
      onClose={close} onSubmit={() => void submit()} submitDisabled={!picked.length} submitLabel={<Trans>新建商品</Trans>}
    >
      <Text><Trans>为所选食材各新建一个商品（生），已有同名或已关联该食材的商品不再新建。</Trans></Text>
      <SearchAddBox
        search={search} onSearch={setSearch} rows={found.data?.rows ?? []}
        onAdd={(f) => setPicked((list) => (list.some((x) => x.foodId === f.foodId) ? list : [...list, f]))}
        keyOf={(f) => f.foodId} textOf={(f) => f.nameZh} labelOf={(f) => `${f.nameZh}（${f.group}）`}
        placeholder={t`输入食材名称或拼音首字母`} testId="init-products-search"
      />
      {picked.length === 0
        ? <Text><Trans>尚未选择食材</Trans></Text>
        : (
          <TagGroup onDismiss={(_, d) => setPicked((list) => list.filter((f) => f.foodId !== d.value))} data-testid="init-products-picked">
            {picked.map((f) => <Tag key={f.foodId} value={f.foodId} dismissible>{f.nameZh}</Tag>)}
          </TagGroup>
        )}
      {picked.length > 0 && <Button appearance="subtle" onClick={() => setPicked([])}><Trans>清空</Trans></Button>}
    </FormDialog>
  );
}
