import { Trans } from '@lingui/react/macro';
import { DISH_CATEGORY_GROUP } from '../../../../domain/aggregates/dish.ts';
import { editsCatalogue } from '../../../../domain/mallCatalogue.ts';
import { usePowers } from '../../../app/hooks.ts';
import { CategoryTreeScreen } from '../shared/CategoryTreeScreen.tsx';

/**
 * mallRecipeCategory (食谱分类): the §9 recipe categories (主食 … 乳品, groupName menuCategory) that dishes and
 * recipes are filed under, in the recipe settings group. The buttons follow the server's catalogue rule; a
 * category still holding dishes is refused by the server with the count.
 */
export default function MallRecipeCategoryPage() {
  return <CategoryTreeScreen group={DISH_CATEGORY_GROUP} title={<Trans>食谱分类</Trans>} testId="screen-mallRecipeCategory" writes={editsCatalogue(usePowers())} isPackage={false} />;
}
