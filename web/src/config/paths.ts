import { type PageKey, pages, projectPath } from '@blitz/contract';
import type commonTexts from '../locales/de/common.json';

/** Every URL of the app, from the one route table in the contract. */
export const paths = Object.fromEntries(Object.entries(pages).map(([key, page]) => [key, page.path])) as {
  [K in PageKey]: (typeof pages)[K]['path'];
};
export { projectPath };

/** The meta texts (common.json → meta.<key>) of each page. */
export const metaKeyOf: Record<PageKey, keyof (typeof commonTexts)['meta']> = {
  home: 'home',
  impressum: 'imprint',
  aboutus: 'about',
  contactus: 'contact',
  jobs: 'jobs',
  blitzschutz: 'blitzschutz',
  projects: 'projects',
  services: 'services',
  login: 'login',
  dashboard: 'dashboard',
  project: 'projectDetail',
  job: 'jobDetail',
  news: 'news',
  newsPost: 'newsPost',
  customPage: 'customPage',
};
