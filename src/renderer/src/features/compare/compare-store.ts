// The Compare page's state: the models a column can ask, the New comparison
// form and its plan (together or one after another), the run on screen with
// its answers as they stream (reduced from `compare:stream` with the chat's own
// reducer), the run it repeats (for the like-for-like table), the saved runs
// and prompt sets. The core keeps the runs; this keeps what the page shows.
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { StreamingMessage } from '@shared/chat/types';
import type {
  CompareCandidates,
  CompareEntrant,
  CompareExportFormat,
  ComparePromptSet,
  CompareRunSummary,
  CompareRunView,
  CompareSchedule,
} from '@shared/compare/compare-types';
import { summaryOf } from '@shared/compare/compare-view';
import type { AppSettings } from '@shared/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi, Result } from '../../platform/types';
import {
  chosenEntrants,
  formProblem,
  initialForm,
  joinPrompts,
  splitPrompts,
  startInput,
  type CompareForm,
} from './compare-form';

export interface CompareState {
  candidates: CompareCandidates | null;
  runs: CompareRunSummary[];
  /** saved run files that could not be read */
  unreadable: number;
  sets: ComparePromptSet[];
  form: CompareForm;
  /** the plan for the form's models; null until they are chosen */
  plan: CompareSchedule | null;
  planError: AppError | null;
  /** the run on screen */
  run: CompareRunView | null;
  /** the run the open one repeats */
  earlier: CompareRunView | null;
  /** the answers streaming now, by answerKey(column, turn) */
  live: Record<string, StreamingMessage>;
  /** the follow-up being written */
  followUp: string;
  /** a call under way (start, follow-up, stop…) */
  busy: boolean;
  error: AppError | null;
}

export const answerKey = (columnId: string, turn: number): string => `${columnId}:${turn}`;

export interface CompareStore {
  state: StoreApi<CompareState>;
  /** subscribes to the core's compare events; returns the teardown */
  start(): () => void;
  /** the candidates, the saved runs and the prompt sets */
  refresh(): Promise<void>;
  /** the user's defaults, once the settings are read (the first time only) */
  adopt(settings: AppSettings): void;
  editForm(change: (form: CompareForm) => CompareForm): void;
  startRun(): Promise<CompareRunView | null>;
  sendFollowUp(): Promise<void>;
  setFollowUp(text: string): void;
  stop(): Promise<void>;
  vote(turn: number, columnId: string): Promise<void>;
  reveal(): Promise<void>;
  open(id: string): Promise<void>;
  close(): void;
  remove(id: string): Promise<void>;
  exportRun(id: string, format: CompareExportFormat): Promise<{ text: string; fileName: string; mime: string } | null>;
  repeat(swap: { columnId: string; entrant: CompareEntrant } | null): Promise<void>;
  usePromptSet(name: string): void;
  savePromptSet(name: string): Promise<void>;
  deletePromptSet(name: string): Promise<void>;
}

export interface CompareStoreDeps {
  api: EvaApi;
  /** the chat's sampling settings, which a run takes beyond the form's (top_k, top_p…) */
  sampling: () => AppSettings['chat']['sampling'] | undefined;
}

export function createCompareStore({ api, sampling }: CompareStoreDeps): CompareStore {
  const state = createStore<CompareState>()(() => ({
    candidates: null,
    runs: [],
    unreadable: 0,
    sets: [],
    form: initialForm(null),
    plan: null,
    planError: null,
    run: null,
    earlier: null,
    live: {},
    followUp: '',
    busy: false,
    error: null,
  }));
  let adopted = false;
  let planAsked = 0;

  /** A call that shows its failure; the page stays as it was. */
  const call = async <T>(result: Promise<Result<T>>): Promise<T | null> => {
    state.setState({ busy: true, error: null });
    const done = await result;
    state.setState({ busy: false, error: done.ok ? null : done.error });
    return done.ok ? done.value : null;
  };

  /** The run on screen now, with its line in the list kept in step. */
  const show = (run: CompareRunView): void => {
    state.setState((s) => {
      const live = s.run?.id === run.id ? keepStreaming(s.live, run) : {};
      return { run, live, runs: listedWith(s.runs, run) };
    });
  };

  const replan = async (): Promise<void> => {
    const { form } = state.getState();
    const entrants = chosenEntrants(form);
    const asked = ++planAsked;
    if (entrants.length < 2) {
      state.setState({ plan: null, planError: null });
      return;
    }
    const { contextSize, oneAfterAnother } = form;
    const planned = await api.invoke('compare:plan', { entrants, contextSize, oneAfterAnother });
    if (asked !== planAsked) return;
    state.setState(planned.ok ? { plan: planned.value, planError: null } : { plan: null, planError: planned.error });
  };

  const loadEarlier = async (run: CompareRunView): Promise<void> => {
    if (!run.repeatOf) return state.setState({ earlier: null });
    const earlier = await api.invoke('compare:open', { id: run.repeatOf });
    // The run it repeats may have been deleted since: the table is left out.
    if (state.getState().run?.id === run.id) state.setState({ earlier: earlier.ok ? earlier.value : null });
  };

  const afterRun = (run: CompareRunView | null): void => {
    if (!run) return;
    show(run);
    void loadEarlier(run);
  };

  return {
    state,
    start() {
      const offRun = api.on('compare:run', (run) => {
        if (state.getState().run?.id === run.id) show(run);
        // A run started elsewhere (another window, `eva`) joins the list too.
        else state.setState((s) => ({ runs: listedWith(s.runs, run) }));
      });
      const offStream = api.on('compare:stream', ({ runId, columnId, turn, events }) => {
        if (state.getState().run?.id !== runId) return;
        state.setState((s) => {
          const key = answerKey(columnId, turn);
          let message = s.live[key] ?? initialStreamingMessage();
          for (const event of events) message = reduceStream(message, event);
          return { live: { ...s.live, [key]: message } };
        });
      });
      return () => {
        offRun();
        offStream();
      };
    },
    async refresh() {
      const [candidates, runs, sets] = await Promise.all([
        api.invoke('compare:candidates'),
        api.invoke('compare:list'),
        api.invoke('compare:prompt-sets'),
      ]);
      state.setState({
        ...(candidates.ok ? { candidates: candidates.value } : {}),
        ...(runs.ok ? { runs: runs.value.runs, unreadable: runs.value.unreadable } : {}),
        ...(sets.ok ? { sets: sets.value.sets } : {}),
        error: [candidates, runs, sets].find((result) => !result.ok)?.error ?? null,
      });
    },
    adopt(settings) {
      if (adopted) return;
      adopted = true;
      state.setState((s) => ({ form: { ...initialForm(settings), slots: s.form.slots, prompts: s.form.prompts } }));
    },
    editForm(change) {
      const before = state.getState().form;
      const form = change(before);
      state.setState({ form });
      const replanned =
        form.slots.join('\n') !== before.slots.join('\n') ||
        form.contextSize !== before.contextSize ||
        form.oneAfterAnother !== before.oneAfterAnother;
      if (replanned) void replan();
    },
    async startRun() {
      const { form } = state.getState();
      if (formProblem(form) !== null) return null;
      const run = await call(api.invoke('compare:start', startInput(form, sampling())));
      afterRun(run);
      return run;
    },
    setFollowUp: (followUp) => state.setState({ followUp }),
    async sendFollowUp() {
      const { run, followUp } = state.getState();
      const prompt = followUp.trim();
      if (!run || prompt === '' || run.running) return;
      const next = await call(api.invoke('compare:follow-up', { runId: run.id, prompt }));
      if (next) state.setState({ followUp: '' });
      afterRun(next);
    },
    async stop() {
      const run = state.getState().run;
      if (run) afterRun(await call(api.invoke('compare:stop', { runId: run.id })));
    },
    async vote(turn, columnId) {
      const run = state.getState().run;
      if (run) afterRun(await call(api.invoke('compare:vote', { runId: run.id, turn, columnId })));
    },
    async reveal() {
      const run = state.getState().run;
      if (run) afterRun(await call(api.invoke('compare:reveal', { runId: run.id })));
    },
    async open(id) {
      state.setState({ run: null, earlier: null, live: {} });
      afterRun(await call(api.invoke('compare:open', { id })));
    },
    close: () => state.setState({ run: null, earlier: null, live: {}, followUp: '' }),
    async remove(id) {
      const done = await call(api.invoke('compare:delete', { id }));
      if (!done) return;
      state.setState((s) => ({
        runs: s.runs.filter((item) => item.id !== id),
        ...(s.run?.id === id ? { run: null, earlier: null, live: {} } : {}),
      }));
    },
    exportRun: (id, format) => call(api.invoke('compare:export', { id, format })),
    async repeat(swap) {
      const run = state.getState().run;
      if (run) afterRun(await call(api.invoke('compare:repeat', { id: run.id, swap })));
    },
    usePromptSet(name) {
      const set = state.getState().sets.find((item) => item.name === name);
      if (set) state.setState((s) => ({ form: { ...s.form, prompts: joinPrompts(set.prompts) } }));
    },
    async savePromptSet(name) {
      const prompts = splitPrompts(state.getState().form.prompts);
      if (name.trim() === '' || prompts.length === 0) return;
      const saved = await call(api.invoke('compare:save-prompt-set', { name: name.trim(), prompts }));
      if (saved) state.setState({ sets: saved.sets });
    },
    async deletePromptSet(name) {
      const saved = await call(api.invoke('compare:delete-prompt-set', { name }));
      if (saved) state.setState({ sets: saved.sets });
    },
  };
}

/** The live answers still streaming in `run`; a finished one shows the saved text instead. */
function keepStreaming(live: Record<string, StreamingMessage>, run: CompareRunView): Record<string, StreamingMessage> {
  const kept: Record<string, StreamingMessage> = {};
  for (const column of run.columns)
    column.answers.forEach((answer, turn) => {
      const key = answerKey(column.id, turn);
      if (answer.status === 'streaming' && live[key]) kept[key] = live[key];
    });
  return kept;
}

/** The list with `run`'s line as it is now: in its place, or first when it is new. */
function listedWith(runs: readonly CompareRunSummary[], run: CompareRunView): CompareRunSummary[] {
  const summary = summaryOf(run);
  return runs.some((item) => item.id === run.id)
    ? runs.map((item) => (item.id === run.id ? summary : item))
    : [summary, ...runs];
}
