import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { CustomPageFile, CustomPageReferences, CustomPageSection, Project, SiteLanguage } from '@blitz/contract';
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
  sections: readonly (CustomPageSection & { id: string })[];
  /** The library's files the sections show, as the public read gives them. */
  files: readonly CustomPageFile[];
  lang: SiteLanguage;
  /** The page's own address (a call to action opens the footer form on it). */
  address: string;
  references: CustomPageReferences;
  /** A reference's card, as the gallery shows it (handed in by the route: features do not import each other). */
  renderReference: (project: Project, heading: 'h2' | 'h3') => ReactNode;
  /** Whether the page shows a picture above its sections (a post's cover): its first section's is then not its largest paint. */
  pictureAbove?: boolean;
};

/**
 * The sections of a page staff added or of a news post (decisions 061, 064), in their order, each
 * in the page's language. Everything is rendered from data on the server; the sections need no
 * script of their own (the questions open as native disclosures).
 */
export function CustomPageSectionList({ sections, files, lang, address, references, renderReference, pictureAbove }: Props) {
  const [params] = useSearchParams();
  const langParam = params.get('lang');
  const context: SectionContext = {
    lang,
    files: new Map(files.map((file) => [file.id, file])),
    withLang: (path) => (langParam ? `${path}${path.includes('?') ? '&' : '?'}lang=${langParam}` : path),
    address,
  };
  // The first picture near the top is the page's largest paint: loaded at once.
  const firstPicture = pictureAbove ? -1 : sections.findIndex((s) => s.kind === 'picture' || s.kind === 'textPicture');
  return sections.map((section, index) => {
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
  });
}
