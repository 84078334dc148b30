import { describe, expect, it } from 'vitest';
import { editableTextNamespaces } from '@blitz/contract';
import { textOfItem } from './text-item';

describe('textOfItem', () => {
  const namespace = editableTextNamespaces[0];

  it('reads the page and key of an audit entry’s text', () => {
    expect(textOfItem(`${namespace}:hero.title:de`)).toEqual({ namespace, key: 'hero.title' });
  });

  it('names nothing for an unknown page, a missing key or another shape', () => {
    expect(textOfItem('nowhere:hero.title:de')).toBeUndefined();
    expect(textOfItem(`${namespace}::de`)).toBeUndefined();
    expect(textOfItem(`${namespace}:hero.title`)).toBeUndefined();
    expect(textOfItem('12')).toBeUndefined();
  });
});
