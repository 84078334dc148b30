import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP status of a failed call (an ApiError carries one). Read without importing the API
 * client: the public project pages render from data the server put into the page, so that the
 * client and zod, which it parses answers with, load only when a page asks the API itself.
 */
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * A TanStack Query client for the screens that load lists. A refused request (4xx) is not tried
 * again: it would be refused again; a network failure or a 5xx is, twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => {
          const status = statusOf(error);
          return failures < 2 && !(typeof status === 'number' && status >= 400 && status < 500);
        },
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
