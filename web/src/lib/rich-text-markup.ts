import { type RichBlock, type RichRun, type RichText, customPageLimits, isSafeLink, richTextSchema } from '@blitz/contract';

/*
 * The dashboard's way of writing a page's text (decision 062): a small markup that looks like
 * the Markdown staff know from chats and wikis, converted both ways to the contract's blocks of
 * runs (decision 061). It is ours, not CommonMark: emphasis is a pair of markers wherever they
 * stand (CommonMark's flanking rules would turn `**Wort **` back into stars), so every text the
 * editor makes comes back exactly as it was.
 *
 *   ## Heading            ### Subheading
 *   - item  (or + item, * item)        1. item  (numbered)
 *   **bold**   *italic*   [words](https://… | /Services | mailto:… | tel:…)
 *   \* \[ \] \# \- \\     the character itself
 *
 * Blocks are separated by a blank line (a blank line also ends a list); the lines of a paragraph
 * are kept as they were typed; a list item goes on over lines indented by spaces. A marker
 * without its partner in the same block stays text, as does anything else, HTML included.
 */

type Marks = { bold: boolean; italic: boolean; href: string | undefined };

// ---------------------------------------------------------------------------------------------
// Markup → blocks

/** Characters that a backslash makes plain text. */
const escapable = new Set('\\*[]()#-+.!_`'.split(''));

type Token =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic'; raw: string }
  | { type: 'open'; raw: string }
  | { type: 'close'; raw: string; href: string };

/** The address of a link after `](`: up to its closing parenthesis (balanced ones may be inside), on one line. */
function readHref(source: string, start: number): { href: string; end: number } | undefined {
  let href = '';
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\' && i + 1 < source.length && escapable.has(source[i + 1]!)) {
      href += source[++i];
    } else if (char === '\n') {
      return undefined;
    } else if (char === '(') {
      depth++;
      href += char;
    } else if (char === ')') {
      if (depth === 0) return href ? { href, end: i + 1 } : undefined;
      depth--;
      href += char;
    } else {
      href += char;
    }
  }
  return undefined;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const push = (token: Token) => {
    if (text) tokens.push({ type: 'text', text });
    text = '';
    tokens.push(token);
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === '\\' && next !== undefined && escapable.has(next)) {
      text += next;
      i++;
    } else if (char === '*' && next === '*') {
      push({ type: 'bold', raw: '**' });
      i++;
    } else if (char === '*') {
      push({ type: 'italic', raw: '*' });
    } else if (char === '[') {
      push({ type: 'open', raw: '[' });
    } else if (char === ']' && next === '(') {
      const link = readHref(source, i + 2);
      if (link) {
        push({ type: 'close', raw: source.slice(i, link.end), href: link.href });
        i = link.end - 1;
      } else text += char;
    } else {
      text += char;
    }
  }
  if (text) tokens.push({ type: 'text', text });
  return tokens;
}

const firstChar = (token: Token) => (token.type === 'text' ? token.text : token.raw)[0]!;
const lastChar = (token: Token) => (token.type === 'text' ? token.text : token.raw).slice(-1);

/** One character and how it is set: what the tidying below works on. */
type Cell = { char: string } & Marks;

function cellsOf(runs: readonly RichRun[]): Cell[] {
  return runs.flatMap((run) => [...run.text].map((char) => ({ char, bold: !!run.bold, italic: !!run.italic, href: run.href })));
}

const sameMarks = (a: Marks, b: Marks) => a.bold === b.bold && a.italic === b.italic && a.href === b.href;

/** Characters as runs: neighbours of one setting joined, a text longer than a run may be cut (the contract's limit). */
function runsOfCells(cells: readonly Cell[]): RichRun[] {
  const runs: RichRun[] = [];
  let last: Cell | undefined;
  for (const cell of cells) {
    const run = runs[runs.length - 1];
    if (run && last && sameMarks(last, cell) && run.text.length < customPageLimits.runLength) run.text += cell.char;
    else
      runs.push({
        text: cell.char,
        ...(cell.bold ? { bold: true } : {}),
        ...(cell.italic ? { italic: true } : {}),
        ...(cell.href !== undefined ? { href: cell.href } : {}),
      });
    last = cell;
  }
  return runs;
}

const space = (cell: Cell | undefined) => cell !== undefined && cell.char !== '\n' && /\s/.test(cell.char);

/**
 * What the reader keeps of a block's characters: no spaces at the start or end of a line, no
 * empty line (markers around nothing leave one), and an emphasis that begins and ends at a word
 * — its spaces at the edges are plain. So the reader's text is always the one the writer writes.
 */
function tidy(input: readonly Cell[]): Cell[] {
  const cells: Cell[] = [];
  for (const cell of input) {
    if (space(cell) && (cells.length === 0 || cells[cells.length - 1]!.char === '\n')) continue;
    if (cell.char === '\n') {
      while (space(cells[cells.length - 1])) cells.pop();
      if (cells.length === 0 || cells[cells.length - 1]!.char === '\n') continue;
    }
    cells.push({ ...cell });
  }
  while (cells.length > 0 && (space(cells[cells.length - 1]) || cells[cells.length - 1]!.char === '\n')) cells.pop();
  for (const kind of ['bold', 'italic'] as const) {
    for (let start = 0; start < cells.length;) {
      if (!cells[start]![kind]) {
        start++;
        continue;
      }
      let end = start;
      while (end < cells.length && cells[end]![kind]) end++;
      for (let i = start; i < end && /\s/.test(cells[i]!.char); i++) cells[i]![kind] = false;
      for (let i = end - 1; i >= start && /\s/.test(cells[i]!.char); i--) cells[i]![kind] = false;
      start = end;
    }
  }
  return cells;
}

/** One block's text (its lines joined by line breaks) as runs. */
export function runsOf(source: string): RichRun[] {
  const tokens = tokenize(source);
  // Links: a closing `](…)` with the nearest `[` before it still open; the words between take its address.
  const href: (string | undefined)[] = tokens.map(() => undefined);
  const literal = tokens.map((token) => token.type === 'open' || token.type === 'close');
  const opened: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'open') opened.push(index);
    if (token.type !== 'close') return;
    const start = opened.pop();
    if (start === undefined) return;
    const inside = tokens.slice(start + 1, index);
    if (!inside.some((t) => t.type === 'text')) {
      opened.push(start);
      return;
    }
    literal[start] = false;
    literal[index] = false;
    // A link inside a link: the inner one keeps its own address.
    for (let i = start + 1; i < index; i++) href[i] ??= token.href;
  });
  // Emphasis: a marker opens before a word and closes after one (`5 * 3` stays text); markers of
  // a kind pair up in order, and one left without a partner is text.
  const before = (index: number) => (index > 0 ? lastChar(tokens[index - 1]!) : ' ');
  const after = (index: number) => (index < tokens.length - 1 ? firstChar(tokens[index + 1]!) : ' ');
  for (const kind of ['bold', 'italic'] as const) {
    let opener: number | undefined;
    tokens.forEach((token, index) => {
      if (token.type !== kind) return;
      const canOpen = !/\s/.test(after(index));
      const canClose = !/\s/.test(before(index));
      if (opener !== undefined && canClose) opener = undefined;
      else {
        if (opener !== undefined) literal[opener] = true;
        opener = canOpen ? index : undefined;
        if (!canOpen) literal[index] = true;
      }
    });
    if (opener !== undefined) literal[opener] = true;
  }
  const cells: Cell[] = [];
  const marks = { bold: false, italic: false };
  tokens.forEach((token, index) => {
    const text = token.type === 'text' ? token.text : literal[index] ? token.raw : '';
    for (const char of text) cells.push({ char, ...marks, href: href[index] });
    if (!literal[index] && (token.type === 'bold' || token.type === 'italic')) marks[token.type] = !marks[token.type];
  });
  return runsOfCells(tidy(cells));
}

const headingLine = /^(#{1,6})[ \t]+(\S.*)$/;
const bulletLine = /^[-+*][ \t]+(\S.*)$/;
const numberLine = /^\d{1,9}[.)][ \t]+(\S.*)$/;

type Pending =
  | { type: 'paragraph'; lines: string[] }
  | { type: 'list'; ordered: boolean; items: string[][] }
  | { type: 'heading'; level: 2 | 3; line: string };

/** Staff's markup as the contract's blocks. Never fails: what is not markup is text. */
export function markupToRichText(markup: string): RichText {
  const pending: Pending[] = [];
  let open: Pending | undefined;
  const close = () => {
    if (open) pending.push(open);
    open = undefined;
  };
  for (const raw of markup.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) {
      close();
      continue;
    }
    // An indented line under a list item goes on with that item.
    if (open?.type === 'list' && /^[ \t]/.test(raw)) {
      open.items[open.items.length - 1]!.push(line);
      continue;
    }
    const heading = headingLine.exec(line);
    const bullet = bulletLine.exec(line);
    const number = bullet ? null : numberLine.exec(line);
    if (heading) {
      close();
      pending.push({ type: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, line: heading[2]! });
    } else if (bullet || number) {
      const ordered = number !== null;
      if (open?.type !== 'list' || open.ordered !== ordered) {
        close();
        open = { type: 'list', ordered, items: [] };
      }
      open.items.push([(bullet ?? number)![1]!]);
    } else if (open?.type === 'paragraph') {
      open.lines.push(line);
    } else {
      close();
      open = { type: 'paragraph', lines: [line] };
    }
  }
  close();
  // Markers around nothing (`****`) leave no words: no block, no item.
  return pending.flatMap((block): RichBlock[] => {
    switch (block.type) {
      case 'heading': {
        const content = runsOf(block.line);
        return content.length ? [{ type: 'heading', level: block.level, content }] : [];
      }
      case 'paragraph': {
        const content = runsOf(block.lines.join('\n'));
        return content.length ? [{ type: 'paragraph', content }] : [];
      }
      case 'list': {
        const items = block.items.map((lines) => runsOf(lines.join('\n'))).filter((item) => item.length > 0);
        return items.length ? [{ type: 'list', ordered: block.ordered, items }] : [];
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Blocks → markup

/** A run's words as markup: every character that would be read as markup made plain. */
const escapeText = (text: string) => text.replace(/[\\*[\]]/g, '\\$&');

/** A line that would start a heading or a list is made plain at its start. */
const escapeLineStart = (line: string) =>
  line
    .replace(/^#/, '\\#')
    .replace(/^([-+])([ \t])/, '\\$1$2')
    .replace(/^(\d{1,9})([.)])([ \t])/, '$1\\$2$3');

/** A link's address: backslashes doubled, parentheses made plain unless they pair up. */
function escapeHref(href: string): string {
  let depth = 0;
  for (const char of href) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) break;
  }
  const escaped = href.replace(/\\/g, '\\\\');
  return depth === 0 ? escaped : escaped.replace(/[()]/g, '\\$&');
}

/**
 * Runs as markup. Where a setting changes: the markers that end an emphasis, then a link's end
 * or start, then the markers that begin one. An emphasis that goes on past a link's end begins
 * before its `[`, and one begun outside a link ends after its `)`, so that a link's words carry
 * their own emphasis (`[**fett**](/x)`) and an emphasis around a link stays one
 * (`**siehe [hier](/x)**`).
 */
function markupOfRuns(runs: readonly RichRun[]): string {
  const cells = tidy(cellsOf(runs));
  const spans = runsOfCells(cells).map((run) => ({ ...run, bold: !!run.bold, italic: !!run.italic }));
  const kinds = [
    ['bold', '**'],
    ['italic', '*'],
  ] as const;
  let out = '';
  const open = { bold: false, italic: false };
  // The marks begun inside the link being written: they end inside it.
  const inside = new Set<'bold' | 'italic'>();
  let href: string | undefined;
  spans.forEach((run, index) => {
    const ending = kinds.filter(([kind]) => open[kind] && !run[kind]);
    if (run.href !== href) {
      for (const [kind, marker] of ending) if (inside.has(kind)) out += marker;
      if (href !== undefined) out += `](${escapeHref(href)})`;
      for (const [kind, marker] of ending) if (!inside.has(kind)) out += marker;
      inside.clear();
      href = run.href;
      // The link's run and those after it with the same address: an emphasis going on past them begins before `[`.
      let end = index;
      while (end + 1 < spans.length && spans[end + 1]!.href === href) end++;
      const after = spans[end + 1];
      const beginning = kinds.filter(([kind]) => !open[kind] && run[kind]);
      const outside = (kind: 'bold' | 'italic') =>
        href === undefined || (after?.[kind] === true && spans.slice(index, end + 1).every((r) => r[kind]));
      for (const [kind, marker] of beginning) if (outside(kind)) out += marker;
      if (href !== undefined) out += '[';
      for (const [kind, marker] of beginning)
        if (!outside(kind)) {
          out += marker;
          inside.add(kind);
        }
    } else {
      for (const [, marker] of ending) out += marker;
      for (const [kind, marker] of kinds)
        if (!open[kind] && run[kind]) {
          out += marker;
          if (href !== undefined) inside.add(kind);
        }
    }
    open.bold = run.bold;
    open.italic = run.italic;
    out += escapeText(run.text);
  });
  const ending = kinds.filter(([kind]) => open[kind]);
  for (const [kind, marker] of ending) if (inside.has(kind)) out += marker;
  if (href !== undefined) out += `](${escapeHref(href)})`;
  for (const [kind, marker] of ending) if (!inside.has(kind)) out += marker;
  return out;
}

const linesOf = (text: string) => text.split('\n').map(escapeLineStart);

/** The contract's blocks as staff's markup: what `markupToRichText` reads back as the same blocks. */
export function richTextToMarkup(text: RichText): string {
  return text
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `${block.level === 2 ? '##' : '###'} ${markupOfRuns(block.content).replace(/\s*\n\s*/g, ' ')}`;
        case 'paragraph':
          return linesOf(markupOfRuns(block.content)).join('\n');
        case 'list':
          return block.items
            .map((item, i) => {
              const [first = '', ...rest] = markupOfRuns(item).split('\n');
              return [`${block.ordered ? `${i + 1}.` : '-'} ${first}`, ...rest.map((line) => `  ${line}`)].join('\n');
            })
            .join('\n');
      }
    })
    .join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// What keeps a text from being saved

/** What is wrong with a text, for the editor's message at its field. */
export type MarkupProblem =
  | { kind: 'link'; href: string; suggestion: string | undefined }
  | { kind: 'tooManyBlocks' | 'tooManyRuns' | 'tooManyItems'; max: number };

/** An address that is close to one a link may have: `www.…` or a host without its scheme, a path without its slash. */
function suggestedHref(href: string): string | undefined {
  if (/^www\./i.test(href) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(href)) return `https://${href}`;
  if (/^[^\s:/]+@[^\s@]+\.[a-z]{2,}$/i.test(href)) return `mailto:${href}`;
  if (/^\+?[0-9 ()/-]{5,}$/.test(href)) return `tel:${href.replace(/\s+/g, '')}`;
  return undefined;
}

/**
 * Why the text cannot be saved as it is: each link whose address the contract refuses (a web
 * address, `mailto:`, `tel:` or a path of this site only), and the contract's limits.
 */
export function markupProblems(text: RichText): MarkupProblem[] {
  const problems: MarkupProblem[] = [];
  const seen = new Set<string>();
  const runs = text.flatMap((block) => (block.type === 'list' ? block.items.flat() : block.content));
  for (const run of runs) {
    if (run.href === undefined || isSafeLink(run.href) || seen.has(run.href)) continue;
    seen.add(run.href);
    problems.push({ kind: 'link', href: run.href, suggestion: suggestedHref(run.href) });
  }
  if (problems.length > 0) return problems;
  const parsed = richTextSchema.safeParse(text);
  if (parsed.success) return problems;
  const issue = parsed.error.issues[0]!;
  if (issue.path.includes('href')) {
    const [block, , run] = issue.path as [number, string, number];
    const found = text[block];
    const href = found && found.type !== 'list' ? found.content[run]?.href : undefined;
    return [{ kind: 'link', href: href ?? '', suggestion: undefined }];
  }
  if (issue.path.length === 0) return [{ kind: 'tooManyBlocks', max: customPageLimits.blocks }];
  if (issue.path.includes('items') && issue.path.length === 2) return [{ kind: 'tooManyItems', max: customPageLimits.listItems }];
  return [{ kind: 'tooManyRuns', max: customPageLimits.runs }];
}
