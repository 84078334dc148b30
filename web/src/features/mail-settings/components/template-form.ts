import {
  type MailTemplateKind,
  type PlaceholderProblem,
  isOneLine,
  mailTemplateLimits,
  placeholderProblems,
} from '@blitz/contract';

export type TemplateWords = { subject: string; body: string };

/** A field's first problem: a key of `mailSettings:templates.problems` and its values. */
export type WordsProblem = {
  key: `templates.problems.${PlaceholderProblem['reason'] | 'required' | 'tooLong' | 'oneLine'}`;
  values: Record<string, string | number>;
};

/**
 * The template checked before it is sent, with the contract's own placeholder check (the server
 * checks again): per field the first problem, or none.
 */
export function checkTemplateWords(
  kind: MailTemplateKind,
  words: TemplateWords,
): Partial<Record<keyof TemplateWords, WordsProblem>> {
  const problems: Partial<Record<keyof TemplateWords, WordsProblem>> = {};
  for (const field of ['subject', 'body'] as const) {
    const text = words[field];
    if (text.trim() === '') problems[field] = { key: 'templates.problems.required', values: {} };
    else if (text.length > mailTemplateLimits[field])
      problems[field] = { key: 'templates.problems.tooLong', values: { max: mailTemplateLimits[field] } };
    else if (field === 'subject' && !isOneLine(text)) problems[field] = { key: 'templates.problems.oneLine', values: {} };
  }
  const found = placeholderProblems({ kind, ...words });
  for (const field of ['subject', 'body'] as const) {
    if (problems[field]) continue;
    const first = found.find((p) => p.field === field);
    if (!first) continue;
    const names = found
      .filter((p) => p.field === field && p.reason === first.reason)
      .map((p) => p.placeholder)
      .join(', ');
    problems[field] = { key: `templates.problems.${first.reason}`, values: { names } };
  }
  return problems;
}
