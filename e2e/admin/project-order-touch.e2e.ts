import { beforeAll, describe, expect, it } from 'vitest';
import { type ProjectList, apiRoutes } from '@blitz/contract';
import { api, apiLogin, dataUrlOf, openWithToken, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The reorder view on a phone: a project dragged by its handle with a finger (native drag and
// drop does not work with touch), one move request, the gallery's order follows.

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  const png = dataUrlOf(await pngBytes(await site.page(), 240, 160));
  // Each new one goes to the top: Delta, Charlie, Bravo, Alpha.
  for (const word of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    await api(site.url, token, 'POST', apiRoutes.projects.list, {
      title: [
        { content: `${word} project`, language: 1 },
        { content: `${word} Projekt`, language: 2 },
      ],
      scopeOfWorks: [{ content: 'Erdung', language: 2 }],
      picture: png,
    });
  }
});

const order = async () =>
  ((await (await fetch(`${site.url}/api/v1/Project?PageLength=100`)).json()) as ProjectList).data.map(
    (p) => p.title.find((t) => t.language === 2)!.content.split(' ')[0],
  );

describe('the reorder view on a phone', () => {
  it('moves a project dragged by its handle with a finger onto another’s place', async () => {
    expect(await order()).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=projects');
    await page.locator('main').getByRole('button', { name: 'Reihenfolge und Startseite' }).click();
    const rows = page.locator('main [data-list="gallery"] li');
    await rows.first().waitFor();
    const moves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/Move')) moves.push(r.postData() ?? '');
    });

    // A real touch, as a phone sends it: start on Delta's handle, move over Bravo's row, lift.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    await rows.nth(0).evaluate((row) => row.scrollIntoView({ block: 'start' }));
    const handle = (await rows.nth(0).locator('[data-drag-handle]').boundingBox())!;
    const target = (await rows.nth(2).boundingBox())!;
    const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    const to = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= 5; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: from.x + ((to.x - from.x) * step) / 5, y: from.y + ((to.y - from.y) * step) / 5 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect.poll(order).toEqual(['Charlie', 'Bravo', 'Delta', 'Alpha']);
    expect(moves).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });
});
