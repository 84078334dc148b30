import { describe, expect, it } from 'vitest';
import { fileSlug, fileTextsSchema, libraryKindOf } from './file-library';

describe('the file library in the contract', () => {
  it('makes an address name from a file name: lower case, umlauts spelt out, a document keeps its ending', () => {
    expect(fileSlug('Prüf-Flyer Blitzschutz.pdf')).toBe('pruef-flyer-blitzschutz.pdf');
    expect(fileSlug('Maße & Größen (2026).XLSX')).toBe('masse-groessen-2026.xlsx');
    expect(fileSlug('Dach.JPG', false)).toBe('dach');
    expect(fileSlug('---.pdf')).toBe('datei.pdf');
    expect(fileSlug(`${'a'.repeat(200)}.pdf`)).toBe(`${'a'.repeat(80)}.pdf`);
  });

  it('tells a picture from a document by type or ending, and takes nothing else', () => {
    expect(libraryKindOf('dach.webp', 'image/webp')).toBe('picture');
    expect(libraryKindOf('flyer.pdf', '')).toBe('document');
    expect(libraryKindOf('plan.docx', 'application/octet-stream')).toBe('document');
    // The picture pipeline does not read GIF or HEIC: not taken, though an inquiry may attach them.
    expect(libraryKindOf('anim.gif', 'image/gif')).toBeUndefined();
    expect(libraryKindOf('seite.html', 'text/html')).toBeUndefined();
  });

  it('requires a title in both languages, on one line', () => {
    expect(fileTextsSchema.safeParse({ title: { de: 'Flyer', en: 'Flyer' } }).success).toBe(true);
    expect(fileTextsSchema.safeParse({ title: { de: 'Flyer', en: '  ' } }).success).toBe(false);
    expect(fileTextsSchema.safeParse({ title: { de: 'Zeile\nzwei', en: 'x' } }).success).toBe(false);
    expect(fileTextsSchema.safeParse({ title: { de: 'a', en: 'b' }, extra: 1 }).success).toBe(false);
  });
});
