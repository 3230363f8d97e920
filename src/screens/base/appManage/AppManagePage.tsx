// 产品管理: each app (product) and the organisations it is deployed to, enabled or disabled per org.
import { useEffect, useState } from 'react';
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { appsQuery } from '../../../../services/apps.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { OrgAppList } from '../orgAppManage/OrgAppList.tsx';

const useStyles = makeStyles({
  picker: { padding: `${tokens.spacingVerticalL} ${tokens.spacingVerticalXL} 0`, maxWidth: '420px' },
});

export default function AppManagePage() {
  const styles = useStyles();
  const { t } = useLingui();
  const apps = useQuery(appsQuery(useCurrentOrgApp()?.orgId));
  const [appId, setAppId] = useState('');
  useEffect(() => {
    if (!appId && apps.data?.rows.length) setAppId(apps.data.rows[0].appId);
  }, [apps.data, appId]);
  const app = apps.data?.rows.find((a) => a.appId === appId);
  return (
    <div data-testid="app-manage-page">
      <Field label={t`产品`} className={styles.picker}>
        <Select value={appId} onChange={(_, d) => setAppId(d.value)} data-testid="app-manage-app">
          {(apps.data?.rows ?? []).map((a) => <option key={a.appId} value={a.appId}>{`${a.appName}（${a.appId}，${a.orgCount}）`}</option>)}
        </Select>
      </Field>
      {appId && <OrgAppList key={appId} title={app ? t`${app.appName} 的机构` : t`产品管理`} testId="app-manage-orgs" appId={appId} />}
    </div>
  );
}
