import { useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { copyFromLibrary, libraryQuery, productKeys, type LibraryProduct } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { unitName } from '../../../components/unitNames.ts';

const PAGE_SIZE = 20;

/** standardProductManage (云商品库): the cloud library; copy products with their SKUs into the own org. */
export default function StandardProductManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const q = { name: name || undefined, $limit: PAGE_SIZE, $skip: page * PAGE_SIZE };
  const library = useQuery({ ...libraryQuery(orgApp?.orgId, orgApp?.appId, q), enabled: ready, placeholderData: keepPreviousData });
  const copy = useMutation({
    mutationFn: () => copyFromLibrary([...selected]),
    onSuccess: (r) => {
      setSelected(new Set());
      setError(null);
      setMessage(r.skipped.length ? t`已复制 ${r.created} 个商品；已有同名商品未复制：${r.skipped.join('、')}` : t`已复制 ${r.created} 个商品`);
      void qc.invalidateQueries({ queryKey: productKeys.all });
    },
    onError: (e) => setError(errorText(e)),
  });
  const columns: Column<LibraryProduct>[] = [
    {
      key: 'pick', header: '', width: '40px',
      render: (p) => <Checkbox disabled={p.copied} checked={selected.has(p.id)} aria-label={t`选择 ${p.name}`} onChange={() => setSelected((s) => { const n = new Set(s); if (n.has(p.id)) n.delete(p.id); else n.add(p.id); return n; })} />,
    },
    { key: 'name', header: <Trans>商品名称</Trans>, render: (p) => <span data-testid="library-name">{p.name}</span> },
    { key: 'skus', header: <Trans>SKU</Trans>, render: (p) => p.skus.map((k) => `${k.name}${k.spec ? ` ${k.spec}` : ''}/${unitName(i18n, k.unit)}`).join('；') },
    { key: 'copied', header: <Trans>本机构</Trans>, render: (p) => (p.copied ? <Badge appearance="tint" color="success"><Trans>已有</Trans></Badge> : null), width: '90px' },
  ];
  return (
    <ScreenFrame
      title={<Trans>云商品库</Trans>} testId="screen-standardProductManage" loading={library.isLoading} error={error ?? (library.error ? errorText(library.error) : null)}
      // the name search and the copy of the selected products (a batch action) stay in the row on a phone too
      toolbar={(
        <FilterBar
          search={<Field label={<Trans>商品名称</Trans>}><Input value={name} onChange={(_, d) => { setName(d.value); setPage(0); }} data-testid="library-search" /></Field>}
          actions={<Button appearance="primary" icon={<CopyRegular />} disabled={!selected.size || copy.isPending} onClick={() => copy.mutate()} data-testid="library-copy"><Trans>复制到本机构</Trans></Button>}
        />
      )}
    >
      {message && <Text data-testid="library-message">{message}</Text>}
      <DataTable rows={library.data?.rows ?? []} columns={columns} rowKey={(p) => p.id} testId="library-table" />
      <Pager page={page} size={PAGE_SIZE} count={library.data?.count ?? 0} onPage={setPage} />
    </ScreenFrame>
  );
}
