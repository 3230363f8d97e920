import { IngredientLibraryScreen } from '../shared/IngredientLibraryScreen.tsx';

/** localFoodIngredientsManage: the org's own ingredients and its overrides of platform foods. */
export default function LocalFoodIngredientsPage() {
  return <IngredientLibraryScreen mode="org" />;
}
