import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type MailTemplate,
  type MailTemplateKind,
  inquirySubjects,
  mailPlaceholders,
  mailTemplateKinds,
  mailTemplateLanguages,
} from '@blitz/contract';
import { SelectField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useMailTemplates } from '../api/mail-templates';
import { TemplateEditor } from './template-editor';
import type { TemplateWords } from './template-form';
import { useInquiryTypeName } from '../../../lib/inquiry-type-list';

const idOf = (t: Pick<MailTemplate, 'type' | 'kind' | 'language'>) => `${t.type}.${t.kind}.${t.language}`;

/**
 * The automatic mails' words (issue 44): one type and kind at a time, German and English side by
 * side (stacked on a phone). What is typed is kept per template while another is chosen, and
 * leaving the tab with anything unsaved asks first: an edit is never lost silently.
 */
export function MailTemplatesPanel() {
  const { t } = useTranslation('mailSettings');
  const headingId = useId();
  const templates = useMailTemplates();
  // The names of the types staff added (issue 44); SPEC.md's three in this tab's own words.
  const typeName = useInquiryTypeName((s) => t(`recipients.${s}`));
  const [type, setType] = useState<string>(inquirySubjects[0]);
  const [kind, setKind] = useState<MailTemplateKind>('confirmation');
  const [edits, setEdits] = useState<Record<string, TemplateWords>>({});
  const list = templates.data?.data ?? [];
  const unsaved = (template: MailTemplate) => {
    const edit = edits[idOf(template)];
    return edit !== undefined && (edit.subject !== template.subject || edit.body !== template.body);
  };
  useUnsavedChanges(list.some(unsaved));
  const types = [...new Set(list.map((template) => template.type))];
  const shown = mailTemplateLanguages.map((language) =>
    list.find((template) => template.type === type && template.kind === kind && template.language === language),
  );

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        {t('templates.heading')}
      </h3>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('templates.intro')}</p>
      {!templates.data ? (
        <ListStatus query={templates} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('templates.type')} value={type} onChange={(e) => setType(e.target.value)}>
              {types.map((key) => (
                <option key={key} value={key}>
                  {typeName(key)}
                  {list.some((template) => template.type === key && unsaved(template)) ? ` – ${t('templates.unsaved')}` : ''}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('templates.kind')} value={kind} onChange={(e) => setKind(e.target.value as MailTemplateKind)}>
              {mailTemplateKinds.map((key) => (
                <option key={key} value={key}>
                  {t(`templates.kinds.${key}`)}
                  {list.some((template) => template.type === type && template.kind === key && unsaved(template))
                    ? ` – ${t('templates.unsaved')}`
                    : ''}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="mt-3 max-w-3xl text-sm text-slate-700">{t(`templates.kindExplained.${kind}`)}</p>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            {shown.map(
              (template) =>
                template && (
                  <TemplateEditor
                    key={idOf(template)}
                    template={template}
                    edit={edits[idOf(template)]}
                    onEdit={(words) =>
                      setEdits((all) => {
                        const next = { ...all };
                        if (words) next[idOf(template)] = words;
                        else delete next[idOf(template)];
                        return next;
                      })
                    }
                  />
                ),
            )}
          </div>
          <Placeholders kind={kind} />
        </>
      )}
    </section>
  );
}

function Placeholders({ kind }: { kind: MailTemplateKind }) {
  const { t } = useTranslation('mailSettings');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h4 id={headingId} className="font-bold text-brand-900">
        {t('templates.placeholdersHeading')}
      </h4>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('templates.placeholdersHint', { open: '{{', close: '}}' })}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {mailPlaceholders[kind].map((name) => (
          <div key={name} className="contents">
            <dt className="font-mono font-semibold text-slate-900">{`{${name}}`}</dt>
            <dd className="mb-2 text-slate-700 sm:mb-0">{t(`templates.placeholders.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
