import { useMutation } from '@tanstack/react-query';
import { apiPrefix, apiRoutes, apiUrl } from '@blitz/contract';
import { ApiError, apiRequest } from './api-client';
import { readToken } from './auth-token';

/** The file name a `Content-Disposition` header gives (the UTF-8 `filename*` first), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  // Quoted, or a bare token (`filename=inquiries.csv`, as the server's library writes plain names).
  const plain = /filename=(?:"([^"]*)"|([^;\s"]+))/i.exec(disposition);
  return plain?.[1] ?? plain?.[2];
}

/**
 * Fetches a staff-only file with the Bearer token (a plain link cannot carry it): its content and
 * the name the server gives it. Served as every download is (`Content-Disposition: attachment`).
 * With `post`, the file is asked for by a POST of that JSON body.
 */
export async function fetchStaffFile(path: string, post?: { body: unknown }): Promise<{ blob: Blob; name: string | undefined }> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(path.startsWith(apiPrefix) ? path : apiUrl(path), {
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(post ? { 'content-type': 'application/json' } : {}),
      },
      // A file made from what is sent (a person's archive: their address stays out of the URL and the logs).
      ...(post ? { method: 'POST', body: JSON.stringify(post.body) } : {}),
    });
  } catch (cause) {
    throw new ApiError(0, 'network', { cause });
  }
  if (response.status === 401) {
    // The token has ended: let the one API client end the session as it does for every admin
    // call (token removed, user sent to login), by asking it something that answers 401 as well.
    await apiRequest(apiRoutes.inbox.retention, { admin: true });
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      response.status === 404 ? 'not_found' : response.status >= 500 ? 'internal' : 'validation',
    );
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
}

/** Fetches a staff-only file and hands it to the browser as a download, saved from a blob URL. */
export async function downloadFile(path: string, fallbackName: string, post?: { body: unknown }): Promise<void> {
  const { blob, name } = await fetchStaffFile(path, post);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed after that turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A download with its pending and failed state, for the buttons that start one. */
export function useDownload() {
  return useMutation({
    mutationFn: ({ path, name, post }: { path: string; name: string; post?: { body: unknown } }) =>
      downloadFile(path, name, post),
  });
}
