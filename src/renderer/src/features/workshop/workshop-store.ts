// The workshop page's state (EVA's 量化): the picked model and its plan, the
// chosen type and output path, the importance-matrix option, and the job with
// its progress, result or failure. The output path follows the chosen type's
// suggestion until the user types one of their own, and moves on to a free name
// once a job has written it.
import { DEFAULT_QUANT_TYPE, type QuantTypeName } from '@shared/workshop/quant-types';
import type { QuantizePlan, QuantizeResult, WorkshopProgress } from '@shared/workshop/workshop-types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import { newId } from '../../lib/new-id';
import { freshOutputPath } from './fresh-output-path';

/** A job under way, as its last progress event left it. */
export interface RunningJob {
  jobId: string;
  type: QuantTypeName;
  outputPath: string;
  progress: Omit<WorkshopProgress, 'jobId'> | null;
  startedAt: number;
  cancelling: boolean;
}

/** The workshop's two pages: quantize a GGUF, or convert a Hugging Face folder into one. */
export type WorkshopPane = 'quantize' | 'convert';

export interface WorkshopState {
  pane: WorkshopPane;
  /** the model field as typed; the plan's model is the one picked */
  modelPath: string;
  plan: QuantizePlan | null;
  planning: boolean;
  planError: AppError | null;
  type: QuantTypeName;
  outputPath: string;
  /** the user typed the output path: a type change no longer replaces it */
  outputTyped: boolean;
  overwrite: boolean;
  allowRequantize: boolean;
  useImatrix: boolean;
  calibrationText: string;
  job: RunningJob | null;
  result: QuantizeResult | null;
  error: AppError | null;
}

export interface WorkshopStore {
  state: StoreApi<WorkshopState>;
  /** subscribe to progress events; returns the teardown */
  start(): () => void;
  showPane(pane: WorkshopPane): void;
  /** the model field, typed */
  setModelPath(path: string): void;
  /** pick a model and read its plan */
  pickModel(path: string): Promise<void>;
  setType(type: QuantTypeName): void;
  setOutputPath(path: string): void;
  set(patch: Partial<Pick<WorkshopState, 'overwrite' | 'allowRequantize' | 'useImatrix' | 'calibrationText'>>): void;
  quantize(): Promise<void>;
  cancel(): Promise<void>;
}

export function createWorkshopStore(api: EvaApi, now: () => number = Date.now): WorkshopStore {
  const state = createStore<WorkshopState>()(() => ({
    pane: 'quantize',
    modelPath: '',
    plan: null,
    planning: false,
    planError: null,
    type: DEFAULT_QUANT_TYPE,
    outputPath: '',
    outputTyped: false,
    overwrite: false,
    allowRequantize: false,
    useImatrix: false,
    calibrationText: '',
    job: null,
    result: null,
    error: null,
  }));
  let planTicket = 0;

  const suggestion = (plan: QuantizePlan | null, type: QuantTypeName) =>
    plan?.options.find((option) => option.type === type)?.suggestedPath ?? '';

  const refreshPlan = async (): Promise<void> => {
    const { modelPath } = state.getState();
    const mine = ++planTicket;
    state.setState({ planning: true, planError: null });
    const result = await api.invoke('workshop:plan', { modelPath });
    if (mine !== planTicket) return;
    if (!result.ok) return state.setState({ planning: false, plan: null, planError: result.error });
    const { outputTyped, type } = state.getState();
    state.setState({
      planning: false,
      plan: result.value,
      ...(outputTyped ? {} : { outputPath: suggestion(result.value, type) }),
    });
  };

  return {
    state,
    start: () =>
      api.on('workshop:progress', (progress) => {
        const { job } = state.getState();
        if (job?.jobId !== progress.jobId) return;
        const { jobId: _id, ...rest } = progress;
        state.setState({ job: { ...job, progress: rest } });
      }),
    showPane(pane) {
      state.setState({ pane });
    },
    setModelPath(path) {
      state.setState({ modelPath: path });
    },
    async pickModel(path) {
      state.setState({
        modelPath: path,
        plan: null,
        result: null,
        error: null,
        outputTyped: false,
        allowRequantize: false,
        overwrite: false,
      });
      if (path.trim() === '') return;
      await refreshPlan();
    },
    setType(type) {
      const { plan, outputTyped } = state.getState();
      state.setState({
        type,
        error: null,
        ...(outputTyped ? {} : { outputPath: suggestion(plan, type), overwrite: false }),
      });
    },
    setOutputPath(path) {
      state.setState({ outputPath: path, outputTyped: true, error: null });
    },
    set(patch) {
      state.setState({ ...patch, error: null });
    },
    async quantize() {
      const s = state.getState();
      if (s.job || !s.plan || s.outputPath.trim() === '') return;
      const job: RunningJob = {
        jobId: newId(),
        type: s.type,
        outputPath: s.outputPath.trim(),
        progress: null,
        startedAt: now(),
        cancelling: false,
      };
      state.setState({ job, result: null, error: null });
      const result = await api.invoke('workshop:quantize', {
        jobId: job.jobId,
        modelPath: s.plan.model.path,
        type: s.type,
        outputPath: job.outputPath,
        overwrite: s.overwrite,
        allowRequantize: s.allowRequantize,
        ...(s.useImatrix && s.calibrationText.trim() !== '' ? { calibrationText: s.calibrationText } : {}),
      });
      state.setState({ job: null, ...(result.ok ? { result: result.value } : { error: result.error }) });
      if (!result.ok) return;
      // The plan's "exists" flags changed with the new file, and the output moves on to a name not taken yet, unless
      // the user changed it meanwhile.
      const written = result.value.outputPath;
      const [fresh] = await Promise.all([freshOutputPath(api, written), refreshPlan()]);
      if (fresh !== null && !state.getState().job && state.getState().outputPath.trim() === written)
        state.setState({ outputPath: fresh, overwrite: false });
    },
    async cancel() {
      const { job } = state.getState();
      if (!job) return;
      state.setState({ job: { ...job, cancelling: true } });
      await api.invoke('workshop:cancel', { jobId: job.jobId });
    },
  };
}

const stores = new WeakMap<EvaApi, WorkshopStore>();

/** One store per platform: a job goes on, and its page shows it again, after a visit to another page. */
export function workshopStoreFor(api: EvaApi): WorkshopStore {
  let store = stores.get(api);
  if (!store) {
    store = createWorkshopStore(api);
    stores.set(api, store);
    store.start();
  }
  return store;
}
