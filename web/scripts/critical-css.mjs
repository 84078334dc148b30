// The CSS a prerendered page needs for its first paint: the site's stylesheet without the rules
// that match nothing in the page's HTML (by their classes and element names). The full
// stylesheet follows without blocking the paint (web/src/lib/ssr/stylesheet.ts), for what changes
// after hydration and for the other pages; so the first paint can also do without Tailwind's
// fallback for browsers that lack @property (current browsers never apply it). The lab() and
// color-mix() refinements of colours stay: without them the colours would shift, if only by a
// shade, when the full stylesheet arrives.
import { transform } from 'lightningcss';

/** Every element name in the HTML. */
export function elementsIn(html) {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase()));
}

/** Every class name used in the HTML's class attributes. */
export function classesIn(html) {
  const classes = new Set();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.split(/\s+/))
      if (name)
        classes.add(
          name
            .replace(/&amp;/g, '&')
            .replace(/&quot;/g, '"')
            .replace(/&#x27;|&#39;/g, "'"),
        );
  }
  return classes;
}

/**
 * Pseudo-elements that exist only inside inputs of some types, each with those types: Tailwind's
 * preflight styles them, and a page without such an input does not need the rules.
 */
const inputPseudoElements = [
  [/^-webkit-(datetime-edit|date-and-time-value)/, ['date', 'time', 'datetime-local', 'month', 'week']],
  [/^-webkit-(inner|outer)-spin-button$/, ['number', 'date', 'time', 'datetime-local', 'month', 'week']],
  [/^-webkit-search-/, ['search']],
];

/** The type of every input in the HTML (`text` when it has none). */
export function inputTypesIn(html) {
  return new Set(
    [...html.matchAll(/<input\b([^>]*)>/gi)].map((m) => /\stype="([^"]*)"/i.exec(m[1])?.[1].toLowerCase() ?? 'text'),
  );
}

/**
 * The classes and element names a selector requires. What sits under :not() or :has() is left
 * out (its absence does not exclude a match), and so are :is()/:where() lists of several
 * alternatives (one may be enough); a single :is()/:where() selector counts.
 */
function required(node, found = { classes: [], elements: [], inputTypes: [] }) {
  if (Array.isArray(node)) {
    for (const item of node) required(item, found);
  } else if (node && typeof node === 'object') {
    if (node.type === 'class') found.classes.push(node.name);
    else if (node.type === 'pseudo-element' && node.kind === 'custom') {
      const types = inputPseudoElements.find(([name]) => name.test(node.name))?.[1];
      if (types) found.inputTypes.push(types);
    } else if (node.type === 'type') found.elements.push(node.name.toLowerCase());
    else if (node.type === 'pseudo-class' && (node.kind === 'not' || node.kind === 'has')) return found;
    else if (node.type === 'pseudo-class' && (node.kind === 'is' || node.kind === 'where') && node.selectors.length > 1)
      return found;
    else for (const value of Object.values(node)) required(value, found);
  }
  return found;
}

export function criticalCss(css, html) {
  const classes = classesIn(html);
  // `js` is put on <html> by the page's head script before the first paint (src/lib/i18n/language.ts).
  classes.add('js');
  const elements = elementsIn(html);
  const inputTypes = inputTypesIn(html);
  const canMatch = (selector) => {
    const needs = required(selector);
    return (
      needs.classes.every((name) => classes.has(name)) &&
      needs.elements.every((name) => elements.has(name)) &&
      needs.inputTypes.every((types) => types.some((type) => inputTypes.has(type)))
    );
  };
  const { code } = transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        // A rule goes when none of its selectors can match; a rule is never rewritten, as
        // lightningcss cannot serialise every declaration it parsed back from the visitor.
        style(rule) {
          return rule.value.selectors.some(canMatch) ? undefined : [];
        },
        'layer-block'(rule) {
          return rule.value.name?.[0] === 'properties' ? [] : undefined;
        },
      },
    },
  });
  // Media and @supports blocks left empty by the pruning are dropped as well, and so is Tailwind's
  // banner: the full stylesheet, of which this is an excerpt, keeps it.
  const pruned = code
    .toString()
    .replace(/@(media|supports)[^{}]*\{\}/g, '')
    .replace(/\/\*![^*]*\*\/\s*/g, '');
  const themed = withoutUnusedThemeVariables(withThemeConstantsInlined(pruned, html), html);
  return withoutUnusedRegistrations(withoutUnreadRegisteredVariables(withRegisteredConstantsInlined(themed, html), html), html);
}

// Tailwind declares the theme's variables on `:root,:host` (colours again in @supports blocks).
const themeBlock = /:root,:host\{([^{}]*)\}/g;
const references = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);

/**
 * Every declaration of the theme blocks, as `{ name, value }`. Works on lightningcss's minified
 * output, where a theme block is a flat list of `--name:value` declarations separated by semicolons.
 */
function themeDeclarations(css) {
  return [...css.matchAll(themeBlock)].flatMap(([, body]) =>
    body.split(';').map((declaration) => {
      const colon = declaration.indexOf(':');
      return { name: declaration.slice(0, colon), value: declaration.slice(colon + 1) };
    }),
  );
}

/**
 * Drops the theme variables that nothing left in the page's CSS (or its HTML) refers to, directly
 * or through another variable: most of the palette and scale serves other pages. The full
 * stylesheet that follows declares them all again.
 */
export function withoutUnusedThemeVariables(css, html = '') {
  const declarations = themeDeclarations(css);
  const used = new Set(references(css.replace(themeBlock, '') + html));
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, value } of declarations) {
      if (!used.has(name)) continue;
      for (const reference of references(value)) {
        if (used.has(reference)) continue;
        used.add(reference);
        grew = true;
      }
    }
  }
  return css
    .replace(themeBlock, (_, body) => {
      const kept = body.split(';').filter((declaration) => used.has(declaration.slice(0, declaration.indexOf(':'))));
      return kept.length ? `:root,:host{${kept.join(';')}}` : '';
    })
    .replace(/@(supports|layer)[^{}]*\{\}/g, '');
}

/** The end of the function call (`var(…)`, `color-mix(…)`) that starts at `start`: the index after its closing parenthesis. */
function endOfCall(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * Writes the value of each theme variable that is a constant — declared once, in the theme block,
 * and set nowhere else (no other rule, no style attribute of the HTML) — where a rule reads it,
 * then lets lightningcss fold what that makes constant (`calc(.25rem * 4)` is `1rem`). Tailwind
 * reads its theme through variables (`padding:calc(var(--spacing) * 4)`); on a page's first
 * response each reference costs bytes, and the theme block that declares them more (370–500
 * bytes of a page's compressed HTML). The variables nothing reads any more are then dropped by
 * withoutUnusedThemeVariables; the full stylesheet declares them all again.
 */
export function withThemeConstantsInlined(css, html = '') {
  const setCount = new Map();
  for (const [, name] of (css + html).matchAll(/[{;\s"](--[\w-]+):/g)) setCount.set(name, (setCount.get(name) ?? 0) + 1);
  const constants = new Map(
    themeDeclarations(css)
      .filter(({ name }) => setCount.get(name) === 1)
      .map(({ name, value }) => [name, value]),
  );
  return transform({ filename: 'critical.css', code: Buffer.from(substituted(css, constants)), minify: true }).code.toString();
}

/**
 * `text` with each `var()` of a variable in `constants` replaced by its value; a variable mapped
 * to `fallback` is replaced by the var()'s own fallback (one without a fallback is left).
 */
function substituted(text, constants, expanding = new Set()) {
  // Left inside color-mix(): lightningcss would compute the mix, a colour that may differ from
  // the browser's by 1 of 255, and the page would change a shade when the full stylesheet came.
  const mixes = [...text.matchAll(/color-mix\(/g)].map((m) => [m.index, endOfCall(text, m.index)]);
  let out = '';
  let from = 0;
  for (const match of text.matchAll(/var\(\s*(--[\w-]+)\s*([,)])/g)) {
    if (match.index < from || mixes.some(([start, end]) => match.index > start && match.index < end)) continue;
    const end = endOfCall(text, match.index);
    let value = constants.get(match[1]);
    if (value === fallback) value = match[2] === ',' ? text.slice(match.index + match[0].length, end - 1).trim() : undefined;
    // A variable that refers to itself, however indirectly, is left to the browser (it is invalid).
    if (value === undefined || expanding.has(match[1])) continue;
    // Tokens stay apart, as they do when the browser substitutes a variable.
    const before = /[\w.%)-]$/.test(text.slice(from, match.index)) ? ' ' : '';
    const after = /^[\w.#(-]/.test(text.slice(end)) ? ' ' : '';
    out += text.slice(from, match.index) + before + substituted(value, constants, new Set([...expanding, match[1]])) + after;
    from = end;
  }
  return out + text.slice(from);
}

/** In `substituted`'s constants: the variable has no value anywhere, so each var() takes its fallback. */
const fallback = Symbol('fallback');

const propertyRule = /@property (--[\w-]+)\{[^{}]*\}/g;

/** Every value `name` is set to in the CSS's rules (not its registration) and the HTML's style attributes. */
function valuesSet(rules, html, name) {
  return [...(rules + html).matchAll(new RegExp(`[{;\\s"]${name}:([^;{}"]*)`, 'g'))].map((m) => m[1].trim());
}

/**
 * Writes where a rule reads it the value of each variable Tailwind registers (`@property`, syntax
 * `*`, so the browser substitutes its tokens as written) that is the same on every element: every
 * rule left in the page and every style attribute that sets it sets its initial value
 * (`--tw-space-y-reverse:0`), or none sets it (`--tw-border-style`, `--tw-inset-shadow`: the
 * initial value; `--tw-shadow-color` without one: each var()'s fallback). Then lightningcss folds
 * what that makes constant (`calc(calc(.25rem * 3) * 0)` is `0`). The space-y utilities, borders,
 * shadows and rings read them on every page; with withoutUnreadRegisteredVariables, 110–300 bytes
 * less of each page's compressed first response (2026-11-25). A variable with another syntax is
 * left: its initial value is a typed one (`0` of `<length>` is `0px`, which a calc() needs). The
 * full stylesheet that follows reads them again.
 */
export function withRegisteredConstantsInlined(css, html = '') {
  const rules = css.replace(propertyRule, '');
  const constants = new Map();
  for (const [registration, name] of css.matchAll(propertyRule)) {
    if (!registration.includes('syntax:"*"')) continue;
    const initial = /[{;]initial-value:([^;}]*)/.exec(registration)?.[1].trim();
    const set = valuesSet(rules, html, name);
    if (initial === undefined) {
      if (set.length === 0) constants.set(name, fallback);
    } else if (set.every((value) => value === initial)) constants.set(name, initial);
  }
  if (constants.size === 0) return css;
  return transform({ filename: 'critical.css', code: Buffer.from(substituted(css, constants)), minify: true }).code.toString();
}

/**
 * Drops the declarations of registered variables that nothing left in the page's CSS (or its
 * HTML) reads: those withRegisteredConstantsInlined wrote out (`--tw-space-y-reverse:0` on every
 * space-y rule), and those Tailwind sets for other utilities to read, none of which the page has
 * (`--tw-font-weight` beside each `font-weight`). A registered variable is Tailwind's own: no
 * script reads it.
 */
export function withoutUnreadRegisteredVariables(css, html = '') {
  const rules = css.replace(propertyRule, '');
  const read = new Set(references(rules + html));
  const unread = [...css.matchAll(propertyRule)].map(([, name]) => name).filter((name) => !read.has(name));
  if (unread.length === 0) return css;
  const declaration = new RegExp(`([{;])(?:${unread.join('|')}):[^;{}]*(?=[;}])`, 'g');
  // The first replacement may leave `{;` or `;;`; lightningcss tidies them, and drops a rule left empty.
  const without = css.replace(declaration, '$1').replace(/([{;]);+/g, '$1');
  return transform({ filename: 'critical.css', code: Buffer.from(without), minify: true }).code.toString();
}

const keyframesRule = /@keyframes ([\w-]+)\{(?:[^{}]*\{[^{}]*\})*\}/g;

/**
 * Drops the @property registrations of variables that nothing left in the page's CSS (or its
 * HTML) reads, and the @keyframes no rule left names: Tailwind registers every variable of every
 * utility it generated (rotations, gradients, filters…) and keeps its animations beside them. A
 * registration matters only where its variable is read (its initial value, its inheritance), so
 * one without a reader changes nothing. Works on lightningcss's minified output.
 */
export function withoutUnusedRegistrations(css, html = '') {
  const rest = css.replace(propertyRule, '').replace(keyframesRule, '');
  const read = new Set(references(rest + html));
  return css
    .replace(propertyRule, (rule, name) => (read.has(name) ? rule : ''))
    .replace(keyframesRule, (rule, name) => (new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(rest) ? rule : ''));
}
