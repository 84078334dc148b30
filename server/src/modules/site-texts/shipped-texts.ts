import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type SiteLanguage,
  type TextLeaf,
  type TranslationNamespace,
  editableTextNamespaces,
  flattenTexts,
  siteLanguages,
  translationNamespaces,
} from '@blitz/contract';

export type TextTree = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The texts this build ships (app.ts reads them once): the site texts' API edits over them. */
    shippedTexts: ShippedTexts;
  }
}

/**
 * The texts the web build ships (the defaults staff edit over), per language and namespace, read
 * once: the build's `assets/i18n` files, or the source locale files when there is no build (the
 * API server of `npm run dev`, tests).
 */
export type ShippedTexts = {
  /** Every namespace the site has (the dashboard's too): the contract's list, which the build ships. */
  namespaces(): readonly TranslationNamespace[];
  tree(lang: SiteLanguage, namespace: string): TextTree;
  /** Names these texts (a hash of them all): a new build with other defaults has another. */
  id(): string;
  /** The editable texts of a namespace in a language, by key. */
  leaves(lang: SiteLanguage, namespace: string): ReadonlyMap<string, TextLeaf>;
};

export function shippedTexts(webDist: string, sourceLocales: string): ShippedTexts {
  const trees = new Map<string, TextTree>();
  const leafMaps = new Map<string, ReadonlyMap<string, TextLeaf>>();
  const read = (file: string): TextTree | undefined => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as TextTree;
    } catch {
      return undefined;
    }
  };
  const tree = (lang: SiteLanguage, namespace: string): TextTree => {
    const id = `${lang}/${namespace}`;
    let found = trees.get(id);
    if (!found) {
      const built = namespace === 'common' ? `${lang}.json` : `${namespace}/${lang}.json`;
      found =
        read(path.join(webDist, 'assets', 'i18n', built)) ?? read(path.join(sourceLocales, lang, `${namespace}.json`)) ?? {};
      trees.set(id, found);
    }
    return found;
  };
  let id: string | undefined;
  return {
    id() {
      if (id === undefined) {
        const hash = crypto.createHash('sha256');
        for (const namespace of this.namespaces())
          for (const lang of siteLanguages) hash.update(JSON.stringify(tree(lang, namespace)));
        id = hash.digest('base64url').slice(0, 12);
      }
      return id;
    },
    namespaces() {
      return translationNamespaces;
    },
    tree,
    leaves(lang, namespace) {
      const id = `${lang}/${namespace}`;
      let found = leafMaps.get(id);
      if (!found) {
        found = new Map(flattenTexts(tree(lang, namespace)).map((leaf) => [leaf.key, leaf]));
        leafMaps.set(id, found);
      }
      return found;
    },
  };
}

/** Every editable text's key, per namespace, in the order of the German file, then any only English has. */
export function editableKeys(shipped: ShippedTexts): { namespace: (typeof editableTextNamespaces)[number]; key: string }[] {
  return editableTextNamespaces.flatMap((namespace) => {
    const keys = new Set<string>();
    for (const lang of siteLanguages) for (const key of shipped.leaves(lang, namespace).keys()) keys.add(key);
    return [...keys].map((key) => ({ namespace, key }));
  });
}
