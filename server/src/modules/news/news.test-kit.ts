import { SaxesParser } from 'saxes';
import { type NewsPostCreate, apiRoutes, apiUrl } from '@blitz/contract';

// Shared by the news tests: the API's addresses, a post, and an Atom feed read as XML.

export const newsList = apiUrl(apiRoutes.news.list);
export const newsOne = (id: number) => apiUrl(apiRoutes.news.onePath(id));
export const newsByAddress = (address: string) => `${apiUrl(apiRoutes.news.byAddress)}?Address=${encodeURIComponent(address)}`;
export const newsPublished = (query = '') => `${apiUrl(apiRoutes.news.published)}${query}`;

const words = (de: string, en: string) => ({ de, en });

/** The news of the new apprentices: a text section and a question, nothing else of the site needed. */
export function apprentices(overrides: Partial<NewsPostCreate> = {}): NewsPostCreate {
  return {
    address: 'ausbildungsstart-2026',
    title: words('Ausbildungsstart 2026', 'Apprentices start in 2026'),
    date: null,
    teaser: words('Drei neue Auszubildende beginnen bei uns.', 'Three new apprentices join us.'),
    cover: null,
    searchTitle: [],
    searchDescription: [],
    noindex: false,
    publishAt: null,
    sections: [
      {
        kind: 'text',
        text: {
          de: [{ type: 'paragraph', content: [{ text: 'Willkommen ' }, { text: 'im Team', bold: true }] }],
          en: [{ type: 'paragraph', content: [{ text: 'Welcome to the team' }] }],
        },
      },
      {
        kind: 'faq',
        heading: words('Fragen', 'Questions'),
        items: [{ question: words('Wann?', 'When?'), answer: words('Am 1. August.', 'On 1 August.') }],
      },
    ],
    ...overrides,
  };
}

/** An element of a parsed XML document: its name, attributes, text and children. */
export type XmlElement = { name: string; attributes: Record<string, string>; text: string; children: XmlElement[] };

/** Parses XML as a strict parser does (saxes): throws on anything not well-formed. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '', children: [] };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (text) => {
    const element = stack.at(-1);
    if (element) element.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  return root!;
}

/** The children of `element` named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
export const childNamed = (element: XmlElement, name: string) => childrenNamed(element, name)[0];
