import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { CustomPageReferences, Project, PublishedCustomPage, SiteLanguage } from '@blitz/contract';
import { PageHeader } from '../../../components/page-header';
import {
  CallToActionSection,
  DownloadsSection,
  FaqSection,
  FiguresSection,
  PictureSection,
  ReferencesSection,
  type SectionContext,
  TextPictureSection,
  TextSection,
} from './custom-page-sections';

type Props = {
  /** The page; undefined: the prerendered stand-in (the server renders every page with its own). */
  page: PublishedCustomPage | undefined;
  lang: SiteLanguage;
  references: CustomPageReferences;
  /** A reference's card, as the gallery shows it (handed in by the route: features do not import each other). */
  renderReference: (project: Project, heading: 'h2' | 'h3') => ReactNode;
};

/**
 * A page staff added (issue 45, decision 061): its title, then its sections in their order, each
 * in the page's language. Everything is rendered from data on the server; the page needs no
 * script of its own (the questions open as native disclosures).
 */
export function CustomPageView({ page, lang, references, renderReference }: Props) {
  const [params] = useSearchParams();
  if (!page) {
    return (
      <article aria-busy="true">
        <PageHeader title="…" />
      </article>
    );
  }
  const langParam = params.get('lang');
  const context: SectionContext = {
    lang,
    files: new Map(page.files.map((file) => [file.id, file])),
    withLang: (path) => (langParam ? `${path}${path.includes('?') ? '&' : '?'}lang=${langParam}` : path),
    address: page.address,
  };
  // The first picture near the top is the page's largest paint: loaded at once.
  const firstPicture = page.sections.findIndex((s) => s.kind === 'picture' || s.kind === 'textPicture');
  return (
    <article>
      <PageHeader title={page.title[lang]} />
      {page.sections.map((section, index) => {
        const priority = index === firstPicture && index < 2;
        switch (section.kind) {
          case 'text':
            return <TextSection key={section.id} section={section} context={context} />;
          case 'picture':
            return <PictureSection key={section.id} section={section} context={context} priority={priority} />;
          case 'textPicture':
            return <TextPictureSection key={section.id} section={section} context={context} priority={priority} />;
          case 'figures':
            return <FiguresSection key={section.id} section={section} context={context} />;
          case 'references':
            return (
              <ReferencesSection
                key={section.id}
                section={section}
                context={context}
                projects={references[section.id] ?? []}
                renderReference={renderReference}
              />
            );
          case 'callToAction':
            return <CallToActionSection key={section.id} section={section} context={context} />;
          case 'downloads':
            return <DownloadsSection key={section.id} section={section} context={context} />;
          case 'faq':
            return <FaqSection key={section.id} section={section} context={context} />;
        }
      })}
    </article>
  );
}
