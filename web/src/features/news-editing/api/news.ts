import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NewsHome,
  type NewsPost,
  type NewsPostCreate,
  type NewsPostUpdate,
  apiRoutes,
  newsHomeSchema,
  newsPostListSchema,
  newsPostSchema,
} from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { documentApi } from '../../../components/admin/sections/document-api';
import { apiRequest } from '../../../lib/api-client';

/**
 * The posts' staff calls (decision 063): the list (drafts and scheduled posts too, each with its
 * draft of changes, the newest first), one post, save, delete to the trash, publish, unpublish,
 * discard.
 */
export const newsApi = documentApi<NewsPost, NewsPostCreate | NewsPostUpdate>({
  name: 'news',
  routes: apiRoutes.news,
  schema: newsPostSchema,
  listSchema: newsPostListSchema,
  listLength: 50,
});

export const fetchPost = newsApi.fetchOne;
export const useSavePost = newsApi.useSave;
export const usePostState = newsApi.useStateChange;

const homeKey = [...dashboardQueryKey, 'news-home'] as const;

/**
 * How many of the newest posts the home page shows (`GET /News/Home`). A server without the
 * route answers it with an error: the control then stays away (`retry` off, so it goes at once).
 */
export function useNewsHome() {
  return useQuery({
    queryKey: homeKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.news.home, { schema: newsHomeSchema, admin: true, signal }),
    retry: false,
  });
}

export function useSaveNewsHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (home: NewsHome) =>
      apiRequest(apiRoutes.news.home, { method: 'PUT', body: home, schema: newsHomeSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(homeKey, saved),
  });
}
