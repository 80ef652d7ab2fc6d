// A page probe that costs the page next to nothing while an answer streams: it
// finds the new answer element once, then notes only the time of the first and
// the last change to it (no text is read per change, nothing is relayed to the
// test driver per token). The figures are read once the answer is done.
export const STREAM_PROBE = `
window.__evaProbe = { first: null, last: null, done: false, changes: 0 };
window.__evaProbeArm = (selector, doneSelector) => {
  const probe = { first: null, last: null, done: false, changes: 0 };
  window.__evaProbe = probe;
  const baseline = document.querySelectorAll(selector).length;
  const onChange = () => {
    const now = performance.now();
    if (probe.first === null) probe.first = now;
    probe.last = now;
    probe.changes++;
  };
  const finder = new MutationObserver(() => {
    const nodes = document.querySelectorAll(selector);
    if (nodes.length <= baseline) return;
    finder.disconnect();
    const target = nodes[nodes.length - 1];
    if ((target.textContent || '') !== '') onChange();
    new MutationObserver(onChange).observe(target, { subtree: true, childList: true, characterData: true });
    if (doneSelector) {
      const article = target.closest(doneSelector.container);
      const check = () => { if (article && article.matches(doneSelector.done)) probe.done = true; };
      new MutationObserver(check).observe(article, { attributes: true });
      check();
    }
  });
  finder.observe(document.body, { subtree: true, childList: true });
};
`;

export interface ProbeFigures {
  first: number | null;
  last: number | null;
  done: boolean;
  changes: number;
}
