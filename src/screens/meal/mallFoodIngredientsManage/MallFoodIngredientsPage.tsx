import { IngredientLibraryScreen } from '../shared/IngredientLibraryScreen.tsx';

/** mallFoodIngredientsManage: search the whole ingredient library of the org, with nutrients per 100 g. */
export default function MallFoodIngredientsPage() {
  return <IngredientLibraryScreen mode="library" />;
}
