// The image page's state (EVA's 文生图): the template and its model files (kept
// in settings.images, so the `stablediffusion` tool uses the same), the
// parameters, a start image for image to image, the running generation with
// its progress, the last result or failure, and the gallery. Pictures go into
// the chat through `image:to-chat`; the chat then reopens the conversation.
import type { ImageSettings } from '@shared/images/image-settings';
import type {
  GeneratedImage,
  ImageEngineStatus,
  ImageProgress,
  ImageRecord,
  ImageTemplateName,
  ModelFileRole,
} from '@shared/images/image-types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';
import { newId } from '../../lib/new-id';
import { formParams, newSeedRequest, pageRequest, type FormParams, type ImageRequest } from './image-request';

export type { FormParams } from './image-request';

export interface StartImage {
  name: string;
  dataUrl: string;
}

/** A generation under way: from the page, or a "New seed" of a picture (whose id it names). */
export interface RunningImage {
  jobId: string;
  /** the picture a "New seed" started from; null for the page's Generate */
  from: string | null;
  progress: Omit<ImageProgress, 'jobId'> | null;
  startedAt: number;
  cancelling: boolean;
}

export interface ImagesState {
  status: ImageEngineStatus | null;
  template: ImageTemplateName;
  files: ImageSettings['files'];
  params: FormParams;
  startImage: StartImage | null;
  /** put each new picture of the page into the chat too */
  toChat: boolean;
  /** megapixel-steps the agent's tool may draw without asking (settings.images.toolBudget); 0: it always asks */
  toolBudget: number;
  job: RunningImage | null;
  result: GeneratedImage | null;
  error: AppError | null;
  /** where the error came from: the page's form, or a "New seed" of this picture */
  errorFrom: string | null;
  gallery: ImageRecord[];
  /** PNGs read so far, by image id */
  pictures: Record<string, string>;
}

/** What putting a picture into the chat needs of the chat: where it goes, and showing it there. */
export interface ChatTarget {
  /** the open conversation and its last message; null: a new conversation */
  where(): { conversationId: string | null; parentId: string | null; answering: boolean };
  show(conversationId: string): Promise<unknown>;
}

export interface ImagesStore {
  state: StoreApi<ImagesState>;
  /** subscribe to progress; returns the teardown */
  start(): () => void;
  /** sd-cli status and the gallery */
  refresh(): Promise<void>;
  /** take the template and files from the settings (once they are read) */
  adopt(settings: ImageSettings): void;
  setTemplate(template: ImageTemplateName): void;
  setFile(role: ModelFileRole, path: string): void;
  setParams(patch: Partial<FormParams>): void;
  setStartImage(image: StartImage | null): void;
  setToChat(on: boolean): void;
  /** how much the agent's tool may draw without asking, saved in the settings */
  setToolBudget(budget: number): void;
  generate(): Promise<GeneratedImage | null>;
  /** the same picture again with a new seed; it goes into the chat when `chat` is given */
  newSeed(record: ImageRecord, chat?: ChatTarget): Promise<GeneratedImage | null>;
  cancel(): Promise<void>;
  /** the PNG of a gallery picture (read once, then kept) */
  picture(id: string): Promise<string | null>;
  remove(id: string): Promise<void>;
  sendToChat(id: string, chat: ChatTarget): Promise<boolean>;
  /** the form filled from a picture's parameters (the gallery's "Use these settings") */
  reuse(record: ImageRecord): void;
}

export interface ImagesStoreDeps {
  api: EvaApi;
  /** persist the template and files (settings:update) */
  saveSettings: (patch: Partial<ImageSettings>) => Promise<unknown>;
  /** where the page's pictures go when "show in the chat" is on */
  chat?: ChatTarget;
  now?: () => number;
  random?: () => number;
}

export function createImagesStore(deps: ImagesStoreDeps): ImagesStore {
  const { api } = deps;
  const now = deps.now ?? Date.now;
  const state = createStore<ImagesState>()(() => ({
    status: null,
    template: 'default',
    files: { default: {}, 'sd1.5': {}, sdxl: {}, flux: {} },
    params: formParams('default'),
    startImage: null,
    toChat: true,
    toolBudget: 0,
    job: null,
    result: null,
    error: null,
    errorFrom: null,
    gallery: [],
    pictures: {},
  }));
  let adopted = false;

  const refreshGallery = async (): Promise<void> => {
    const listed = await api.invoke('image:list');
    if (listed.ok) state.setState({ gallery: listed.value.images });
  };

  const run = async (input: ImageRequest, from: string | null): Promise<GeneratedImage | null> => {
    if (state.getState().job) return null;
    const job: RunningImage = { jobId: newId(), from, progress: null, startedAt: now(), cancelling: false };
    state.setState({ job, error: null, errorFrom: null });
    const result = await api.invoke('image:generate', { jobId: job.jobId, ...input });
    if (!result.ok) {
      state.setState({ job: null, error: result.error, errorFrom: from });
      return null;
    }
    const image = result.value;
    state.setState((s) => ({
      job: null,
      result: from === null ? image : s.result,
      pictures: { ...s.pictures, [image.record.id]: image.dataUrl },
      gallery: [image.record, ...s.gallery.filter((r) => r.id !== image.record.id)],
    }));
    return image;
  };

  const sendToChat = async (id: string, chat: ChatTarget): Promise<boolean> => {
    const where = chat.where();
    // Showing the conversation again would stop an answer being written: the picture waits in the gallery.
    if (where.answering) return false;
    const placed = await api.invoke('image:to-chat', {
      id,
      conversationId: where.conversationId,
      parentId: where.parentId,
    });
    if (!placed.ok) {
      state.setState({ error: placed.error, errorFrom: id });
      return false;
    }
    await chat.show(placed.value.conversationId);
    return true;
  };

  return {
    state,
    start: () =>
      api.on('image:progress', (progress) => {
        const { job } = state.getState();
        if (job?.jobId !== progress.jobId) return;
        const { jobId: _id, ...rest } = progress;
        state.setState({ job: { ...job, progress: rest } });
      }),
    async refresh() {
      const status = await api.invoke('image:status');
      if (status.ok) state.setState({ status: status.value });
      await refreshGallery();
    },
    adopt(settings) {
      if (adopted) return;
      adopted = true;
      state.setState({
        template: settings.template,
        files: settings.files,
        toolBudget: settings.toolBudget,
        params: formParams(settings.template, state.getState().params.prompt),
      });
    },
    setTemplate(template) {
      state.setState((s) => ({ template, params: formParams(template, s.params.prompt), error: null }));
      void deps.saveSettings({ template });
    },
    setFile(role, path) {
      const { template, files } = state.getState();
      const next = { ...files, [template]: { ...files[template], [role]: path } };
      state.setState({ files: next, error: null });
      void deps.saveSettings({ files: next });
    },
    setParams(patch) {
      state.setState((s) => ({ params: { ...s.params, ...patch }, error: null }));
    },
    setStartImage(image) {
      state.setState({ startImage: image });
    },
    setToChat(on) {
      state.setState({ toChat: on });
    },
    setToolBudget(budget) {
      state.setState({ toolBudget: budget });
      void deps.saveSettings({ toolBudget: budget });
    },
    async generate() {
      const s = state.getState();
      const image = await run(pageRequest(s), null);
      if (image && s.toChat && deps.chat) await sendToChat(image.record.id, deps.chat);
      return image;
    },
    async newSeed(record, chat) {
      const request = newSeedRequest(record, state.getState().files, deps.random ?? Math.random);
      const image = await run(request, record.id);
      if (image && chat) await sendToChat(image.record.id, chat);
      return image;
    },
    async cancel() {
      const { job } = state.getState();
      if (!job) return;
      state.setState({ job: { ...job, cancelling: true } });
      await api.invoke('image:cancel', { jobId: job.jobId });
    },
    async picture(id) {
      const known = state.getState().pictures[id];
      if (known) return known;
      const read = await api.invoke('image:read', { id });
      if (!read.ok) return null;
      state.setState((s) => ({ pictures: { ...s.pictures, [id]: read.value.dataUrl } }));
      return read.value.dataUrl;
    },
    async remove(id) {
      const removed = await api.invoke('image:delete', { id });
      if (!removed.ok) return void state.setState({ error: removed.error, errorFrom: id });
      state.setState((s) => {
        const { [id]: _gone, ...pictures } = s.pictures;
        return {
          gallery: s.gallery.filter((record) => record.id !== id),
          pictures,
          result: s.result?.record.id === id ? null : s.result,
        };
      });
    },
    sendToChat,
    reuse(record) {
      state.setState({
        template: record.template,
        params: { ...record.params, seed: String(record.params.seed), strength: record.params.strength ?? 0.75 },
        error: null,
      });
      void deps.saveSettings({ template: record.template });
    },
  };
}
