// §2 mallTemplateManage 模板管理 (issue 34): the org picks one of a few block layouts for its storefront, names the shop,
// gives blocks their headings or hides them, and opens the storefront to members.
import { useEffect, useState } from 'react';
import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Spinner, Switch, Text } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { saveStorefrontTemplate, storefrontKeys, templateQuery } from '../../../../services/mall/storefrontAdmin.ts';
import { STOREFRONT_LAYOUTS, type StorefrontBlock, type StorefrontLayout, type StorefrontTemplate } from '../../../../domain/mall/content.ts';
import { useStyles } from './RecordsScreen.tsx';

export function useBlockNames() {
  const { t } = useLingui();
  const blocks: Record<StorefrontBlock, string> = {
    banners: t`横幅`, notices: t`通知`, campaigns: t`优惠活动`, groupons: t`团购`, recommendations: t`为你推荐`, articles: t`文章`,
  };
  const layouts: Record<StorefrontLayout, string> = { classic: t`经典：横幅、通知、优惠在前`, grouponFirst: t`团购优先`, newsFirst: t`资讯优先` };
  return { blocks, layouts };
}

export function TemplateEditor({ onSaved }: { onSaved?: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const query = useQuery(templateQuery(orgApp?.orgId));
  const names = useBlockNames();
  const [draft, setDraft] = useState<StorefrontTemplate | null>(null);
  // the version the draft was read at, sent with the save (409 when someone saved in between); the save's answer
  // carries the new one, so a second save from this screen is not stale
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data && !draft) {
      setDraft({ layout: query.data.layout, shopName: query.data.shopName, blocks: query.data.blocks, open: query.data.open });
      setVersion(query.data.version);
    }
  }, [query.data, draft]);
  if (!draft) return query.error ? <MessageBar intent="error"><MessageBarBody>{(query.error as Error).message}</MessageBarBody></MessageBar> : <Spinner />;
  const fill = (block: StorefrontBlock) => draft.blocks.find((b) => b.block === block) ?? { block };
  const setFill = (block: StorefrontBlock, change: { hidden?: boolean; title?: string }) =>
    setDraft({ ...draft, blocks: [...draft.blocks.filter((b) => b.block !== block), { ...fill(block), ...change }] });
  const save = async () => {
    setError(null);
    setSaved(false);
    try {
      const after = await saveStorefrontTemplate({ ...draft, blocks: draft.blocks.map((b) => ({ block: b.block, ...(b.hidden && { hidden: true }), ...(b.title?.trim() && { title: b.title.trim() }) })) }, version);
      setVersion(after.version);
      await client.invalidateQueries({ queryKey: storefrontKeys.all });
      setSaved(true);
      onSaved?.();
    } catch (e) {
      setError((e as Error).message);
      // someone saved first: start again from what is there now (the stale toast says who), not from the old version
      if (isStaleVersion(e)) {
        const fresh = await client.fetchQuery({ ...templateQuery(orgApp?.orgId), staleTime: 0 });
        setDraft({ layout: fresh.layout, shopName: fresh.shopName, blocks: fresh.blocks, open: fresh.open });
        setVersion(fresh.version);
      }
    }
  };
  return (
    <div className={styles.form} data-testid="template-editor">
      <Field label={t`商城名称`} required>
        <Input value={draft.shopName} onChange={(_, d) => setDraft({ ...draft, shopName: d.value })} data-testid="template-shop-name" />
      </Field>
      <Field label={t`布局`}>
        <Dropdown value={names.layouts[draft.layout]} selectedOptions={[draft.layout]} onOptionSelect={(_, d) => setDraft({ ...draft, layout: d.optionValue as StorefrontLayout })} data-testid="template-layout">
          {(Object.keys(STOREFRONT_LAYOUTS) as StorefrontLayout[]).map((l) => <Option key={l} value={l}>{names.layouts[l]}</Option>)}
        </Dropdown>
      </Field>
      {STOREFRONT_LAYOUTS[draft.layout].map((block) => (
        <div key={block} className={styles.bar}>
          <Switch checked={!fill(block).hidden} onChange={(_, d) => setFill(block, { hidden: !d.checked })} label={names.blocks[block]} />
          <Input placeholder={t`区块标题（留空用默认）`} value={fill(block).title ?? ''} onChange={(_, d) => setFill(block, { title: d.value })} />
        </div>
      ))}
      <Switch checked={draft.open} onChange={(_, d) => setDraft({ ...draft, open: d.checked })} label={t`对会员开放商城`} data-testid="template-open" />
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {saved && <Text className={styles.meta}><Trans>已保存</Trans></Text>}
      <div><Button appearance="primary" onClick={() => void save()} data-testid="template-save"><Trans>保存</Trans></Button></div>
    </div>
  );
}

export default function MallTemplateManagePage() {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="template-manage">
      <Text weight="semibold" size={500}><Trans>模板管理</Trans></Text>
      <TemplateEditor />
    </div>
  );
}
