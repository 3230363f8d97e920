// Batch actions on the selected products beyond the shelf toggle (issue 15): raw or cooked for all of them
// (§7 POST /v4/mall/product/rawripe) and every SKU of them enabled or disabled (§7 PUT
// /v5/mall/sku/relationlock/skustatus). Each is one all-or-nothing call; a menu keeps them reachable on phones.
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { PAGE } from '../../../../domain/constants.ts';
import { listSkus, setRawRipe, setSkuStatus } from '../../../../services/mall/catalogue.ts';
import { errorText } from '../shared/errors.ts';

type Action = { kind: 'rawRipe'; rawRipe: 'raw' | 'ripe' } | { kind: 'skuStatus'; enable: boolean };

export function ProductBatchMenu({ productIds, onDone, onError }: { productIds: string[]; onDone: () => void; onError: (message: string) => void }) {
  const run = useMutation({
    mutationFn: async (action: Action) => {
      if (action.kind === 'rawRipe') return setRawRipe(productIds, action.rawRipe);
      // the SKUs of the selected products, in the §9 batch size of an id list
      const skus = await listSkus({ productId: productIds.join(','), $limit: PAGE.generic });
      if (skus.rows.length) await setSkuStatus(skus.rows.map((k) => k.skuId), action.enable);
      return skus;
    },
    onSuccess: onDone,
    onError: (e) => onError(errorText(e)),
  });
  const disabled = !productIds.length || run.isPending;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<MoreHorizontalRegular />} disabled={disabled} data-testid="product-batch-more"><Trans>更多批量操作</Trans></Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => run.mutate({ kind: 'rawRipe', rawRipe: 'raw' })} data-testid="product-batch-raw"><Trans>标为生</Trans></MenuItem>
          <MenuItem onClick={() => run.mutate({ kind: 'rawRipe', rawRipe: 'ripe' })} data-testid="product-batch-ripe"><Trans>标为熟</Trans></MenuItem>
          <MenuItem onClick={() => run.mutate({ kind: 'skuStatus', enable: false })} data-testid="product-batch-sku-off"><Trans>停用全部 SKU</Trans></MenuItem>
          <MenuItem onClick={() => run.mutate({ kind: 'skuStatus', enable: true })} data-testid="product-batch-sku-on"><Trans>启用全部 SKU</Trans></MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
