// 集采机构管理: the fresh-delivery (sxps) supplier organisations, created from the supplier template.
import { useLingui } from '@lingui/react/macro';
import { OrgAppList } from '../orgAppManage/OrgAppList.tsx';

export default function SxpsOrgAppManagePage() {
  const { t } = useLingui();
  return <OrgAppList title={t`集采机构管理`} testId="sxps-orgapp-manage-page" supplierType="sxps" preferTemplate="供应商模板" />;
}
