import { describe, expect, it } from 'vitest';
import { edited } from './markup-edits';

const at = (value: string, selected: string) => [value.indexOf(selected), value.indexOf(selected) + selected.length] as const;

describe('the text field’s buttons', () => {
  it('write emphasis around the selected words (spaces stay outside), and take it off again', () => {
    const value = 'Jetzt prüfen lassen';
    const [start, end] = at(value, ' prüfen ');
    const bold = edited(value, start, end, 'bold', 'Linktext');
    expect(bold).toEqual({ value: 'Jetzt **prüfen** lassen', start: 8, end: 14 });
    expect(edited(bold.value, bold.start, bold.end, 'bold', '').value).toBe(value);
    expect(edited(value, 0, 5, 'italic', '').value).toBe('*Jetzt* prüfen lassen');
    // Nothing selected: the markers, with the caret between them.
    expect(edited('ab', 1, 1, 'bold', '')).toEqual({ value: 'a****b', start: 3, end: 3 });
  });

  it('writes a link around the words with the address selected to type over', () => {
    const value = 'Zu den Leistungen';
    const [start, end] = at(value, 'Leistungen');
    const link = edited(value, start, end, 'link', 'Linktext');
    expect(link.value).toBe('Zu den [Leistungen](https://)');
    expect(link.value.slice(link.start, link.end)).toBe('https://');
    expect(edited('', 0, 0, 'link', 'Linktext').value).toBe('[Linktext](https://)');
  });

  it('makes the selected lines a heading or a list, replacing the marker they had, and takes it off again', () => {
    const value = 'Titel\nerster\nzweiter';
    expect(edited(value, 2, 2, 'heading', '').value).toBe('## Titel\nerster\nzweiter');
    expect(edited('## Titel', 0, 0, 'subheading', '').value).toBe('### Titel');
    expect(edited('## Titel', 0, 0, 'heading', '').value).toBe('Titel');
    const [start, end] = at(value, 'erster\nzweiter');
    const list = edited(value, start, end, 'list', '');
    expect(list.value).toBe('Titel\n- erster\n- zweiter');
    const numbered = edited(list.value, list.start, list.end, 'numbered', '');
    expect(numbered.value).toBe('Titel\n1. erster\n2. zweiter');
    expect(edited(numbered.value, numbered.start, numbered.end, 'numbered', '').value).toBe(value);
  });
});
