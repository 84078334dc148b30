import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LibraryFile, apiRoutes, fileListSchema } from '@blitz/contract';
import { dashboardQueryKey } from './dashboard-query-key';
import { apiRequest } from '../../lib/api-client';

/**
 * The file library's list (decision 060), read by the files tab and by the editors that pick a
 * picture or a download from it (decision 062), under the dashboard's root key: a restore from
 * the trash reloads it.
 */
export const filesQueryKey = [...dashboardQueryKey, 'files'] as const;

export const fileListOptions = () =>
  queryOptions({
    queryKey: filesQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.files.list, { schema: fileListSchema, admin: true, signal }),
  });

export const useFiles = () => useQuery(fileListOptions());

/** The smallest WebP rendition of a picture: enough for a thumbnail. */
export const thumbnailOf = (file: LibraryFile) =>
  file.sources.filter((source) => source.type === 'image/webp').sort((a, b) => a.width - b.width)[0];

/** A file's title in the dashboard's language, the other's where it has none. */
export const fileTitle = (file: LibraryFile, language: string) =>
  language === 'en' ? file.title.en || file.title.de : file.title.de || file.title.en;
