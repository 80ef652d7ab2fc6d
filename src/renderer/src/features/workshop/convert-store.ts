// The convert page's state: the picked Hugging Face folder and its check, the
// output type and path, and the job (a conversion, or setting up Python on its
// own) with its progress, log, result or failure. The output path follows the
// type's suggestion until the user types one of their own, and moves on to a free
// name once a conversion has written it. Running the Python code a folder ships is
// the user's choice per hash of that code, kept for the session and never made for
// them.
import {
  DEFAULT_CONVERT_OUT_TYPE,
  type ConvertOutType,
  type ConvertPlan,
  type ConvertResult,
} from '@shared/workshop/convert-types';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import { newId } from '../../lib/new-id';
import { freshOutputPath } from './fresh-output-path';

/** The log keeps this many lines: pip and the script say a few hundred; the page shows the end. */
export const LOG_LINES = 1000;

export interface ConvertJobState {
  jobId: string;
  kind: 'convert' | 'setup';
  outputPath: string;
  progress: Omit<WorkshopProgress, 'jobId'> | null;
  startedAt: number;
  cancelling: boolean;
}

export interface ConvertState {
  /** the folder field as typed; the plan's folder is the one checked */
  folderPath: string;
  plan: ConvertPlan | null;
  planning: boolean;
  planError: AppError | null;
  outType: ConvertOutType;
  outputPath: string;
  outputTyped: boolean;
  overwrite: boolean;
  job: ConvertJobState | null;
  /** the running or last job's output lines */
  log: string[];
  result: ConvertResult | null;
  /** the kind of the running or last job: its words differ */
  lastKind: ConvertJobState['kind'] | null;
  error: AppError | null;
  /**
   * the folder-code hashes (HfFolderCode.hash) the user allowed to run; a changed file hashes otherwise, so it needs a
   * new choice
   */
  allowedCode: string[];
}

export interface ConvertStore {
  state: StoreApi<ConvertState>;
  /** subscribe to progress and log events; returns the teardown */
  start(): () => void;
  setFolderPath(path: string): void;
  /** pick a folder and check it */
  pickFolder(path: string): Promise<void>;
  setOutType(type: ConvertOutType): void;
  setOutputPath(path: string): void;
  setOverwrite(overwrite: boolean): void;
  /** allow, or stop allowing, the code whose hash this is to run when its folder is converted */
  allowFolderCode(hash: string, allowed: boolean): void;
  convert(): Promise<void>;
  setupPython(): Promise<void>;
  cancel(): Promise<void>;
}

export function createConvertStore(api: EvaApi, now: () => number = Date.now): ConvertStore {
  const state = createStore<ConvertState>()(() => ({
    folderPath: '',
    plan: null,
    planning: false,
    planError: null,
    outType: DEFAULT_CONVERT_OUT_TYPE,
    outputPath: '',
    outputTyped: false,
    overwrite: false,
    job: null,
    log: [],
    result: null,
    lastKind: null,
    error: null,
    allowedCode: [],
  }));
  let planTicket = 0;
  const suggestion = (plan: ConvertPlan | null, type: ConvertOutType) =>
    plan?.options.find((option) => option.type === type)?.suggestedPath ?? '';

  const refreshPlan = async (): Promise<void> => {
    const { folderPath } = state.getState();
    const mine = ++planTicket;
    state.setState({ planning: true, planError: null });
    const result = await api.invoke('workshop:convert-plan', { folderPath });
    if (mine !== planTicket) return;
    if (!result.ok) return state.setState({ planning: false, plan: null, planError: result.error });
    const { outputTyped, outType } = state.getState();
    state.setState({
      planning: false,
      plan: result.value,
      ...(outputTyped ? {} : { outputPath: suggestion(result.value, outType) }),
    });
  };

  const begin = (kind: ConvertJobState['kind'], outputPath: string): ConvertJobState => {
    const job: ConvertJobState = {
      jobId: newId(),
      kind,
      outputPath,
      progress: null,
      startedAt: now(),
      cancelling: false,
    };
    state.setState({ job, log: [], result: null, error: null, lastKind: kind });
    return job;
  };

  return {
    state,
    start() {
      const offProgress = api.on('workshop:progress', (progress) => {
        const { job } = state.getState();
        if (job?.jobId !== progress.jobId) return;
        const { jobId: _id, ...rest } = progress;
        state.setState({ job: { ...job, progress: rest } });
      });
      const offLog = api.on('workshop:log', ({ jobId, lines }) => {
        if (state.getState().job?.jobId !== jobId) return;
        state.setState((s) => ({ log: [...s.log, ...lines].slice(-LOG_LINES) }));
      });
      return () => {
        offProgress();
        offLog();
      };
    },
    setFolderPath(path) {
      state.setState({ folderPath: path });
    },
    async pickFolder(path) {
      state.setState({ folderPath: path, plan: null, result: null, error: null, outputTyped: false, overwrite: false });
      if (path.trim() === '') return;
      await refreshPlan();
    },
    setOutType(outType) {
      const { plan, outputTyped } = state.getState();
      state.setState({
        outType,
        error: null,
        ...(outputTyped ? {} : { outputPath: suggestion(plan, outType), overwrite: false }),
      });
    },
    setOutputPath(path) {
      state.setState({ outputPath: path, outputTyped: true, error: null });
    },
    setOverwrite(overwrite) {
      state.setState({ overwrite, error: null });
    },
    allowFolderCode(hash, allowed) {
      const rest = state.getState().allowedCode.filter((known) => known !== hash);
      state.setState({ allowedCode: allowed ? [...rest, hash] : rest, error: null });
    },
    async convert() {
      const s = state.getState();
      if (s.job || !s.plan || s.outputPath.trim() === '') return;
      const job = begin('convert', s.outputPath.trim());
      const codeHash = folderCodeAllowed(s) ? { allowFolderCode: s.plan.folder.code.hash! } : {};
      const result = await api.invoke('workshop:convert', {
        jobId: job.jobId,
        folderPath: s.plan.folder.path,
        outType: s.outType,
        outputPath: job.outputPath,
        overwrite: s.overwrite,
        ...codeHash,
      });
      state.setState({ job: null, ...(result.ok ? { result: result.value } : { error: result.error }) });
      // The Python environment may be set up now, and the output exists: the field moves on to a name not taken yet,
      // unless the user changed it meanwhile.
      if (!result.ok) return void refreshPlan();
      const written = result.value.outputPath;
      const [fresh] = await Promise.all([freshOutputPath(api, written), refreshPlan()]);
      if (fresh !== null && !state.getState().job && state.getState().outputPath.trim() === written)
        state.setState({ outputPath: fresh, overwrite: false });
    },
    async setupPython() {
      if (state.getState().job) return;
      const job = begin('setup', '');
      const result = await api.invoke('workshop:setup-python', { jobId: job.jobId });
      state.setState({ job: null, ...(result.ok ? {} : { error: result.error }) });
      // The plan says whether the environment is ready.
      if (state.getState().plan) void refreshPlan();
    },
    async cancel() {
      const { job } = state.getState();
      if (!job) return;
      state.setState({ job: { ...job, cancelling: true } });
      await api.invoke('workshop:cancel', { jobId: job.jobId });
    },
  };
}

/** The checked folder ships code and the user allowed that very code to run (a selector). */
export function folderCodeAllowed(s: Pick<ConvertState, 'plan' | 'allowedCode'>): boolean {
  const hash = s.plan?.folder.code.hash ?? null;
  return hash !== null && s.allowedCode.includes(hash);
}

const stores = new WeakMap<EvaApi, ConvertStore>();

/** One store per platform: a conversion goes on, and its page shows it again, after a visit to another page. */
export function convertStoreFor(api: EvaApi): ConvertStore {
  let store = stores.get(api);
  if (!store) {
    store = createConvertStore(api);
    stores.set(api, store);
    store.start();
  }
  return store;
}
