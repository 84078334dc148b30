/** What a button of the text field writes (decision 062's markup). */
export type Edit = 'heading' | 'subheading' | 'list' | 'numbered' | 'bold' | 'italic' | 'link';

/** The text after an edit, and the selection to put back. */
export type Edited = { value: string; start: number; end: number };

const linePrefix = /^(#{1,6}[ \t]+|[-+*][ \t]+|\d{1,9}[.)][ \t]+)/;

/**
 * An edit of the selected lines: each gets the block's marker (a heading's `## `, a list's `- `
 * or its number) in place of the one it had; pressed again on lines that have it, it takes it off.
 */
function editLines(value: string, start: number, end: number, edit: 'heading' | 'subheading' | 'list' | 'numbered'): Edited {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = value.indexOf('\n', Math.max(start, end - (end > start && value[end - 1] === '\n' ? 1 : 0)));
  const to = lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split('\n');
  const marker = (i: number) => ({ heading: '## ', subheading: '### ', list: '- ', numbered: `${i + 1}. ` })[edit];
  const has = (line: string, i: number) =>
    edit === 'numbered'
      ? /^\d{1,9}[.)][ \t]+/.test(line)
      : line.startsWith(marker(i)) && !(edit === 'heading' && line.startsWith('###'));
  const removing = lines.every((line, i) => !line.trim() || has(line, i));
  let number = 0;
  const next = lines.map((line) => {
    if (!line.trim()) return line;
    const bare = line.replace(linePrefix, '');
    return removing ? bare : marker(number++) + bare;
  });
  const replaced = next.join('\n');
  return { value: value.slice(0, from) + replaced + value.slice(to), start: from, end: from + replaced.length };
}

/**
 * An edit at the selection: emphasis is written around the selected words (with the caret
 * between the markers where nothing is selected), a link around them with the address to type
 * selected (`[words](https://)`), a block's marker at the start of each selected line.
 */
export function edited(value: string, start: number, end: number, edit: Edit, linkWords: string): Edited {
  if (edit === 'heading' || edit === 'subheading' || edit === 'list' || edit === 'numbered')
    return editLines(value, start, end, edit);
  // Spaces selected at the edges stay outside: a marker stands next to a word.
  let from = start;
  let to = end;
  while (from < to && /\s/.test(value[from]!)) from++;
  while (to > from && /\s/.test(value[to - 1]!)) to--;
  const words = value.slice(from, to);
  if (edit === 'link') {
    const shown = words || linkWords;
    const address = 'https://';
    const inserted = `[${shown}](${address})`;
    const at = from + shown.length + 3;
    return { value: value.slice(0, from) + inserted + value.slice(to), start: at, end: at + address.length };
  }
  const marker = edit === 'bold' ? '**' : '*';
  // Pressed again on words that have it, it takes it off.
  if (
    words &&
    value.slice(from - marker.length, from) === marker &&
    value.slice(to, to + marker.length) === marker &&
    (edit === 'bold' || (value[from - 2] !== '*' && value[to + 1] !== '*'))
  )
    return {
      value: value.slice(0, from - marker.length) + words + value.slice(to + marker.length),
      start: from - marker.length,
      end: to - marker.length,
    };
  return {
    value: value.slice(0, from) + marker + words + marker + value.slice(to),
    start: from + marker.length,
    end: to + marker.length,
  };
}
