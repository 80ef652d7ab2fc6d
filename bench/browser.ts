// Chromium for benchmarks: the same system browser and flags as the e2e tests.
import { chromium, type Browser } from '@playwright/test';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.EVA_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Installed in the page before a measurement: records [time, text length] of the
 * newest element matching `window.__evaDomSelector` on every DOM mutation, once
 * there are more such elements than when `resetDomMarks` ran (so an earlier
 * answer is never mistaken for the new one).
 */
export const DOM_RECORDER = `
window.__evaDom = { marks: [], baseline: 0, sentAt: null };
// The moment the user pressed the send key (Enter, with or without Ctrl), as the page saw it, not when the test driver
// asked for it.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) window.__evaDom.sentAt = performance.now();
}, true);
new MutationObserver(() => {
  if (!window.__evaDomSelector) return;
  const nodes = document.querySelectorAll(window.__evaDomSelector);
  if (nodes.length <= window.__evaDom.baseline) return;
  const last = nodes[nodes.length - 1];
  const length = (last.textContent || '').length;
  const marks = window.__evaDom.marks;
  if (length > 0 && (marks.length === 0 || marks[marks.length - 1][1] !== length)) marks.push([performance.now(), length]);
}).observe(document, { subtree: true, childList: true, characterData: true });
`;

/** Start a new measurement for answers matching `selector`. */
export function resetDomMarks(selector: string): string {
  return `window.__evaDomSelector = ${JSON.stringify(selector)}; window.__evaDom.marks = []; window.__evaDom.sentAt = null; window.__evaDom.baseline = document.querySelectorAll(window.__evaDomSelector).length;`;
}

/**
 * Installed in the page before a measurement: the long-task observer (tasks of
 * 50 ms and more), and a MessageChannel heartbeat whose longest gap between beats
 * is the longest the main thread was blocked, also below 50 ms.
 */
export const MAIN_THREAD_PROBE = `
window.__evaMain = { longTasks: [], maxGap: 0, running: false };
new PerformanceObserver((list) => {
  if (!window.__evaMain.running) return;
  for (const entry of list.getEntries()) window.__evaMain.longTasks.push(entry.duration);
}).observe({ type: 'longtask' });
window.__evaMainStart = () => {
  const probe = window.__evaMain;
  probe.longTasks = []; probe.maxGap = 0; probe.running = true;
  const channel = new MessageChannel();
  let last = performance.now();
  channel.port1.onmessage = () => {
    const now = performance.now();
    probe.maxGap = Math.max(probe.maxGap, now - last);
    last = now;
    if (probe.running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
};
window.__evaMainStop = () => { window.__evaMain.running = false; return window.__evaMain; };
`;
