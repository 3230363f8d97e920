// §2 mallHome 商城首页 (issue 34): the storefront as the org's members see it, at phone size (360 px), at a chosen time
// (scheduled content shows from its time; every level's campaigns), beside its template's editor and the link to share.
import { useState } from 'react';
import { Field, Input, Link, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { previewQuery } from '../../../../services/mall/storefrontAdmin.ts';
import { Home } from '../../../storefront/Home.tsx';
import { TemplateEditor } from './MallTemplateManagePage.tsx';
import { useStyles } from './RecordsScreen.tsx';

export default function MallHomePage() {
  const styles = useStyles();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const [at, setAt] = useState('');
  const preview = useQuery(previewQuery(orgApp?.orgId, at ? new Date(at).toISOString() : ''));
  const link = orgApp ? `${location.origin}/mall.html?shop=${encodeURIComponent(orgApp.orgId)}` : '';
  return (
    <div className={styles.root} data-testid="mall-home">
      <Text weight="semibold" size={500}><Trans>商城首页</Trans></Text>
      <Text className={styles.meta}><Trans>会员用手机打开：</Trans> <Link href={link} target="_blank" data-testid="mall-home-link">{link}</Link></Text>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}><TemplateEditor /></div>
        <div>
          <Field label={t`预览时间（留空为现在）`}>
            <Input type="datetime-local" value={at} onChange={(_, d) => setAt(d.value)} data-testid="mall-home-at" />
          </Field>
          <div style={{ width: 360, height: 640, overflow: 'auto', border: '8px solid #222', borderRadius: 24, marginTop: 8 }} data-testid="mall-home-preview">
            {preview.isLoading && <Spinner />}
            {preview.error && <MessageBar intent="error"><MessageBarBody>{(preview.error as Error).message}</MessageBarBody></MessageBar>}
            {preview.data && (
              <div className="sf">
                <header className="sf-bar"><h1>{preview.data.shopName}</h1></header>
                <Home home={preview.data} />
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
