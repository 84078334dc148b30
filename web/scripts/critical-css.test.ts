import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import { criticalCss, withoutUnusedThemeVariables } from './critical-css.mjs';

describe('critical CSS', () => {
  it('keeps the rules the HTML can match and drops the others', () => {
    const css = '.a{color:red}.b{color:blue}p .c{margin:0}div .a{padding:0}@media (width>=40rem){.b{color:green}}';
    expect(criticalCss(css, '<div class="a"></div>')).toBe('.a{color:red}div .a{padding:0}');
  });

  it('keeps the print rules the page can match, so that a page printed before any interaction prints cleanly', () => {
    // As styles.css's @media print block comes out of Tailwind and lightningcss.
    const css =
      '@media print{.surface-dark,.surface-dark *{color:#0b2545}header{position:static}' +
      'header nav>:not(:first-child),a[href=\\#main],form,footer>div:has(form),#location-map,[aria-labelledby=contact-map],footer nav~div{display:none}' +
      'main [src]{width:auto}dl>div{break-inside:avoid}}.unused{color:red}';
    const page =
      '<header class="surface-dark"><nav><a href="/">Name</a><ul><li>Menu</li></ul></nav></header>' +
      '<a href="#main">skip</a><main><div class="skeleton"></div></main><footer class="surface-dark"><div><form></form></div><nav></nav><div></div></footer>';
    expect(criticalCss(css, page)).toBe(
      '@media print{.surface-dark,.surface-dark *{color:#0b2545}header{position:static}' +
        'header nav>:not(:first-child),a[href=\\#main],form,footer>div:has(form),#location-map,[aria-labelledby=contact-map],footer nav~div{display:none}' +
        // The project page's template has no <img> yet; the rule names its src, so it stays.
        'main [src]{width:auto}}',
    );
  });

  it('keeps the theme variables in use, also through other variables, and drops the rest', () => {
    const css =
      ':root,:host{--font-sans:system-ui;--default-font:var(--font-sans);--color-red:#f00;--color-blue:#00f;--spacing:.25rem}' +
      '@supports (color:lab(0% 0 0)){:root,:host{--color-red:lab(50% 80 60);--color-blue:lab(30% 60 -90)}}' +
      'body{font-family:var(--default-font)}.p-2{padding:calc(var(--spacing) * 2)}';
    expect(withoutUnusedThemeVariables(css)).toBe(
      ':root,:host{--font-sans:system-ui;--default-font:var(--font-sans);--spacing:.25rem}' +
        'body{font-family:var(--default-font)}.p-2{padding:calc(var(--spacing) * 2)}',
    );
  });

  it('keeps a variable the HTML refers to in a style attribute', () => {
    const css = ':root,:host{--color-red:#f00;--color-blue:#00f}.x{color:blue}';
    expect(withoutUnusedThemeVariables(css, '<p style="color:var(--color-red)"></p>')).toBe(
      ':root,:host{--color-red:#f00}.x{color:blue}',
    );
  });
});
