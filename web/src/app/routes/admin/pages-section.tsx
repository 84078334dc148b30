import { useCategories } from '../../../features/category-editing/api/categories';
import { PagesPanel } from '../../../features/page-editing/components/pages-panel';

/** The pages' area, with the categories a list of references can show. */
export function PagesSection() {
  const categories = useCategories();
  return <PagesPanel categories={categories.data?.data ?? []} />;
}
