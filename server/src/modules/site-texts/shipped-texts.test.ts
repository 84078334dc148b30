import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translationNamespaces } from '@blitz/contract';
import { tempDir } from '../../test/helper';
import { shippedTexts } from './shipped-texts';

describe('the shipped texts', () => {
  it('have the contract’s scopes, whatever folders a build or the sources hold', () => {
    const dist = tempDir();
    // A folder the build did not make for a scope (left over, or copied in by hand) is none.
    fs.mkdirSync(path.join(dist, 'assets', 'i18n', 'leftover'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'i18n', 'leftover', 'de.json'), '{"a":"b"}');
    const shipped = shippedTexts(dist, tempDir());
    expect(shipped.namespaces()).toEqual(translationNamespaces);
    // A scope the build does not ship reads as empty rather than failing.
    expect(shipped.tree('de', 'homepage')).toEqual({});
  });

  it('read a scope from the build, else from the source locale files', () => {
    const dist = tempDir();
    const sources = tempDir();
    fs.mkdirSync(path.join(dist, 'assets', 'i18n', 'homepage'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'i18n', 'homepage', 'de.json'), '{"hero":{"slogan":"gebaut"}}');
    fs.mkdirSync(path.join(sources, 'de'), { recursive: true });
    fs.writeFileSync(path.join(sources, 'de', 'homepage.json'), '{"hero":{"slogan":"Quelle"}}');
    fs.writeFileSync(path.join(sources, 'de', 'aboutus.json'), '{"title":"Quelle"}');
    const shipped = shippedTexts(dist, sources);
    expect(shipped.tree('de', 'homepage')).toEqual({ hero: { slogan: 'gebaut' } });
    expect(shipped.tree('de', 'aboutus')).toEqual({ title: 'Quelle' });
  });
});
