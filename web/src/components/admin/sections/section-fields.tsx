import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Category,
  type LibraryFile,
  type SiteLanguage,
  contentLanguageOf,
  customPageLimits,
  pickText,
} from '@blitz/contract';
import { dangerButton, secondaryButton, smallButton } from '../button-classes';
import { SelectField, TextAreaField, TextField } from '../form-field';
import { DownloadsChoice, PictureChoice } from './file-choices';
import { MarkupField } from './markup-field';
import type { Bilingual, SectionOf, SectionProblem, SectionProblems, SectionValues } from './sections';

/** What a section's fields choose from: the library, the categories, the inquiry types (with their names). */
export type SectionChoices = {
  files: LibraryFile[] | undefined;
  categories: Category[];
  inquiryTypes: { key: string; name: string }[];
};

type FieldsProps<S extends SectionValues> = {
  section: S;
  onChange: (section: S) => void;
  problems: SectionProblems;
  choices: SectionChoices;
};

const languages = ['de', 'en'] as const;

/** A problem in the tab's words. */
function useProblemText() {
  const { t } = useTranslation('sectionEditing');
  return (problem: SectionProblem | undefined): string | undefined => {
    if (!problem || problem.key === 'markup') return undefined;
    if (problem.key === 'server') return t('errors.server', { message: problem.message });
    if (problem.key === 'tooLong' || problem.key === 'tooMany') return t(`errors.${problem.key}`, { max: problem.max });
    return t(`errors.${problem.key}`);
  };
}

/** Two fields side by side (stacked on a phone): a text in German and in English. */
function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

/** A short text in both languages: `labelKey` names it (`fields.heading` → "Überschrift (Deutsch)"). */
function WordsFields({
  name,
  label,
  value,
  onChange,
  problems,
  required,
  long,
  max,
}: {
  name: string;
  label: (language: SiteLanguage) => string;
  value: Bilingual;
  onChange: (value: Bilingual) => void;
  problems: SectionProblems;
  required?: boolean;
  long?: boolean;
  max: number;
}) {
  const problemText = useProblemText();
  const Field = long ? TextAreaField : TextField;
  return (
    <Pair>
      {languages.map((language) => (
        <Field
          key={language}
          label={label(language)}
          lang={language}
          required={required}
          maxLength={max}
          {...(long ? { rows: 3 } : {})}
          value={value[language]}
          error={problemText(problems[`${name}.${language}`])}
          onChange={(event) => onChange({ ...value, [language]: event.target.value })}
        />
      ))}
    </Pair>
  );
}

/** The words of a field in a language: "Überschrift (Deutsch)". */
function useLabel() {
  const { t } = useTranslation('sectionEditing');
  return (field: 'heading' | 'text' | 'alt' | 'caption' | 'button' | 'label' | 'question' | 'answer', language: SiteLanguage) =>
    t(`fields.inLanguage.${language}`, { field: t(`fields.${field}`) });
}

function RichTexts({ section, onChange, problems }: FieldsProps<SectionOf<'text'> | SectionOf<'textPicture'>>) {
  const label = useLabel();
  return (
    <Pair>
      {languages.map((language) => {
        const problem = problems[`text.${language}`];
        return (
          <MarkupField
            key={language}
            label={label('text', language)}
            lang={language}
            value={section.text[language]}
            onChange={(value) => onChange({ ...section, text: { ...section.text, [language]: value } })}
            problems={problem?.key === 'markup' ? problem.problems : undefined}
          />
        );
      })}
    </Pair>
  );
}

function PictureFields({ section, onChange, problems, choices }: FieldsProps<SectionOf<'picture'> | SectionOf<'textPicture'>>) {
  const { t } = useTranslation('sectionEditing');
  const problemText = useProblemText();
  const label = useLabel();
  return (
    <>
      <PictureChoice
        files={choices.files}
        value={section.fileId}
        onChange={(fileId) => onChange({ ...section, fileId, focus: undefined })}
        focus={section.focus}
        onFocusChange={(focus) => onChange({ ...section, focus })}
        error={problemText(problems['fileId'])}
      />
      <WordsFields
        name="alt"
        label={(language) => label('alt', language)}
        value={section.alt}
        onChange={(alt) => onChange({ ...section, alt })}
        problems={problems}
        max={customPageLimits.words}
      />
      <p className="-mt-2 text-sm text-slate-600">{t('fields.altHint')}</p>
    </>
  );
}

function TextFields(props: FieldsProps<SectionOf<'text'>>) {
  return <RichTexts {...props} onChange={(changed) => props.onChange(changed as SectionOf<'text'>)} />;
}

function PictureSectionFields(props: FieldsProps<SectionOf<'picture'>>) {
  const { section, onChange, problems } = props;
  const label = useLabel();
  return (
    <>
      <PictureFields {...props} onChange={(changed) => onChange(changed as SectionOf<'picture'>)} />
      <WordsFields
        name="caption"
        label={(language) => label('caption', language)}
        value={section.caption}
        onChange={(caption) => onChange({ ...section, caption })}
        problems={problems}
        max={customPageLimits.words}
      />
    </>
  );
}

function TextPictureFields(props: FieldsProps<SectionOf<'textPicture'>>) {
  const { t } = useTranslation('sectionEditing');
  const { section, onChange } = props;
  return (
    <>
      <RichTexts {...props} onChange={(changed) => onChange(changed as SectionOf<'textPicture'>)} />
      <PictureFields {...props} onChange={(changed) => onChange(changed as SectionOf<'textPicture'>)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('fields.side')}
          value={section.side}
          onChange={(event) => onChange({ ...section, side: event.target.value as 'left' | 'right' })}
        >
          <option value="right">{t('fields.sides.right')}</option>
          <option value="left">{t('fields.sides.left')}</option>
        </SelectField>
      </div>
    </>
  );
}

/** A list's item with its remove button (figures, questions). */
function Item({
  legend,
  onRemove,
  removable,
  children,
}: {
  legend: string;
  onRemove: () => void;
  removable: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('sectionEditing');
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
      {removable && (
        <div className="flex justify-end">
          <button
            type="button"
            className={`${dangerButton} ${smallButton}`}
            aria-label={t('items.removeNamed', { name: legend })}
            onClick={onRemove}
          >
            {t('items.remove')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function FiguresFields({ section, onChange, problems }: FieldsProps<SectionOf<'figures'>>) {
  const { t } = useTranslation('sectionEditing');
  const problemText = useProblemText();
  const label = useLabel();
  const items = section.items;
  const set = (index: number, item: (typeof items)[number]) =>
    onChange({ ...section, items: items.map((x, i) => (i === index ? item : x)) });
  return (
    <>
      {items.map((item, index) => (
        <Item
          key={index}
          legend={t('items.figure', { number: index + 1 })}
          removable={items.length > 1}
          onRemove={() => onChange({ ...section, items: items.filter((_, i) => i !== index) })}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('fields.value')}
              hint={t('fields.valueHint')}
              required
              maxLength={20}
              value={item.value}
              error={problemText(problems[`items.${index}.value`])}
              onChange={(event) => set(index, { ...item, value: event.target.value })}
            />
          </div>
          <WordsFields
            name={`items.${index}.label`}
            label={(language) => label('label', language)}
            value={item.label}
            onChange={(value) => set(index, { ...item, label: value })}
            problems={problems}
            required
            max={80}
          />
        </Item>
      ))}
      {items.length < customPageLimits.figures && (
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          onClick={() => onChange({ ...section, items: [...items, { value: '', label: { de: '', en: '' } }] })}
        >
          {t('items.addFigure')}
        </button>
      )}
    </>
  );
}

function ReferencesFields({ section, onChange, problems, choices }: FieldsProps<SectionOf<'references'>>) {
  const { t, i18n } = useTranslation('sectionEditing');
  const problemText = useProblemText();
  const label = useLabel();
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  return (
    <>
      <WordsFields
        name="heading"
        label={(l) => label('heading', l)}
        value={section.heading}
        onChange={(heading) => onChange({ ...section, heading })}
        problems={problems}
        max={customPageLimits.words}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t('fields.category')}
          value={section.categoryId ?? ''}
          error={problemText(problems['categoryId'])}
          onChange={(event) => onChange({ ...section, categoryId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t('fields.allCategories')}</option>
          {/* A category removed since stays chosen: the server keeps a section saved before as it was. */}
          {section.categoryId !== null && !choices.categories.some((c) => c.id === section.categoryId) && (
            <option value={section.categoryId}>{t('fields.removedCategory', { id: section.categoryId })}</option>
          )}
          {choices.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {pickText(category.translation, language) || category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('fields.order')}
          value={section.order}
          onChange={(event) => onChange({ ...section, order: event.target.value as 'newest' | 'staff' })}
        >
          <option value="newest">{t('fields.orders.newest')}</option>
          <option value="staff">{t('fields.orders.staff')}</option>
        </SelectField>
        <TextField
          label={t('fields.limit')}
          type="number"
          inputMode="numeric"
          min={1}
          max={customPageLimits.referencesShown}
          hint={t('fields.limitHint', { max: customPageLimits.referencesShown })}
          value={Number.isNaN(section.limit) ? '' : section.limit}
          error={problemText(problems['limit'])}
          onChange={(event) => onChange({ ...section, limit: event.target.valueAsNumber })}
        />
      </div>
    </>
  );
}

function CallToActionFields({ section, onChange, problems, choices }: FieldsProps<SectionOf<'callToAction'>>) {
  const { t } = useTranslation('sectionEditing');
  const problemText = useProblemText();
  const label = useLabel();
  const known = choices.inquiryTypes.some((type) => type.key === section.inquiryType);
  return (
    <>
      <WordsFields
        name="heading"
        label={(l) => label('heading', l)}
        value={section.heading}
        onChange={(heading) => onChange({ ...section, heading })}
        problems={problems}
        required
        max={customPageLimits.words}
      />
      <WordsFields
        name="text"
        label={(l) => label('text', l)}
        value={section.text}
        onChange={(text) => onChange({ ...section, text })}
        problems={problems}
        long
        max={customPageLimits.longWords}
      />
      <WordsFields
        name="button"
        label={(l) => label('button', l)}
        value={section.button}
        onChange={(button) => onChange({ ...section, button })}
        problems={problems}
        required
        max={60}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('fields.inquiryType')}
          hint={t('fields.inquiryTypeHint')}
          required
          value={section.inquiryType}
          error={problemText(problems['inquiryType'])}
          onChange={(event) => onChange({ ...section, inquiryType: event.target.value })}
        >
          {!known && <option value={section.inquiryType}>{section.inquiryType}</option>}
          {choices.inquiryTypes.map((type) => (
            <option key={type.key} value={type.key}>
              {type.name}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}

function DownloadsFields({ section, onChange, problems, choices }: FieldsProps<SectionOf<'downloads'>>) {
  const problemText = useProblemText();
  const label = useLabel();
  return (
    <>
      <WordsFields
        name="heading"
        label={(l) => label('heading', l)}
        value={section.heading}
        onChange={(heading) => onChange({ ...section, heading })}
        problems={problems}
        max={customPageLimits.words}
      />
      <DownloadsChoice
        files={choices.files}
        value={section.fileIds}
        onChange={(fileIds) => onChange({ ...section, fileIds })}
        error={problemText(problems['fileIds'])}
      />
    </>
  );
}

function FaqFields({ section, onChange, problems }: FieldsProps<SectionOf<'faq'>>) {
  const { t } = useTranslation('sectionEditing');
  const label = useLabel();
  const items = section.items;
  const set = (index: number, item: (typeof items)[number]) =>
    onChange({ ...section, items: items.map((x, i) => (i === index ? item : x)) });
  return (
    <>
      <WordsFields
        name="heading"
        label={(l) => label('heading', l)}
        value={section.heading}
        onChange={(heading) => onChange({ ...section, heading })}
        problems={problems}
        max={customPageLimits.words}
      />
      {items.map((item, index) => (
        <Item
          key={index}
          legend={t('items.question', { number: index + 1 })}
          removable={items.length > 1}
          onRemove={() => onChange({ ...section, items: items.filter((_, i) => i !== index) })}
        >
          <WordsFields
            name={`items.${index}.question`}
            label={(l) => label('question', l)}
            value={item.question}
            onChange={(question) => set(index, { ...item, question })}
            problems={problems}
            required
            max={customPageLimits.words}
          />
          <WordsFields
            name={`items.${index}.answer`}
            label={(l) => label('answer', l)}
            value={item.answer}
            onChange={(answer) => set(index, { ...item, answer })}
            problems={problems}
            required
            long
            max={customPageLimits.longWords}
          />
        </Item>
      ))}
      {items.length < customPageLimits.faqItems && (
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          onClick={() =>
            onChange({ ...section, items: [...items, { question: { de: '', en: '' }, answer: { de: '', en: '' } }] })
          }
        >
          {t('items.addQuestion')}
        </button>
      )}
    </>
  );
}

/** A section's own fields, by its kind. */
export function SectionFields(props: FieldsProps<SectionValues>) {
  const { section } = props;
  const problemText = useProblemText();
  const hintId = useId();
  const whole = problemText(props.problems['section']);
  const fields = (() => {
    const as = <K extends SectionValues['kind']>() => props as unknown as FieldsProps<SectionOf<K>>;
    switch (section.kind) {
      case 'text':
        return <TextFields {...as<'text'>()} />;
      case 'picture':
        return <PictureSectionFields {...as<'picture'>()} />;
      case 'textPicture':
        return <TextPictureFields {...as<'textPicture'>()} />;
      case 'figures':
        return <FiguresFields {...as<'figures'>()} />;
      case 'references':
        return <ReferencesFields {...as<'references'>()} />;
      case 'callToAction':
        return <CallToActionFields {...as<'callToAction'>()} />;
      case 'downloads':
        return <DownloadsFields {...as<'downloads'>()} />;
      case 'faq':
        return <FaqFields {...as<'faq'>()} />;
    }
  })();
  return (
    <div className="space-y-4">
      {whole && (
        <p id={hintId} className="text-sm font-medium text-red-700">
          {whole}
        </p>
      )}
      {fields}
    </div>
  );
}
