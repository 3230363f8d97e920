import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Image, Input, Text, Textarea, tokens } from '@fluentui/react-components';
import { ImageEditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, setProductImages, type Product } from '../../../../services/mall/catalogue.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useProductPage } from '../shared/useProductPage.ts';
import { FilterBar } from '../../../components/FilterBar.tsx';

const imagesOf = (p: Product) => (Array.isArray(p.extraInfo?.images) ? (p.extraInfo.images as string[]) : []);

/** productImageManage: product images (URLs kept in extraInfo.images), set through the bulk image call. */
export default function ProductImageManagePage() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const { query, name, setName, page, setPage, size } = useProductPage('images');
  const [editing, setEditing] = useState<{ product: Product; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (e: { product: Product; text: string }) => setProductImages([{ id: e.product.id, images: e.text.split('\n').map((l) => l.trim()).filter(Boolean) }]),
    onSuccess: () => { setEditing(null); void qc.invalidateQueries({ queryKey: productKeys.all }); },
    onError: (e) => setFormError(errorText(e)),
  });
  const columns: Column<Product>[] = [
    { key: 'name', header: <Trans>商品名称</Trans>, render: (p) => p.name },
    {
      key: 'images', header: <Trans>图片</Trans>,
      render: (p) => (
        <span style={{ display: 'flex', gap: tokens.spacingHorizontalXS }}>
          {imagesOf(p).slice(0, 4).map((src) => <Image key={src} src={src} alt={p.name} width={40} height={40} fit="cover" shape="rounded" />)}
          {!imagesOf(p).length && <Text size={200}><Trans>暂无图片</Trans></Text>}
        </span>
      ),
    },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '110px',
      render: (p) => <Button size="small" appearance="subtle" icon={<ImageEditRegular />} onClick={() => { setFormError(null); setEditing({ product: p, text: imagesOf(p).join('\n') }); }}><Trans>设置图片</Trans></Button>,
    },
  ];
  return (
    <ScreenFrame
      title={<Trans>商品图片管理</Trans>} testId="screen-productImageManage" loading={query.isLoading} error={query.error ? errorText(query.error) : null}
      toolbar={<FilterBar search={<Field label={<Trans>商品名称</Trans>}><Input value={name} onChange={(_, d) => setName(d.value)} data-testid="image-search" /></Field>} />}
    >
      <DataTable rows={query.data?.rows ?? []} columns={columns} rowKey={(p) => p.id} testId="image-table" />
      <Pager page={page} size={size} count={query.data?.count ?? 0} onPage={setPage} />
      <Dialog open={editing !== null} onOpenChange={(_, d) => { if (!d.open) setEditing(null); }}>
        <DialogSurface>
          {editing && (
            <DialogBody>
              <DialogTitle><Trans>商品图片：{editing.product.name}</Trans></DialogTitle>
              <DialogContent>
                <Field label={t`图片地址（每行一个，最多 20 个）`} validationMessage={formError ?? undefined}>
                  <Textarea rows={6} value={editing.text} onChange={(_, d) => setEditing({ ...editing, text: d.value })} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setEditing(null)}><Trans>取消</Trans></Button>
                <Button appearance="primary" disabled={save.isPending} onClick={() => save.mutate(editing)}><Trans>保存</Trans></Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
    </ScreenFrame>
  );
}
