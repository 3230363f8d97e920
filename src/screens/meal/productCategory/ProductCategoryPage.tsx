import { Trans } from '@lingui/react/macro';
import { CategoryTreeScreen } from '../shared/CategoryTreeScreen.tsx';

/** productCategory: the goods category tree (groupName mallProduct). */
export default function ProductCategoryPage() {
  return <CategoryTreeScreen group="mallProduct" title={<Trans>商品分类</Trans>} testId="screen-productCategory" />;
}
