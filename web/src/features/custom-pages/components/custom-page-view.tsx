import type { ReactNode } from 'react';
import type { CustomPageReferences, Project, PublishedCustomPage, SiteLanguage } from '@blitz/contract';
import { PageHeader } from '../../../components/page-header';
import { CustomPageSectionList } from './custom-page-section-list';

type Props = {
  /** The page; undefined: the prerendered stand-in (the server renders every page with its own). */
  page: PublishedCustomPage | undefined;
  lang: SiteLanguage;
  references: CustomPageReferences;
  /** A reference's card, as the gallery shows it (handed in by the route: features do not import each other). */
  renderReference: (project: Project, heading: 'h2' | 'h3') => ReactNode;
};

/** A page staff added (issue 45, decision 061): its title, then its sections in their order. */
export function CustomPageView({ page, lang, references, renderReference }: Props) {
  if (!page) {
    return (
      <article aria-busy="true">
        <PageHeader title="…" />
      </article>
    );
  }
  return (
    <article>
      <PageHeader title={page.title[lang]} />
      <CustomPageSectionList
        sections={page.sections}
        files={page.files}
        lang={lang}
        address={page.address}
        references={references}
        renderReference={renderReference}
      />
    </article>
  );
}
