import { describe, expect, it } from 'vitest';
import { inlineNavigationFrom } from './navbar';

const german = ['Start', 'Blitzschutz', 'Referenzen', 'Leistungen', 'Karriere', 'Kontakt', 'Über uns'];
const english = ['Home', 'Lightning protection', 'References', 'Services', 'Careers', 'Contact', 'About us'];

describe('where the navbar shows its links in a row', () => {
  it("SPEC.md's links, and the news beside them, fit from 1024 px in both languages", () => {
    expect(inlineNavigationFrom(german, 'Musterblitz')).toBe('lg');
    expect(inlineNavigationFrom(english, 'Musterblitz')).toBe('lg');
    expect(inlineNavigationFrom([...german, 'Aktuelles'], 'Musterblitz')).toBe('lg');
    expect(inlineNavigationFrom([...english, 'News'], 'Musterblitz')).toBe('lg');
  });

  it('a page staff placed in the navigation moves them into the menu up to 1280 px, where they did not fit', () => {
    // Measured in Chromium at 1024 px: the English row was 87 px too wide, the language menu off the screen.
    expect(inlineNavigationFrom([...english, 'Autumn inspection'], 'Musterblitz')).toBe('xl');
    expect(inlineNavigationFrom([...german, 'Herbstprüfung'], 'Musterblitz')).toBe('xl');
  });

  it('many pages, or a long name, leave the links in the menu at every width', () => {
    const pages = ['Zertifikate', 'Herbstprüfung', 'Downloads', 'Ausbildung 2026'];
    expect(inlineNavigationFrom([...german, ...pages], 'Musterblitz')).toBeUndefined();
    expect(inlineNavigationFrom(german, 'Musterblitz Blitzschutz und Erdungsanlagen GmbH & Co. KG')).toBeUndefined();
  });
});
