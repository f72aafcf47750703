import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DOCS_CSP } from '../../src/modules/docs/docs.router.js';
import { repoRoot } from '../../src/paths.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
// CI installs chromium (.ci/run); there a missing browser is a failure, not a skip.
const mustRun = process.env.CI === 'true';
if (!hasChromium && !mustRun) {
  console.warn(
    `docs-page browser test skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`,
  );
}

describe('GET /docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves the page and its assets from this origin, with a CSP that allows only that', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith('/docs/'), source).toBe(true);
      const asset = await fetch(`${server.url}${source}`);
      expect(asset.status, source).toBe(200);
      expect(asset.headers.get('content-security-policy')).toBe(DOCS_CSP);
    }
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    // The rest of the API keeps its strict policy.
    const health = await fetch(`${server.url}/v1/health`);
    expect(health.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect((await fetch(`${server.url}/docs/assets/package.json`)).status).toBe(404);
  });

  it.skipIf(!hasChromium && !mustRun)(
    'renders every operation in a real browser, offline',
    async () => {
      let browser: Browser | undefined;
      try {
        browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
        const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        page.on('pageerror', (e) => problems.push(e.message));
        // Any request leaving this origin would fail offline; the page must not need one.
        const foreign: string[] = [];
        page.on('request', (r) => {
          if (!r.url().startsWith(server.url) && !r.url().startsWith('data:'))
            foreign.push(r.url());
        });

        await page.goto(`${server.url}/docs`);
        await page
          .locator('.opblock-summary-path', { hasText: '/v1/emissoes' })
          .first()
          .waitFor({ timeout: 30_000 });
        const paths = await page.locator('.opblock-summary-path').allInnerTexts();
        expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(
          expect.arrayContaining([
            '/v1/emissoes',
            '/v1/certificados',
            '/v1/documentos/{document_id}/xml',
            '/v1/health',
          ]),
        );
        await expect(page.locator('.btn.authorize').count()).resolves.toBe(1);
        expect(problems).toEqual([]);
        expect(foreign).toEqual([]);

        // The README's picture: refreshed on demand only, so test runs leave the tree clean.
        const shot =
          process.env.DOCS_SCREENSHOT === '1'
            ? join(repoRoot, 'docs/images/docs-page.png')
            : undefined;
        if (shot) mkdirSync(dirname(shot), { recursive: true });
        const png = await page.screenshot(shot ? { path: shot } : {});
        expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      } finally {
        await browser?.close();
      }
    },
  );
});
