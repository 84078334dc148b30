import { describe, expect, it } from 'vitest';
import { checkTemplateWords } from './template-form';

describe('the mail template form', () => {
  it('flags unknown placeholders, and the visitor’s words in the confirmation, before anything is sent', () => {
    expect(checkTemplateWords('confirmation', { subject: 'Ref {referenz}', body: 'Hallo {visitorName} {message}' })).toEqual({
      subject: { key: 'templates.problems.unknown', values: { names: '{referenz}' } },
      body: { key: 'templates.problems.visitorTyped', values: { names: '{visitorName}, {message}' } },
    });
    expect(checkTemplateWords('notification', { subject: 'Von {visitorName}', body: '{fields}\n{message}' })).toEqual({});
  });

  it('asks for a subject of one line and a text, within their lengths', () => {
    expect(checkTemplateWords('notification', { subject: 'a\nb', body: ' ' })).toEqual({
      subject: { key: 'templates.problems.oneLine', values: {} },
      body: { key: 'templates.problems.required', values: {} },
    });
    expect(checkTemplateWords('notification', { subject: 'x'.repeat(201), body: '{fields}' }).subject?.key).toBe(
      'templates.problems.tooLong',
    );
  });
});
