// The CSS a prerendered page needs for its first paint: the site's stylesheet without the rules
// that match nothing in the page's HTML (by their classes and element names). The full
// stylesheet follows without blocking the paint (web/src/lib/stylesheet.ts), for what changes
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
 * The classes and element names a selector requires. What sits under :not() or :has() is left
 * out (its absence does not exclude a match), and so are :is()/:where() lists of several
 * alternatives (one may be enough); a single :is()/:where() selector counts.
 */
function required(node, found = { classes: [], elements: [] }) {
  if (Array.isArray(node)) {
    for (const item of node) required(item, found);
  } else if (node && typeof node === 'object') {
    if (node.type === 'class') found.classes.push(node.name);
    else if (node.type === 'type') found.elements.push(node.name.toLowerCase());
    else if (node.type === 'pseudo-class' && (node.kind === 'not' || node.kind === 'has')) return found;
    else if (node.type === 'pseudo-class' && (node.kind === 'is' || node.kind === 'where') && node.selectors.length > 1)
      return found;
    else for (const value of Object.values(node)) required(value, found);
  }
  return found;
}

export function criticalCss(css, html) {
  const classes = classesIn(html);
  const elements = elementsIn(html);
  const canMatch = (selector) => {
    const needs = required(selector);
    return needs.classes.every((name) => classes.has(name)) && needs.elements.every((name) => elements.has(name));
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
  // Media and @supports blocks left empty by the pruning are dropped as well.
  return code.toString().replace(/@(media|supports)[^{}]*\{\}/g, '');
}
