import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../../../lib/query-client';

let browserClient: QueryClient | undefined;

/**
 * The query cache of the public project pages. In the browser one cache lives as long as the
 * page, so the back button shows the gallery at once; on the server each render gets its own,
 * so no visitor ever sees data cached for another request.
 */
function queryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  return (browserClient ??= createQueryClient());
}

export function ProjectsQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
