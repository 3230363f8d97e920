import { Trans } from '@lingui/react/macro';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { editsCatalogue } from '../../../../domain/mallCatalogue.ts';
import { usePowers } from '../../../app/hooks.ts';
import { CategoryTreeScreen } from '../shared/CategoryTreeScreen.tsx';

/**
 * menuCategory: the recipe categories dishes are filed under (groupName menuCategory; §9 主食 … 乳品 seeded). Its buttons
 * follow the server's catalogue rule, so a school purchaser only reads the tree.
 */
export default function MenuCategoryPage() {
  return <CategoryTreeScreen group={DISH_CATEGORY_GROUP} title={<Trans>菜品分类</Trans>} testId="screen-menuCategory" writes={editsCatalogue(usePowers())} isPackage={false} />;
}
