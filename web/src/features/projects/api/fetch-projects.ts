import { categoryListSchema, projectListSchema, projectSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import type { GalleryQuery } from './projects-api';

// The calls themselves, with the contract's schemas (zod) that check their answers. Loaded only
// when a page asks the API: a page the server rendered starts from the data it carries.

export const fetchProjectList = (query: GalleryQuery, signal: AbortSignal) =>
  apiRequest('/Project', { query, schema: projectListSchema, signal });

export const fetchProject = (id: number, signal: AbortSignal) => apiRequest(`/Project/${id}`, { schema: projectSchema, signal });

export const fetchCategories = (signal: AbortSignal) => apiRequest('/Category', { schema: categoryListSchema, signal });
