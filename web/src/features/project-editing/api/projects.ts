import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Project,
  type ProjectCreate,
  type ProjectList,
  type ProjectMove,
  type ProjectSort,
  type ProjectUpdate,
  featuredLimit,
  projectListLimits,
  apiRoutes,
} from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { projectAnswer, projectListAnswer } from '../../../lib/content-answers';

/** Projects per page in the dashboard, by default, and the choices. */
export const adminPageLength = 10;
export const adminPageLengthOptions = [10, 20, 50, 100] as const;

/** What the dashboard's list shows: a search of titles and locations, filters, an order, a page. */
export type AdminProjectFilter = {
  search: string;
  categoryId: number | undefined;
  featured: 'all' | 'featured' | 'other';
  /** Published projects, drafts, or both. */
  state: 'all' | 'published' | 'draft';
  sort: Exclude<ProjectSort, 'featured'>;
  page: number;
  pageLength: number;
};

export const defaultAdminProjectFilter: AdminProjectFilter = {
  search: '',
  categoryId: undefined,
  featured: 'all',
  state: 'all',
  sort: 'position',
  page: 1,
  pageLength: adminPageLength,
};

export const projectQueryKeys = {
  all: [...dashboardQueryKey, 'projects'] as const,
  page: (filter: AdminProjectFilter) => [...projectQueryKeys.all, 'page', filter] as const,
  order: () => [...projectQueryKeys.all, 'order'] as const,
  featured: () => [...projectQueryKeys.all, 'featured'] as const,
};

/** One page of projects as the list's filter asks, with every language (no Language filter: the admin edits both). */
export const adminProjectsQueryOptions = (filter: AdminProjectFilter) =>
  queryOptions({
    queryKey: projectQueryKeys.page(filter),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.projects.list, {
        query: {
          PageLength: filter.pageLength,
          PageNumber: filter.page,
          Search: filter.search.trim() || undefined,
          CategoryID: filter.categoryId,
          Featured: filter.featured === 'all' ? undefined : String(filter.featured === 'featured'),
          Published: filter.state === 'all' ? undefined : String(filter.state === 'published'),
          Sort: filter.sort === 'position' ? undefined : filter.sort,
        },
        schema: projectListAnswer,
        signal,
      }),
    // Paging and filtering keep the old rows in view until the new ones are there.
    placeholderData: keepPreviousData,
  });

export const useAdminProjects = (filter: AdminProjectFilter) => useQuery(adminProjectsQueryOptions(filter));

/**
 * Every project in the staff's order, for the reorder view: the API's largest pages, one after
 * the other (a company has tens or hundreds of projects).
 */
async function allProjects(signal: AbortSignal, query: Record<string, string> = {}): Promise<Project[]> {
  const projects: Project[] = [];
  for (let page = 1; ; page++) {
    const list: ProjectList = await apiRequest(apiRoutes.projects.list, {
      query: { PageLength: projectListLimits.maxPageLength, PageNumber: page, ...query },
      schema: projectListAnswer,
      signal,
    });
    projects.push(...list.data);
    if (list.data.length === 0 || projects.length >= list.count) return projects;
  }
}

export const projectOrderQueryOptions = () =>
  queryOptions({ queryKey: projectQueryKeys.order(), queryFn: ({ signal }) => allProjects(signal) });

export const featuredProjectsQueryOptions = () =>
  queryOptions({
    queryKey: projectQueryKeys.featured(),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.projects.list, {
        query: { Sort: 'featured', PageLength: featuredLimit },
        schema: projectListAnswer,
        signal,
      }).then((list) => list.data),
  });

/** Creates a project (no id) or changes one (with id; without a picture the current one stays). */
export function saveProject(payload: ProjectCreate | ProjectUpdate) {
  return 'id' in payload
    ? apiRequest(apiRoutes.projects.list, { method: 'PUT', body: payload, schema: projectAnswer, admin: true })
    : apiRequest(apiRoutes.projects.list, { method: 'POST', body: payload, schema: projectAnswer, admin: true });
}

/** The project as saved now (after a stale save: their version). */
export function fetchProject(id: number) {
  return apiRequest(apiRoutes.projects.onePath(id), { schema: projectAnswer, admin: true });
}

/**
 * Saves a project with newly chosen files: multipart/form-data, the project as JSON in `data`
 * first (so that each file is cropped around its point as it arrives), then the files, each under
 * the name its `pictures` entry gives; `onProgress` follows the upload. Without files: JSON.
 */
export function saveProjectWithFiles(
  payload: ProjectCreate | ProjectUpdate,
  files: { name: string; file: File }[],
  onProgress?: (done: number) => void,
) {
  if (files.length === 0) return saveProject(payload);
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  for (const { name, file } of files) form.append(name, file, file.name);
  return apiUpload(apiRoutes.projects.list, {
    method: 'id' in payload ? 'PUT' : 'POST',
    form,
    schema: projectAnswer,
    onProgress,
  });
}

/** Saves from the project modal: with the files it chose, and the upload's progress. */
export function useSaveProjectWithFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: {
      payload: ProjectCreate | ProjectUpdate;
      files: { name: string; file: File }[];
      onProgress?: (done: number) => void;
    }) => saveProjectWithFiles(save.payload, save.files, save.onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function deleteProject(id: number) {
  return apiRequest(apiRoutes.projects.onePath(id), { method: 'DELETE', admin: true });
}

export function moveProject({ id, ...move }: ProjectMove & { id: number }) {
  return apiRequest(apiRoutes.projects.movePath(id), { method: 'POST', body: move, schema: projectAnswer, admin: true });
}

/**
 * A project as an update that changes nothing but whether it is featured: its pending values
 * (a draft of changes stays a draft of changes, a draft a draft; its picture stays).
 */
export function featuredUpdate(project: Project, featured: boolean): ProjectUpdate {
  const values = project.draft ?? project;
  return {
    id: project.id,
    title: values.title,
    content: values.content,
    scopeOfWorks: values.scopeOfWorks,
    location: values.locationTranslations.length > 0 ? values.locationTranslations : values.location,
    workDuration: values.workDurationTranslations.length > 0 ? values.workDurationTranslations : values.workDuration,
    client: values.client,
    categoryID: String(values.categoryID ?? 0),
    featured,
    published: project.published && !project.draft,
  };
}

/** The actions on a project's state (decision 033): each one request, answered with the project. */
export type ProjectStateAction = 'publish' | 'unpublish' | 'discard';

export function changeProjectState({ id, action }: { id: number; action: ProjectStateAction }) {
  const [path, method] =
    action === 'publish'
      ? ([apiRoutes.projects.publishPath(id), 'POST'] as const)
      : action === 'unpublish'
        ? ([apiRoutes.projects.unpublishPath(id), 'POST'] as const)
        : ([apiRoutes.projects.draftPath(id), 'DELETE'] as const);
  return apiRequest(path, { method, schema: projectAnswer, admin: true });
}

export function useProjectState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProjectState,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

/**
 * Starts this browser's preview (the page texts' mechanism, decision 022): the server sets a
 * cookie with which the public pages show the pending values, drafts too, to this browser alone.
 */
export function useStartPreview() {
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.siteTexts.preview, { method: 'POST', admin: true }),
  });
}

// After a change every list of the dashboard reloads (dashboardQueryKey), as after a category's.

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

/**
 * Moves a project: the order shown changes at once (the list as it will be, given by the caller),
 * and every list reloads after the server's answer — after a refusal too, to show what is true.
 */
export function useMoveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectMove & { id: number; reordered: Project[] }) => {
      const { reordered: _, ...move } = input;
      return moveProject(move);
    },
    onMutate: async ({ list, reordered }) => {
      const key = list === 'featured' ? projectQueryKeys.featured() : projectQueryKeys.order();
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, reordered);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
