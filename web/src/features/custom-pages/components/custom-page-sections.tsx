import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CustomPageFile,
  type CustomPageSection,
  type Project,
  type SiteLanguage,
  contactFormAnchor,
  inquirySubjectParam,
  pages,
} from '@blitz/contract';
import { IconArrowRight, IconChevronDown, IconDownload } from '../../../components/icons';
import { RichText, sectionHeadingClass } from '../../../components/rich-text';
import { Paragraphs } from '../../../components/text-blocks';
import { fileSize } from '../../../lib/file-size';
import { LibraryPicture, focusClass } from '../../../components/library-picture';

type Section<Kind extends CustomPageSection['kind']> = Extract<CustomPageSection, { kind: Kind }> & { id: string };

/** What every section is rendered with: the page's language, its files, and its address with the visitor's `?lang=`. */
export type SectionContext = {
  lang: SiteLanguage;
  files: ReadonlyMap<number, CustomPageFile>;
  /** A path of the site with the `?lang=` the page was opened with, if any. */
  withLang: (path: string) => string;
  /** This page's own address. */
  address: string;
};

const band = 'mx-auto max-w-7xl px-4 py-8 md:py-10';
const headingId = (section: { id: string }) => `section-${section.id}`;

/** A section's own heading (h2), where staff gave one. */
function SectionHeading({ section, text }: { section: { id: string }; text: string }) {
  if (!text) return null;
  return (
    <h2 id={headingId(section)} className={`${sectionHeadingClass} mb-6`}>
      {text}
    </h2>
  );
}

export function TextSection({ section, context }: { section: Section<'text'>; context: SectionContext }) {
  return (
    <div className={band}>
      <RichText text={section.text[context.lang]} className="max-w-3xl text-lg text-slate-800" />
    </div>
  );
}

/** The picture's alternative text on this page, else the library's. */
const altOf = (section: { alt: { de: string; en: string } }, file: CustomPageFile, lang: SiteLanguage) =>
  section.alt[lang] || file.alt?.[lang] || '';

export function PictureSection({
  section,
  context,
  priority,
}: {
  section: Section<'picture'>;
  context: SectionContext;
  priority: boolean;
}) {
  const file = context.files.get(section.fileId);
  if (!file) return null;
  const caption = section.caption[context.lang];
  return (
    <figure className={`${band} max-w-5xl`}>
      <LibraryPicture
        file={file}
        alt={altOf(section, file, context.lang)}
        sizes="(min-width: 1024px) 992px, calc(100vw - 32px)"
        priority={priority}
        className="h-auto w-full rounded-lg shadow-md"
      />
      {caption && <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>}
    </figure>
  );
}

export function TextPictureSection({
  section,
  context,
  priority,
}: {
  section: Section<'textPicture'>;
  context: SectionContext;
  priority: boolean;
}) {
  const file = context.files.get(section.fileId);
  return (
    <div className={`${band} grid items-center gap-8 md:grid-cols-2 md:gap-12`}>
      <RichText text={section.text[context.lang]} className="text-lg text-slate-800" />
      {file && (
        <div className={section.side === 'left' ? 'md:order-first' : ''}>
          <LibraryPicture
            file={file}
            alt={altOf(section, file, context.lang)}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)"
            priority={priority}
            className={`aspect-[4/3] h-auto w-full rounded-lg object-cover shadow-md ${focusClass(section.focus)}`}
          />
        </div>
      )}
    </div>
  );
}

export function FiguresSection({ section, context }: { section: Section<'figures'>; context: SectionContext }) {
  return (
    <div className="border-y border-brand-100 bg-white">
      <dl className={`${band} grid grid-cols-2 gap-6 md:grid-cols-3 lg:grid-flow-col lg:auto-cols-fr lg:grid-cols-none`}>
        {section.items.map((item, index) => (
          <div key={index} className="flex flex-col-reverse justify-end">
            <dt className="mt-1 text-sm text-slate-700">{item.label[context.lang]}</dt>
            <dd className="text-3xl font-bold text-brand-800 md:text-4xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ReferencesSection({
  section,
  context,
  projects,
  renderReference,
}: {
  section: Section<'references'>;
  context: SectionContext;
  projects: readonly Project[];
  renderReference: (project: Project, heading: 'h2' | 'h3') => ReactNode;
}) {
  const { t } = useTranslation('common');
  if (projects.length === 0) return null;
  const heading = section.heading[context.lang];
  const gallery = section.categoryId === null ? pages.projects.path : `${pages.projects.path}?category=${section.categoryId}`;
  return (
    <section aria-labelledby={heading ? headingId(section) : undefined} className={band}>
      <SectionHeading section={section} text={heading} />
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <li key={project.id}>{renderReference(project, heading ? 'h3' : 'h2')}</li>
        ))}
      </ul>
      <p className="mt-6">
        <a
          href={context.withLang(gallery)}
          className="inline-flex items-center gap-2 rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {t('customPage.allReferences')}
          <IconArrowRight className="h-4 w-4" />
        </a>
      </p>
    </section>
  );
}

export function CallToActionSection({ section, context }: { section: Section<'callToAction'>; context: SectionContext }) {
  // The footer form opened with the type chosen, as a job's "apply" opens it (decision 061).
  const href = `${context.withLang(`${context.address}?${inquirySubjectParam}=${encodeURIComponent(section.inquiryType)}`)}#${contactFormAnchor}`;
  return (
    <div className="px-4 py-8 md:py-10">
      <section
        aria-labelledby={headingId(section)}
        className="surface-dark mx-auto max-w-7xl rounded-2xl bg-brand-900 px-6 py-10 text-white md:px-12"
      >
        <h2 id={headingId(section)} className="text-2xl font-bold tracking-tight md:text-3xl">
          {section.heading[context.lang]}
        </h2>
        {section.text[context.lang] && (
          <div className="mt-4 max-w-3xl space-y-3 text-lg leading-relaxed text-brand-100">
            <Paragraphs text={section.text[context.lang]} />
          </div>
        )}
        <a
          href={href}
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-950 hover:bg-accent-400"
        >
          {section.button[context.lang]}
          <IconArrowRight className="h-4 w-4" />
        </a>
      </section>
    </div>
  );
}

/** A document's kind as its address ends (PDF, DOCX), for the link's details. */
const documentType = (file: CustomPageFile) => /\.([a-z0-9]{2,5})$/i.exec(file.address)?.[1]?.toUpperCase() ?? '';

export function DownloadsSection({ section, context }: { section: Section<'downloads'>; context: SectionContext }) {
  const { t } = useTranslation('common');
  const files = section.fileIds.map((id) => context.files.get(id)).filter((file) => file !== undefined);
  if (files.length === 0) return null;
  const heading = section.heading[context.lang];
  const locale = context.lang === 'en' ? 'en-GB' : 'de-DE';
  return (
    <section aria-labelledby={heading ? headingId(section) : undefined} className={band}>
      <SectionHeading section={section} text={heading} />
      <ul className="grid max-w-3xl gap-3">
        {files.map((file) => (
          <li key={file.id}>
            <a
              href={file.address}
              className="flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100 hover:ring-brand-300"
            >
              <IconDownload className="h-6 w-6 flex-none text-brand-700" />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-brand-900">{file.title[context.lang]}</span>
                <span className="block text-sm text-slate-600">
                  {t('customPage.download', { type: documentType(file), size: fileSize(file.size, locale) })}
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FaqSection({ section, context }: { section: Section<'faq'>; context: SectionContext }) {
  const heading = section.heading[context.lang];
  return (
    <section aria-labelledby={heading ? headingId(section) : undefined} className={band}>
      <SectionHeading section={section} text={heading} />
      <ul className="grid max-w-3xl gap-3">
        {section.items.map((item, index) => (
          <li key={index}>
            <details className="group rounded-lg bg-white shadow-sm ring-1 ring-brand-100 open:ring-brand-300">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-lg p-5 font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
                <span className="min-w-0">{item.question[context.lang]}</span>
                <IconChevronDown className="mt-1 h-5 w-5 flex-none text-brand-600 transition-transform group-open:rotate-180" />
              </summary>
              <div className="space-y-3 px-5 pb-5 leading-relaxed text-slate-700">
                <Paragraphs text={item.answer[context.lang]} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
