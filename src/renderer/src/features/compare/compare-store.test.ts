// The compare store on the in-memory platform: answers stream into the run on screen through the chat's reducer and
// give way to the saved text once done; the list follows every run's changes; a plan answered late for models no
// longer chosen is dropped.
import { describe, expect, it } from 'vitest';
import { listedOrder, newRun, withAnswer } from '@shared/compare/compare-run';
import { summaryOf, viewOf } from '@shared/compare/compare-view';
import { FAKE_COMPARE_FILES } from '@renderer/platform/fake-compare';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import { entrantKey, withSlot } from './compare-form';
import { answerKey, createCompareStore } from './compare-store';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: Parameters<typeof createMemoryPlatform>[0] = {}) {
  const api = createMemoryPlatform(options);
  const store = createCompareStore({ api, sampling: () => ({ top_k: 40 }) });
  const stop = store.start();
  return { api, store, stop };
}

const saved = () =>
  newRun({
    id: 'run-x',
    now: 1,
    entrants: FAKE_COMPARE_FILES.slice(0, 2).map((file) => ({ kind: 'file' as const, path: file.path })),
    prompts: ['Hi'],
    settings: { systemPrompt: '', sampling: {}, contextSize: 0, blind: false, oneAfterAnother: false },
    schedule: { mode: 'parallel', reason: 'fits', neededBytes: 0, freeBytes: 0, estimates: [], tooLarge: [] },
    order: listedOrder(2),
  });

describe('the compare store', () => {
  it('streams answers of the run on screen, then keeps the saved text once each is done', async () => {
    const { api, store } = setup();
    const run = saved();
    api.handle('compare:open', () => ({ ok: true, value: viewOf(run) }));
    await store.open(run.id);
    const streaming = withAnswer(run, 'a', 0, (answer) => ({ ...answer, status: 'streaming' }), 2);
    api.emit('compare:run', viewOf({ ...streaming, running: true }));
    api.emit('compare:stream', { runId: run.id, columnId: 'a', turn: 0, events: [{ type: 'content', text: 'Hel' }] });
    api.emit('compare:stream', { runId: run.id, columnId: 'a', turn: 0, events: [{ type: 'content', text: 'lo' }] });
    // Another run's stream is not this page's.
    api.emit('compare:stream', { runId: 'other', columnId: 'a', turn: 0, events: [{ type: 'content', text: '!' }] });
    expect(store.state.getState().live[answerKey('a', 0)]?.content).toBe('Hello');
    const done = withAnswer(streaming, 'a', 0, (answer) => ({ ...answer, status: 'done', content: 'Hello.' }), 3);
    api.emit('compare:run', viewOf(done));
    expect(store.state.getState().live).toEqual({});
    expect(store.state.getState().run?.columns[0]!.answers[0]!.content).toBe('Hello.');
  });

  it('keeps the saved list in step with each run’s changes', async () => {
    const { api, store } = setup();
    const run = saved();
    api.handle('compare:list', () => ({
      ok: true,
      value: { runs: [summaryOf({ ...run, running: true })], unreadable: 1 },
    }));
    await store.refresh();
    expect(store.state.getState().unreadable).toBe(1);
    api.emit('compare:run', viewOf({ ...run, running: false, title: 'Renamed' }));
    expect(store.state.getState().runs.map((item) => [item.title, item.running])).toEqual([['Renamed', false]]);
  });

  it('drops a plan answered late for models no longer chosen', async () => {
    const { api, store } = setup();
    const answers: Array<(value: unknown) => void> = [];
    api.handle(
      'compare:plan',
      ({ entrants }) =>
        new Promise((resolve) => answers.push(() => resolve({ ok: true, value: planFor(entrants.length) }))),
    );
    const [a, b, c] = FAKE_COMPARE_FILES.map((file) => entrantKey({ kind: 'file', path: file.path }));
    store.editForm((form) => withSlot(withSlot(form, 0, a!), 1, b!));
    store.editForm((form) => withSlot(form, 1, c!));
    // The second plan comes back first; the first, late, is dropped.
    answers[1]!(undefined);
    await flush();
    answers[0]!(undefined);
    await flush();
    expect(store.state.getState().plan?.neededBytes).toBe(2);
    expect(api.calls.filter((call) => call.channel === 'compare:plan')).toHaveLength(2);
  });

  it('sends the chat’s other sampling settings with the form’s', async () => {
    const { api, store } = setup();
    const [a, b] = FAKE_COMPARE_FILES.map((file) => entrantKey({ kind: 'file', path: file.path }));
    store.editForm((form) => ({ ...withSlot(withSlot(form, 0, a!), 1, b!), prompts: 'Hi', temperature: 0 }));
    await store.startRun();
    expect(api.calls.find((call) => call.channel === 'compare:start')?.input).toMatchObject({
      settings: { sampling: { top_k: 40, temperature: 0 } },
    });
  });
});

function planFor(count: number) {
  return {
    mode: 'parallel' as const,
    reason: 'fits' as const,
    neededBytes: count,
    freeBytes: 10,
    estimates: [],
    tooLarge: [],
  };
}
