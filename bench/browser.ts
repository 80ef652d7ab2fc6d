// Chromium for benchmarks: the same system browser and flags as the e2e tests.
import { chromium, type Browser } from '@playwright/test';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.EVA_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Installed in the page before a measurement: records [time, text length] of the
 * last element matching `selector` on every DOM mutation, and the first time it
 * shows any text. Returns the recorder's global name.
 */
export const DOM_RECORDER = `
window.__evaDom = { marks: [] };
new MutationObserver(() => {
  const nodes = document.querySelectorAll(window.__evaDomSelector);
  const last = nodes[nodes.length - 1];
  if (!last) return;
  const length = (last.textContent || '').length;
  const marks = window.__evaDom.marks;
  if (length > 0 && (marks.length === 0 || marks[marks.length - 1][1] !== length)) marks.push([performance.now(), length]);
}).observe(document.body, { subtree: true, childList: true, characterData: true });
`;
