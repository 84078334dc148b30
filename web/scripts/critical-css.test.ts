import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import {
  criticalCss,
  withRegisteredConstantsInlined,
  withThemeConstantsInlined,
  withoutUnreadRegisteredVariables,
  withoutUnusedRegistrations,
  withoutUnusedThemeVariables,
} from './critical-css.mjs';

describe('critical CSS', () => {
  it('keeps the rules the HTML can match and drops the others', () => {
    const css = '.a{color:red}.b{color:blue}p .c{margin:0}div .a{padding:0}@media (width>=40rem){.b{color:green}}';
    expect(criticalCss(css, '<div class="a"></div>')).toBe('.a{color:red}div .a{padding:0}');
  });

  it("leaves out the stylesheet's banner, which the full stylesheet keeps", () => {
    const css = '/*! tailwindcss v4 | MIT License | https://tailwindcss.com */\n.a{color:red}';
    expect(criticalCss(css, '<div class="a"></div>')).toBe('.a{color:red}');
  });

  it('keeps the print rules of styles.css, so that a page printed before any interaction prints cleanly', () => {
    // The print block is plain CSS (no Tailwind syntax): it goes through lightningcss as written.
    const styles = fs.readFileSync(new URL('../src/styles.css', import.meta.url), 'utf8');
    const print = styles.slice(styles.indexOf('@media print'));
    // A project page's template as the build prerenders it: its loading state has no <img> yet.
    const page =
      '<a href="#main" class="sr-only">skip</a><header class="surface-dark"><nav><a href="/">Name</a><ul><li>Menu</li></ul><div>DE</div></nav></header>' +
      '<main><div class="surface-dark"><svg aria-hidden="true"></svg><div><h1>Titel</h1></div></div><div class="skeleton"></div><h2>Leistungen</h2></main>' +
      '<footer class="surface-dark"><div><section><h2>Kontakt</h2><form></form></section></div><div><address></address></div><nav></nav><div></div></footer>';
    const kept = criticalCss(print, page);
    expect(kept.startsWith('@media print{')).toBe(true);
    for (const rule of [
      '.surface-dark{background:0 0}',
      '.surface-dark,.surface-dark *{color:#0b2545}',
      'header{position:static}',
      // The project's picture is named by its src, so the rule stays although the template has no img.
      'main [src]{width:auto;height:auto;max-height:110mm}',
    ])
      expect(kept).toContain(rule);
    const hidden = kept.match(/([^{}]*)\{display:none\}/)![1]!.split(',');
    for (const selector of [
      'header nav>:not(:first-child)',
      'a[href=\\#main]',
      'form',
      'footer>div:has(form)',
      '#location-map',
      '[aria-labelledby*=map]',
      'footer nav',
      'footer nav~div',
    ])
      expect(hidden).toContain(selector);
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

  it('writes the value of a constant theme variable where a rule reads it, and folds what that makes constant', () => {
    const css =
      ':root,:host{--spacing:.25rem;--color-red:#f00;--font-sans:system-ui;--default-font:var(--font-sans)}' +
      '.p-4{padding:calc(var(--spacing) * 4)}.t{color:var(--color-red)}body{font-family:var(--default-font,serif)}';
    expect(withThemeConstantsInlined(css)).toBe(
      ':root,:host{--spacing:.25rem;--color-red:red;--font-sans:system-ui;--default-font:system-ui}' +
        '.p-4{padding:1rem}.t{color:red}body{font-family:system-ui}',
    );
    // With the references gone, the declarations go too.
    expect(criticalCss(css, '<body><p class="p-4 t"></p></body>')).toBe(
      '.p-4{padding:1rem}.t{color:red}body{font-family:system-ui}',
    );
  });

  it('leaves a theme variable that is set anywhere else as a reference: a rule or the HTML may change it', () => {
    const css =
      ':root,:host{--color-red:#f00;--color-blue:#00f}.warn{--color-red:#c00}.t{color:var(--color-red)}.u{color:var(--color-blue)}';
    const kept = withThemeConstantsInlined(css, '<p style="--color-blue:#009"></p>');
    expect(kept).toContain('.t{color:var(--color-red)}');
    expect(kept).toContain('.u{color:var(--color-blue)}');
  });

  it('keeps the tokens of an inlined value apart from their neighbours', () => {
    const css = ':root,:host{--a:1px;--b:2px}.m{margin:var(--a)var(--b)}';
    expect(withThemeConstantsInlined(css)).toBe(':root,:host{--a:1px;--b:2px}.m{margin:1px 2px}');
  });

  it('leaves the variables inside color-mix(), which lightningcss would otherwise compute', () => {
    const css = ':root,:host{--color-white:#fff}.bg{background-color:color-mix(in oklab, var(--color-white) 95%, transparent)}';
    expect(withThemeConstantsInlined(css)).toContain('color-mix(in oklab, var(--color-white) 95%, transparent)');
  });

  it('stops at a variable that refers to itself', () => {
    const css = ':root,:host{--a:var(--b);--b:var(--a)}.m{margin:var(--a)}';
    expect(withThemeConstantsInlined(css)).toContain('.m{margin:var(--a)}');
  });

  it('keeps a variable the HTML refers to in a style attribute', () => {
    const css = ':root,:host{--color-red:#f00;--color-blue:#00f}.x{color:blue}';
    expect(withoutUnusedThemeVariables(css, '<p style="color:var(--color-red)"></p>')).toBe(
      ':root,:host{--color-red:#f00}.x{color:blue}',
    );
  });
  it('drops the registrations of variables nothing reads and the animations nothing names', () => {
    const css =
      '.border{border-style:var(--tw-border-style);border-width:1px}.animate-pulse{animation:var(--animate-pulse)}' +
      ':root,:host{--animate-pulse:pulse 2s infinite}' +
      '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
      '@property --tw-rotate-x{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@keyframes spin{to{transform:rotate(360deg)}}@keyframes pulse{50%{opacity:.5}}';
    expect(withoutUnusedRegistrations(css, '<p style="box-shadow:var(--tw-shadow)"></p>')).toBe(
      '.border{border-style:var(--tw-border-style);border-width:1px}.animate-pulse{animation:var(--animate-pulse)}' +
        ':root,:host{--animate-pulse:pulse 2s infinite}' +
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@keyframes pulse{50%{opacity:.5}}',
    );
  });

  const registrations =
    '@property --tw-space-y-reverse{syntax:"*";inherits:false;initial-value:0}' +
    '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}' +
    '@property --tw-shadow-color{syntax:"*";inherits:false}' +
    '@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}';

  it('writes out a registered variable that has its initial value on every element, or no value and so its fallback', () => {
    const css =
      ':where(.space-y-3>:not(:last-child)){--tw-space-y-reverse:0;margin-block-start:calc(calc(.25rem * 3) * var(--tw-space-y-reverse));margin-block-end:calc(calc(.25rem * 3) * calc(1 - var(--tw-space-y-reverse)))}' +
      '.border{border-style:var(--tw-border-style);border-width:1px}' +
      '.shadow{box-shadow:0 1px 3px var(--tw-shadow-color,#0000001a)}' +
      '.ring{box-shadow:0 0 0 calc(1px + var(--tw-ring-offset-width)) red}' +
      registrations;
    const inlined = withRegisteredConstantsInlined(css);
    expect(inlined).toContain(':where(.space-y-3>:not(:last-child)){--tw-space-y-reverse:0;margin-block:0 .75rem}');
    expect(inlined).toContain('.border{border-style:solid;border-width:1px}');
    expect(inlined).toContain('.shadow{box-shadow:0 1px 3px #0000001a}');
    // A typed initial value is not the text it is written as (`0` of <length> is `0px` inside calc()).
    expect(inlined).toContain('calc(1px + var(--tw-ring-offset-width))');
    // The declarations left without a reader go, and then their registrations.
    expect(criticalCss(css, '<div class="space-y-3 border shadow ring"></div>')).toBe(
      ':where(.space-y-3>:not(:last-child)){margin-block:0 .75rem}.border{border-style:solid;border-width:1px}' +
        '.shadow{box-shadow:0 1px 3px #0000001a}.ring{box-shadow:0 0 0 calc(1px + var(--tw-ring-offset-width)) red}' +
        '@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}',
    );
  });

  it('leaves a registered variable that a rule or a style attribute sets to another value', () => {
    const css =
      '.border{border-style:var(--tw-border-style)}.border-dashed{--tw-border-style:dashed}' +
      '.shadow{box-shadow:0 1px 3px var(--tw-shadow-color,#0000001a)}' +
      registrations;
    expect(withRegisteredConstantsInlined(css)).toContain('.border{border-style:var(--tw-border-style)}');
    expect(withRegisteredConstantsInlined(css, '<p style="--tw-shadow-color:red"></p>')).toContain(
      'var(--tw-shadow-color,#0000001a)',
    );
  });

  it('drops the declarations of registered variables nothing reads, and a rule left empty', () => {
    const css =
      '.font-bold{--tw-font-weight:700;font-weight:700}.x{--tw-font-weight:600}.y{color:var(--focus-ring);--focus-ring:red}' +
      '@property --tw-font-weight{syntax:"*";inherits:false}';
    expect(withoutUnreadRegisteredVariables(css)).toBe(
      '.font-bold{font-weight:700}.y{color:var(--focus-ring);--focus-ring:red}@property --tw-font-weight{syntax:"*";inherits:false}',
    );
    expect(withoutUnreadRegisteredVariables(css, '<p style="font-weight:var(--tw-font-weight)"></p>')).toBe(css);
  });

  it('keeps the pseudo-elements of date, number and search inputs only for a page that has such an input', () => {
    const css =
      '::-webkit-datetime-edit{padding-block:0}::-webkit-inner-spin-button{height:auto}' +
      '::-webkit-search-decoration{-webkit-appearance:none}::placeholder{opacity:1}';
    expect(criticalCss(css, '<form><input name="a"><input type="file"></form>')).toBe('::placeholder{opacity:1}');
    expect(criticalCss(css, '<form><input type="search" name="q"></form>')).toBe(
      '::-webkit-search-decoration{-webkit-appearance:none}::placeholder{opacity:1}',
    );
    expect(criticalCss(css, '<input type="date">')).toBe(
      '::-webkit-datetime-edit{padding-block:0}::-webkit-inner-spin-button{height:auto}::placeholder{opacity:1}',
    );
  });
});
