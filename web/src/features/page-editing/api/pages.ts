import {
  type CustomPage,
  type CustomPageCreate,
  type CustomPageUpdate,
  apiRoutes,
  customPageListSchema,
  customPageSchema,
} from '@blitz/contract';
import { documentApi } from '../../../components/admin/sections/document-api';

/**
 * The pages' staff calls (decision 061): the list (drafts too, each with its draft of changes, by
 * place, order and title), one page, save, delete to the trash, publish, unpublish, discard.
 */
export const pagesApi = documentApi<CustomPage, CustomPageCreate | CustomPageUpdate>({
  name: 'pages',
  routes: apiRoutes.customPages,
  schema: customPageSchema,
  listSchema: customPageListSchema,
  // A company has a handful: the API's largest page.
  listLength: 100,
});

export const fetchPage = pagesApi.fetchOne;
export const useSavePage = pagesApi.useSave;
export const usePageState = pagesApi.useStateChange;
