import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CategoryList, type Project, type ProjectList, projectApi, projectListUrl } from '@blitz/contract';
import { pageDataTime, usePageData } from '../../../lib/page-data';

export type GalleryQuery = { CategoryID: number | undefined; PageLength: number; PageNumber: number; Language: number };

/** The public gallery's queries; the key is the call's path, as the server names its page data. */
export const projectsQueryKeys = {
  all: ['projects'] as const,
  list: (query: GalleryQuery) => [...projectsQueryKeys.all, projectListUrl(query)] as const,
  one: (id: number) => [...projectsQueryKeys.all, projectApi.one(id)] as const,
  categories: () => [...projectsQueryKeys.all, projectApi.categories] as const,
};

const fetchers = () => import('./fetch-projects');

/** One page of the gallery (texts in the visitor's language only). */
export function useProjectList(query: GalleryQuery) {
  const initial = usePageData<ProjectList>(projectListUrl(query));
  return useQuery({
    queryKey: projectsQueryKeys.list(query),
    queryFn: async ({ signal }) => (await fetchers()).fetchProjectList(query, signal),
    // Paging and filtering keep the cards in view until the next ones are there.
    placeholderData: keepPreviousData,
    initialData: initial,
    initialDataUpdatedAt: pageDataTime,
  });
}

/** One project with its texts in both languages, so that a language switch shows at once. */
export function useProject(id: number) {
  const initial = usePageData<Project>(projectApi.one(id));
  return useQuery({
    queryKey: projectsQueryKeys.one(id),
    queryFn: async ({ signal }) => (await fetchers()).fetchProject(id, signal),
    initialData: initial,
    initialDataUpdatedAt: pageDataTime,
  });
}

/** Every category with both translations, for the filter. */
export function useCategories() {
  const initial = usePageData<CategoryList>(projectApi.categories);
  return useQuery({
    queryKey: projectsQueryKeys.categories(),
    queryFn: async ({ signal }) => (await fetchers()).fetchCategories(signal),
    initialData: initial,
    initialDataUpdatedAt: pageDataTime,
    staleTime: 5 * 60_000,
  });
}
