import { writeFakeWebBuild } from '../../test/fake-web-build';
import { tempDir } from '../../test/helper';

/**
 * A minimal web build with a server bundle (web/server/entry-server.js beside web/dist), so that
 * the pages are rendered per request as in production, without Vite: the bundle renders the
 * address and the titles of the projects in the data, and a project's page with its title in the head.
 */
export function fakeWebBuildWithRenderer(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"><p>skeleton</p></div></body></html>`,
    `const titles = JSON.stringify(data).match(/"content":"[^"]*"/g) ?? [];
      const project = Object.values(data).find((value) => value?.title);
      const title = project?.title.find((text) => text.language === (lang === 'de' ? 2 : 1))?.content;
      const head = '<title>' + (title ? title + ' – Referenz | Musterblitz' : page) + '</title>';
      return { html: '<main data-url="' + url + '" data-lang="' + lang + '">' + titles.join(' ') + '${'x'.repeat(3000)}</main>', head };`,
  );
}
