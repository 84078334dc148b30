import { useCategories } from '../../../features/category-editing/api/categories';
import { ProjectsPanel } from '../../../features/project-editing/components/projects-panel';

/** The projects' area, with the categories a project can be given. */
export function ProjectsSection() {
  const categories = useCategories();
  return <ProjectsPanel categories={categories.data?.data ?? []} />;
}
