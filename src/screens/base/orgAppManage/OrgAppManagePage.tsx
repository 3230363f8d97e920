// 机构管理: every organisation of the platform, created from init templates (§7).
import { useLingui } from '@lingui/react/macro';
import { OrgAppList } from './OrgAppList.tsx';

export default function OrgAppManagePage() {
  const { t } = useLingui();
  return <OrgAppList title={t`机构管理`} testId="orgapp-manage-page" preferTemplate="学校模板" />;
}
