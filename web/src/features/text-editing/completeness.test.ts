import { describe, expect, it } from 'vitest';
import { completenessCounts, differsFromDefault, draftCount, failsCheck } from './completeness';
import { entry, state } from './test-entries';

const untouched = entry('homepage', 'hero.slogan', state('Wir leiten Blitze'), state('We conduct lightning'));
const germanOnly = entry('homepage', 'hero.subline', state('Planung', { published: 'Planung und Montage' }), state('Planning'));
const germanDraftOnly = entry(
  'homepage',
  'hero.kicker',
  state('Fachbetrieb', { hasDraft: true, draft: 'Meisterbetrieb' }),
  state('Specialist'),
);
const both = entry(
  'common',
  'footer.note',
  state('Hinweis', { published: 'Neuer Hinweis' }),
  state('Note', { hasDraft: true, draft: 'New note' }),
);
// Live text changed, its draft puts the default back: it still differs until that is published.
const backToDefault = entry(
  'aboutus',
  'intro',
  state('Über uns', { published: 'Wer wir sind', hasDraft: true, draft: null }),
  state('About'),
);

describe('completeness of the page texts', () => {
  it('counts a language as changed while its live text or its draft differs from the default', () => {
    expect(differsFromDefault(untouched.de)).toBe(false);
    expect(differsFromDefault(germanOnly.de)).toBe(true);
    expect(differsFromDefault(germanDraftOnly.de)).toBe(true);
    expect(differsFromDefault(backToDefault.de)).toBe(true);
    // A draft equal to the default over a default live text changes nothing.
    expect(differsFromDefault(state('A', { hasDraft: true, draft: 'A' }))).toBe(false);
  });

  it('finds texts changed in one language only, in either language', () => {
    const englishOnly = entry('contact', 'submit', state('Senden'), state('Send', { published: 'Send now' }));
    expect(failsCheck(germanOnly, 'oneLanguage')).toBe(true);
    expect(failsCheck(germanDraftOnly, 'oneLanguage')).toBe(true);
    expect(failsCheck(englishOnly, 'oneLanguage')).toBe(true);
    expect(failsCheck(both, 'oneLanguage')).toBe(false);
    expect(failsCheck(untouched, 'oneLanguage')).toBe(false);
  });

  it('finds texts with drafts and texts that differ from the default', () => {
    expect([untouched, germanOnly, germanDraftOnly, both, backToDefault].map((e) => failsCheck(e, 'drafts'))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect([untouched, germanOnly, both].map((e) => failsCheck(e, 'changed'))).toEqual([false, true, true]);
  });

  it('finds an empty text, live or drafted, in either language', () => {
    expect(failsCheck(entry('common', 'a', state(' '), state('A')), 'empty')).toBe(true);
    expect(failsCheck(entry('common', 'a', state('A'), state('A', { hasDraft: true, draft: '\n' })), 'empty')).toBe(true);
    expect(failsCheck(both, 'empty')).toBe(false);
  });

  it('counts each check over all texts; all zero when nothing is changed', () => {
    expect(completenessCounts([untouched, germanOnly, germanDraftOnly, both, backToDefault])).toEqual({
      oneLanguage: 3,
      changed: 4,
      empty: 0,
      drafts: 3,
    });
    expect(completenessCounts([untouched])).toEqual({ oneLanguage: 0, changed: 0, empty: 0, drafts: 0 });
    expect(completenessCounts([])).toEqual({ oneLanguage: 0, changed: 0, empty: 0, drafts: 0 });
  });

  it('counts a draft per language', () => {
    expect([untouched, germanDraftOnly, both].map(draftCount)).toEqual([0, 1, 1]);
    expect(
      draftCount(entry('common', 'a', state('A', { hasDraft: true, draft: 'B' }), state('A', { hasDraft: true, draft: 'C' }))),
    ).toBe(2);
  });
});
