import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineList } from './text-blocks';

describe("a job's texts", () => {
  it('link an e-mail address in "how to apply" (a paragraph), a trailing full stop left out', () => {
    const html = renderToStaticMarkup(<LineList text="Bitte senden Sie Ihre Unterlagen an bewerbung@firma.de." />);
    expect(html).toContain('<a href="mailto:bewerbung@firma.de" class="link">bewerbung@firma.de</a>.');
  });

  it('link it in a list item too, and leave other text as it is', () => {
    const html = renderToStaticMarkup(<LineList text={'- Per Post\n- Per E-Mail an jobs@firma.de'} />);
    expect(html).toContain('<span>Per Post</span>');
    expect(html).toContain('<span>Per E-Mail an <a href="mailto:jobs@firma.de" class="link">jobs@firma.de</a></span>');
  });
});
