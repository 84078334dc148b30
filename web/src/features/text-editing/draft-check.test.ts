import { describe, expect, it } from 'vitest';
import { asOneLine, draftProblem } from './draft-check';

describe('checking a draft before it is saved', () => {
  it('accepts a text, with or without the default’s placeholders', () => {
    expect(draftProblem('Fachbetrieb aus {{city}}', 'Blitzschutz-Fachbetrieb aus {{city}}')).toBeUndefined();
    expect(draftProblem('Fachbetrieb', 'Blitzschutz-Fachbetrieb aus {{city}}')).toBeUndefined();
    expect(draftProblem('{{ city }} und mehr', 'aus {{city}}')).toBeUndefined();
    // The company's details and the year fit every text.
    expect(draftProblem('{{companyName}} seit {{year}}', 'Wir')).toBeUndefined();
  });

  it('refuses an empty text and a placeholder the default does not have', () => {
    expect(draftProblem(' \n ', 'Text')).toEqual({ key: 'problems.empty' });
    expect(draftProblem('Aus {{town}} und {{land}}', 'Aus {{city}}')).toEqual({
      key: 'problems.placeholder',
      values: { names: '{{town}}, {{land}}' },
    });
  });
});

describe('a one-line text as typed', () => {
  it('turns line breaks of every kind into spaces and keeps the rest', () => {
    expect(asOneLine('Blitzschutz\naus Hanau')).toBe('Blitzschutz aus Hanau');
    expect(asOneLine('eins\r\nzwei\rdrei')).toBe('eins zwei drei');
    expect(asOneLine('{{companyName}} – seit {{year}}')).toBe('{{companyName}} – seit {{year}}');
  });
});
