// The frame a preview is written into is a plain file of the build (public/preview-frame.html), so nothing ties its
// policy to the shared one but this test: the same policy, first in its head, and one script of its own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, it } from 'vitest';
import { PREVIEW_CONTENT_POLICY, PREVIEW_FRAME_FILE } from '@shared/previews/preview-policy';

const file = join(import.meta.dirname, '..', '..', '..', 'public', PREVIEW_FRAME_FILE);

it("carries the preview's policy first in its head, and only its own hand-over script", async () => {
  const doc = new JSDOM(await readFile(file, 'utf8')).window.document;
  const first = doc.head.firstElementChild;
  expect(first?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
  expect(first?.getAttribute('content')).toBe(PREVIEW_CONTENT_POLICY);
  const scripts = [...doc.querySelectorAll('script')];
  expect(scripts).toHaveLength(1);
  expect(scripts[0]?.hasAttribute('src')).toBe(false);
  // Written only inside a sandbox: the checks stay in the script.
  expect(scripts[0]?.textContent).toContain("self.origin !== 'null'");
  expect(scripts[0]?.textContent).toContain('event.source !== window.parent');
  expect(doc.body.childElementCount).toBe(0);
});
