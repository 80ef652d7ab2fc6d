// The RPC workers part of the load dialog: text fields to RpcSettings and back,
// with errors per field as message keys. Pure; load-form.ts folds it in.
import { parseRpcEndpoint, type RpcMode, type RpcSettings } from '@shared/rpc/rpc-settings';
import { parseStrictInteger } from '@shared/strict-number';
import type { FieldError } from '../../ui/field-error';

/** The RPC fields as the dialog holds them: numbers and the worker list as typed text. */
export interface RpcForm {
  rpcMode: RpcMode;
  rpcWorkers: string;
  /** empty = 0 = the worker chooses */
  rpcThreads: string;
  rpcExpose: boolean;
  /** remote workers, host:port separated by commas, spaces or lines */
  rpcRemote: string;
}

const MAX_REMOTE = 16;

export type RpcFormResult =
  { ok: true; value: RpcSettings } | { ok: false; errors: Partial<Record<keyof RpcForm, FieldError>> };

export function rpcFormFromSettings(rpc: RpcSettings): RpcForm {
  return {
    rpcMode: rpc.mode,
    rpcWorkers: String(rpc.localWorkers),
    rpcThreads: rpc.workerThreads === 0 ? '' : String(rpc.workerThreads),
    rpcExpose: rpc.exposeWorkers,
    rpcRemote: rpc.remote.join(', '),
  };
}

/** The list as typed, one entry per worker. */
export function remoteEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}

export function rpcFromForm(form: RpcForm): RpcFormResult {
  const errors: Partial<Record<keyof RpcForm, FieldError>> = {};
  const count = wholeNumber(form.rpcWorkers, { min: 1, max: 16 }, undefined);
  if (!count.ok) errors.rpcWorkers = count.error;
  const threads = wholeNumber(form.rpcThreads, { min: 0, max: 1024 }, 0);
  if (!threads.ok) errors.rpcThreads = threads.error;
  const remote = remoteEntries(form.rpcRemote);
  const bad = remote.find((entry) => parseRpcEndpoint(entry) === null);
  // The list is only checked where it is used: a half-typed list in another mode blocks nothing.
  if (form.rpcMode === 'remote' && bad !== undefined)
    errors.rpcRemote = { key: 'load.error.rpcEndpoint', vars: { value: bad } };
  else if (form.rpcMode === 'remote' && remote.length === 0) errors.rpcRemote = { key: 'load.error.rpcNoWorkers' };
  else if (remote.length > MAX_REMOTE) errors.rpcRemote = { key: 'load.error.max', vars: { max: MAX_REMOTE } };
  if (!count.ok || !threads.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      mode: form.rpcMode,
      localWorkers: count.value,
      workerThreads: threads.value,
      exposeWorkers: form.rpcExpose,
      remote: bad === undefined ? remote : [],
    },
  };
}

type NumberResult = { ok: true; value: number } | { ok: false; error: FieldError };

// The same bounds as RpcSettingsSchema (rpc-form.test.ts checks that every value accepted here parses there).
function wholeNumber(text: string, range: { min: number; max: number }, empty: number | undefined): NumberResult {
  if (text.trim() === '' && empty !== undefined) return { ok: true, value: empty };
  const strict = parseStrictInteger(text, range);
  if (strict.ok) return strict;
  if (strict.problem === 'empty') return { ok: false, error: { key: 'load.error.required' } };
  if (strict.problem === 'too_small') return { ok: false, error: { key: 'load.error.min', vars: { min: range.min } } };
  if (strict.problem === 'too_big') return { ok: false, error: { key: 'load.error.max', vars: { max: range.max } } };
  return { ok: false, error: { key: 'load.error.wholeNumber' } };
}
