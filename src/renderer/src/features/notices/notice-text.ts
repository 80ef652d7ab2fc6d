// What the core tells on its own (a repaired conversation, a backend that fell
// back, leftovers stopped at start), in the UI's language. The core's notice
// keeps an English sentence for logs and the CLI, and its numbers and names in
// `details`; a code this build has no words for, or one whose details are
// missing (an older core), shows the core's sentence as it came.
import { readStartFailure } from '@shared/backend/start-failure';
import type { BackendKind, Notice } from '@shared/contract';
import type { MessageKey, MessageVars, Translate } from '../../i18n';
import { backendLabel } from '../backends/backend-labels';
import { exitText, startFailureText } from '../../ui/start-failure-text';

type Words = (details: Record<string, unknown>) => { key: MessageKey; vars: MessageVars } | null;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The key and variables of each code the core words in English. */
const WORDS: Record<string, Words> = {
  history_interrupted: (d) =>
    text(d.title) && count(d.count) !== null
      ? { key: 'notice.history_interrupted', vars: { title: text(d.title)!, count: count(d.count)! } }
      : null,
  history_recovered: (d) =>
    text(d.title) && count(d.count) !== null
      ? { key: 'notice.history_recovered', vars: { title: text(d.title)!, count: count(d.count)! } }
      : null,
  history_newer_version: (d) =>
    text(d.title) && count(d.version) !== null
      ? { key: 'notice.history_newer_version', vars: { title: text(d.title)!, version: count(d.version)! } }
      : null,
  history_meta_rebuilt: (d) =>
    text(d.title) && typeof d.damaged === 'boolean'
      ? {
          key: d.damaged ? 'notice.history_meta_rebuilt.damaged' : 'notice.history_meta_rebuilt.missing',
          vars: { title: text(d.title)! },
        }
      : null,
  history_index_rebuilt: (d) =>
    count(d.count) !== null && typeof d.damaged === 'boolean'
      ? {
          key: d.damaged ? 'notice.history_index_rebuilt.damaged' : 'notice.history_index_rebuilt.missing',
          vars: { count: count(d.count)! },
        }
      : null,
  history_unreadable: (d) =>
    text(d.errno) ? { key: 'notice.history_unreadable', vars: { errno: text(d.errno)! } } : null,
  history_write_failed: (d): ReturnType<Words> => {
    const errno = text(d.errno);
    const title = text(d.title);
    if (!errno) return null;
    if (d.what === 'index') return { key: 'notice.history_write_failed.index', vars: { errno } };
    if ((d.what === 'repair' || d.what === 'meta') && title)
      return {
        key: d.what === 'repair' ? 'notice.history_write_failed.repair' : 'notice.history_write_failed.meta',
        vars: { errno, title },
      };
    return null;
  },
  leftovers_stopped: (d) =>
    text(d.names) ? { key: 'notice.leftovers_stopped', vars: { names: text(d.names)! } } : null,
  settings_corrupt: (d) =>
    text(d.reason) && text(d.backup)
      ? { key: 'notice.settings_corrupt', vars: { reason: text(d.reason)!, backup: text(d.backup)! } }
      : null,
  backend_fallback: (d) =>
    text(d.from) && text(d.to)
      ? {
          key: 'notice.backend_fallback',
          vars: {
            from: backendLabel(d.from as BackendKind),
            to: backendLabel(d.to as BackendKind),
            cause: text(d.cause) ?? '',
          },
        }
      : null,
  backend_no_repack: (d) =>
    text(d.signal) ? { key: 'notice.backend_no_repack', vars: { signal: text(d.signal)! } } : null,
  rpc_worker_lost: (d) =>
    text(d.endpoint) && text(d.how) && count(d.workers) !== null
      ? {
          key: 'notice.rpc_worker_lost',
          vars: { endpoint: text(d.endpoint)!, how: text(d.how)!, count: count(d.workers)! },
        }
      : null,
};

export function coreNoticeText(t: Translate, notice: Pick<Notice, 'code' | 'message' | 'details'>): string {
  const details = notice.details;
  const worded = details ? WORDS[notice.code]?.(details) : null;
  if (!worded || !details) return notice.message;
  // Our words inside a notice (an exit, a failed start's reason) in the page's language; the program's own quoted.
  const vars = { ...worded.vars };
  if (notice.code === 'rpc_worker_lost') vars.how = exitText(t, details, String(vars.how));
  const cause = notice.code === 'backend_fallback' ? readStartFailure(details) : null;
  if (cause) vars.cause = startFailureText(t, cause);
  return t(worded.key, vars);
}
