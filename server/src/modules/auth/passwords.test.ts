import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import { checkPasswordPolicy, contextWords } from './passwords';

/** A real company's details as its first admin saves them (issue 40). */
const erdwerk = {
  ...defaultCompanyDetails,
  name: 'Erdwerk Blitzschutz',
  legalName: 'Erdwerk Blitzschutz GmbH',
  street: 'Kinzigstraße 12',
  city: 'Gelnhausen',
  website: 'https://www.erdwerk.de',
  email: 'kontakt@erdwerk.de',
  managingDirectors: ['Johanna Kessler'],
};

describe('password context words', () => {
  it('are the saved company’s names, street, city and domain, and the account’s own name and address', () => {
    const words = contextWords(erdwerk, { username: 'j.kessler', email: 'johanna@erdwerk.de' });
    expect(words).toEqual(
      expect.arrayContaining(['erdwerk', 'blitzschutz', 'kinzigstraße', 'gelnhausen', 'kessler', 'johanna', 'kontakt']),
    );
    // The placeholder company's words are not this site's.
    expect(words).not.toContain('musterblitz');
    expect(words).not.toContain('musterstraße');
  });

  it('refuse passwords built from the saved company’s name and the account’s name, not from the placeholder’s', () => {
    const words = contextWords(erdwerk, { username: 'j.kessler' });
    for (const guessable of ['Erdwerk2026!!', 'Erdwerk Blitzschutz 2026', 'gelnhausen-erdwerk', 'j.kessler2026!']) {
      expect(checkPasswordPolicy(guessable, words), guessable).toMatch(/^is too easy to guess/);
    }
    expect(checkPasswordPolicy('Kupferband-Fangstange-Erder-97', words)).toBeUndefined();
    // While the placeholder company is in place, its name is what an attacker tries.
    const sample = contextWords(defaultCompanyDetails, { username: 'admin' });
    expect(checkPasswordPolicy('Musterblitz2026!!', sample)).toMatch(/^is too easy to guess/);
  });
});
