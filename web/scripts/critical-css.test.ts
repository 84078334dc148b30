import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import { criticalCss, withoutUnusedThemeVariables } from './critical-css.mjs';

describe('critical CSS', () => {
  it('keeps the rules the HTML can match and drops the others', () => {
    const css = '.a{color:red}.b{color:blue}p .c{margin:0}div .a{padding:0}@media (width>=40rem){.b{color:green}}';
    expect(criticalCss(css, '<div class="a"></div>')).toBe('.a{color:red}div .a{padding:0}');
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
