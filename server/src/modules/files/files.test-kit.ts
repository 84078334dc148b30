import { apiRoutes, apiUrl } from '@blitz/contract';
import type { UploadFile } from '../contact/contact.test-kit';

// Shared by the library's tests: its address and a multipart upload.

export const filesUrl = apiUrl(apiRoutes.files.list);

/** An upload to the library: `data` (the texts as JSON, or a string as it is) and the `file`. */
export function form(data: unknown, file?: UploadFile): FormData {
  const body = new FormData();
  body.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (file) body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return body;
}

/** POST or PUT of a multipart body to the library, signed in; the answer parsed. */
export async function send(url: string, method: 'POST' | 'PUT', token: string, body: FormData) {
  const response = await fetch(url + filesUrl, { method, headers: { authorization: `Bearer ${token}` }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
