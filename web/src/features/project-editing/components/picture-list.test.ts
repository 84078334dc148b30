import { describe, expect, it } from 'vitest';
import { type PictureItem, filePartName, missingTexts, moved, picturesPayload, pointAt } from './picture-list';

const kept: PictureItem = {
  id: 'kept-0',
  preview: '/media/projects/a-960.webp',
  url: '/media/projects/a-960.webp',
  altDe: ' Dach ',
  altEn: 'Roof',
  focus: { x: 0.3, y: 0.6 },
  decorative: false,
};
const added: PictureItem = {
  id: 'new-1',
  preview: 'blob:x',
  file: new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }),
  altDe: 'Nur Deutsch',
  altEn: '',
  focus: { x: 0.5, y: 0.5 },
  decorative: false,
};

describe('the modal’s picture list', () => {
  it('sends kept pictures by url and new ones by their file part, texts trimmed, none for a decorative one', () => {
    expect(picturesPayload([kept, added, { ...kept, id: 'kept-1', decorative: true }])).toEqual([
      {
        url: kept.url,
        alt: [
          { content: 'Roof', language: 1 },
          { content: 'Dach', language: 2 },
        ],
        focus: kept.focus,
        decorative: false,
      },
      { file: filePartName(added), alt: [{ content: 'Nur Deutsch', language: 2 }], focus: added.focus, decorative: false },
      { url: kept.url, alt: [], focus: kept.focus, decorative: true },
    ]);
  });

  it('sends a picture chosen from the library by its id, with the texts as edited', () => {
    const { url: _url, ...rest } = kept;
    const chosen: PictureItem = { ...rest, id: 'new-2', libraryFileId: 7, preview: '/media/files/b-480.webp' };
    expect(picturesPayload([chosen])).toEqual([
      {
        libraryFileId: 7,
        alt: [
          { content: 'Roof', language: 1 },
          { content: 'Dach', language: 2 },
        ],
        focus: kept.focus,
        decorative: false,
      },
    ]);
  });

  it('names the texts still missing, decorative pictures aside', () => {
    expect(
      missingTexts([
        kept,
        added,
        { ...added, id: 'new-2', altDe: ' ', decorative: false },
        { ...added, id: 'new-3', decorative: true },
      ]),
    ).toEqual(
      new Map([
        ['new-1', ['en']],
        ['new-2', ['de', 'en']],
      ]),
    );
  });

  it('moves a picture within the list, and takes a click as a point in 0..1', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(pointAt(50, 150, 200, 200)).toEqual({ x: 0.25, y: 0.75 });
    expect(pointAt(-5, 999, 200, 200)).toEqual({ x: 0, y: 1 });
  });
});
