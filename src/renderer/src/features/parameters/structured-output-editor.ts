// The Parameters panel's "Structured output": off, or a JSON schema the open conversation's answers must fit. The
// text is read here as it is typed (not JSON, not an object: said at once), then the core says whether ajv takes it
// as a schema (the page may not run ajv's generated code). "Use this schema" puts a schema that passed into the chat
// store, so the next send requires it, and into the conversation's saved meta once it has one (a new conversation
// is created with it on its first send: send-message.ts); Off takes it away at once.
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  readSchemaText,
  readSchemaValue,
  type SchemaProblem,
  type StructuredOutput,
} from '@shared/chat/structured-output';
import type { AppError, EvaApi } from '../../platform/types';

/** Where the text stands: nothing typed, being checked by the core, usable, or why not. */
export type SchemaDraftCheck =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'ok'; output: StructuredOutput }
  | { state: 'problem'; problem: SchemaProblem }
  | { state: 'unreadable'; fileName: string }
  | { state: 'failed'; error: AppError };

export interface StructuredOutputEditorState {
  mode: 'off' | 'schema';
  text: string;
  check: SchemaDraftCheck;
  /** the text is the schema the conversation requires now */
  inUse: boolean;
  /** the conversation's choice could not be saved */
  error: AppError | null;
}

export interface StructuredOutputEditor {
  store: StoreApi<StructuredOutputEditorState>;
  setMode(mode: 'off' | 'schema'): void;
  setText(text: string): void;
  /** the text of a chosen .json file */
  loadFile(file: { name: string; text(): Promise<string> }): Promise<void>;
  /** the checked schema becomes the conversation's; false when there is none to use or it could not be saved */
  apply(): Promise<boolean>;
  /** follow the conversation (another one opened, a new chat): returns the unsubscribe */
  start(): () => void;
}

export interface StructuredOutputEditorDeps {
  api: Pick<EvaApi, 'invoke'>;
  /** the open conversation's schema (the chat store's `structuredOutput`); null: free text */
  current: StoreApi<StructuredOutput | null>;
  /** the open conversation's saved id; null until its first send creates it */
  conversationId: () => string | null;
}

export function createStructuredOutputEditor({
  api,
  current,
  conversationId,
}: StructuredOutputEditorDeps): StructuredOutputEditor {
  const store = createStore<StructuredOutputEditorState>()(() => shown(current.getState()));
  const patch = (next: Partial<StructuredOutputEditorState>): void =>
    store.setState((state) => ({ ...state, ...next }), true);

  const save = async (output: StructuredOutput | null): Promise<boolean> => {
    current.setState(output, true);
    const id = conversationId();
    if (id === null) return true;
    const saved = await api.invoke('history:set-structured-output', { id, structuredOutput: output });
    if (!saved.ok) patch({ error: saved.error });
    return saved.ok;
  };

  const setText = (text: string): void => {
    const check = readLocally(text);
    patch({ text, check, inUse: false, error: null });
    if (check.state !== 'checking') return;
    const reading = readSchemaText(text);
    if (!reading.ok) return;
    void api.invoke('chat:check-schema', { schema: reading.output.schema }).then((checked) => {
      // A newer text was typed meanwhile: its own check answers for it.
      if (store.getState().text !== text) return;
      const next: SchemaDraftCheck = !checked.ok
        ? { state: 'failed', error: checked.error }
        : checked.value.problem
          ? { state: 'problem', problem: checked.value.problem }
          : { state: 'ok', output: reading.output };
      patch({ check: next, inUse: next.state === 'ok' && sameOutput(next.output, current.getState()) });
    });
  };

  return {
    store,
    setMode: (mode) => {
      patch({ mode, error: null });
      if (mode === 'off' && current.getState() !== null) {
        patch({ inUse: false });
        void save(null);
      }
    },
    setText,
    loadFile: async (file) => {
      let text: string;
      try {
        text = await file.text();
      } catch {
        patch({ check: { state: 'unreadable', fileName: file.name }, inUse: false });
        return;
      }
      setText(text);
    },
    apply: async () => {
      const { check } = store.getState();
      if (check.state !== 'ok') return false;
      const saved = await save(check.output);
      if (saved && store.getState().check === check) patch({ inUse: true });
      return saved;
    },
    start: () =>
      // Another conversation (or a new chat) brings its own choice; the editor shows it, and drops an unused draft.
      current.subscribe((output) => {
        const { check, mode } = store.getState();
        if (output !== null && check.state === 'ok' && sameOutput(check.output, output)) patch({ inUse: true });
        // Turned off here: the text stays, to be used again.
        else if (output === null && mode === 'off') patch({ inUse: false });
        else store.setState(shown(output), true);
      }),
  };
}

/** The editor showing a conversation's choice. */
function shown(output: StructuredOutput | null): StructuredOutputEditorState {
  if (!output) return { mode: 'off', text: '', check: { state: 'empty' }, inUse: false, error: null };
  return { mode: 'schema', text: textOf(output), check: { state: 'ok', output }, inUse: true, error: null };
}

/** A schema as the editor shows it: pretty JSON; with its name around it where the schema's title does not give it. */
export function textOf(output: StructuredOutput): string {
  const plain = readSchemaValue(output.schema);
  const named = plain.ok && plain.output.name === output.name;
  return JSON.stringify(named || !output.name ? output.schema : { name: output.name, schema: output.schema }, null, 2);
}

/** What the page can say without the core: nothing typed, not JSON, no object, too long; else the core checks. */
function readLocally(text: string): SchemaDraftCheck {
  if (text.trim() === '') return { state: 'empty' };
  const reading = readSchemaText(text);
  return reading.ok ? { state: 'checking' } : { state: 'problem', problem: reading.problem };
}

function sameOutput(a: StructuredOutput, b: StructuredOutput | null): boolean {
  return b !== null && JSON.stringify(a) === JSON.stringify(b);
}
