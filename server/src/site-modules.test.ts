import { describe, expect, it } from 'vitest';
import type { Config } from './config';
import type { OutboxHandler } from './mail/outbox';
import { type SiteModule, outboxHandlersOf, pageFillersOf } from './modules/registry/site-module';
import { trashAdaptersOf } from './modules/registry/trash-adapter';
import type { PageRenderer } from './modules/pages/page-renderer';
import { siteModules, storedFiles } from './site-modules';
import type { ObjectStorage } from './storage/object-storage';

const handler: OutboxHandler = { render: async () => undefined };
const noDeps = { config: {} as Config, attachments: {} as ObjectStorage, messageIdDomain: async () => 'example.org' };

describe('the list of modules', () => {
  it('names each module once', () => {
    const names = siteModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('purges a project before the category it names, whatever the order of the list', () => {
    expect(trashAdaptersOf(siteModules).map((adapter) => adapter.kind)).toEqual([
      'project',
      'category',
      'job',
      'page',
      'news',
      'file',
    ]);
    expect(trashAdaptersOf([...siteModules].reverse()).map((adapter) => adapter.kind)).toEqual([
      'file',
      'news',
      'page',
      'job',
      'project',
      'category',
    ]);
  });

  it('knows the mail kinds by the modules that send them', () => {
    const config = { contact: {} } as unknown as Config;
    expect(Object.keys(outboxHandlersOf({ ...noDeps, config }, siteModules)).sort()).toEqual(
      ['assignment', 'confirmation', 'inquiry', 'invitation', 'reply', 'statisticsSummary'].sort(),
    );
  });

  it('collects the stored files of projects, the company (its logo, in the settings), the inquiries and their replies, running imports and the file library', () => {
    expect(storedFiles.map((declaration) => declaration.table).sort()).toEqual([
      'inquiry_attachments',
      'inquiry_reply_attachments',
      'library_files',
      'projects',
      'settings',
      'wordpress_import_jobs',
    ]);
  });

  it('refuses two modules claiming one mail kind, one page or one trash kind', () => {
    const mailer = (name: string): SiteModule => ({ name, outboxHandlers: () => ({ news: handler }) });
    expect(() => outboxHandlersOf(noDeps, [mailer('a'), mailer('b')])).toThrow('two modules send the mail kind news: a and b');
    const filler = (name: string): SiteModule => ({ name, pageFillers: () => ({ home: (() => undefined) as never }) });
    expect(() => pageFillersOf({} as never, {} as PageRenderer, [filler('a'), filler('b')])).toThrow(
      'two modules fill the page home: a and b',
    );
    const trash = siteModules.find((module) => module.trash)!;
    expect(() => trashAdaptersOf([trash, trash])).toThrow('two modules hand in a trash adapter for');
  });
});
