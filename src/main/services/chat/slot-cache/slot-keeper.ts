// Instant reopen: when the user leaves a conversation the local
// llama-server answered, its slot (the KV cache of the whole conversation) is
// saved to disk; when they come back and ask again, it is restored before the
// request, so the server does not read the whole conversation again. Only a
// slot known to hold one conversation's last answer is saved, only into the
// same model and launch and for the same messages it is restored, and any
// failure falls back to a normal request (the log says why).
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorText } from '@shared/errors';
import { writeFileAtomic } from '../../fs/atomic-write';
import { eraseSlot, restoreSlot, saveSlot, type SlotServer } from './slot-api';
import {
  evictions,
  mayRestore,
  prefixHash,
  slotFileName,
  SlotLedgerSchema,
  type PromptMessage,
  type SlotEntry,
} from './slot-ledger';

/** The local server as the cache sees it: where to call, and what its KV cache belongs to. */
export interface CachedServer extends SlotServer {
  identity: string;
}

export interface SlotKeeperDeps {
  /** the folder llama-server was given as --slot-save-path */
  dir: string;
  /** the disk the slot files may take; 0 turns the cache off */
  budgetBytes: () => number;
  log: (line: string) => void;
  now?: () => number;
  fetch?: typeof fetch;
}

/** What a slot holds now, as far as EVA knows. */
interface Occupant {
  server: CachedServer;
  conversationId: string;
  /** the messages the slot's tokens render, the last answer included */
  messages: PromptMessage[];
  /** already on disk in this state */
  saved: boolean;
}

const LEDGER = 'ledger.json';
const PART = '-part.bin';

export interface SlotKeeper {
  /**
   * Never rejects. Before a request of `conversationId`: saves another conversation the slot holds, restores this
   * one's; returns the slot to pin the request to (null: as asked).
   * `holds`, when given, is what the slot holds from then on whatever becomes of the request (a read-ahead: the
   * conversation's messages), recorded in the same step so that no request queued behind sees the slot unknown.
   */
  prepare(
    server: CachedServer,
    conversationId: string | null,
    messages: readonly PromptMessage[],
    idSlot: number | null,
    holds?: readonly PromptMessage[] | null,
  ): Promise<number | null>;
  /** After it: what the slot holds now (a finished answer of that conversation, or something unknown). */
  settle(
    server: CachedServer,
    slot: number,
    conversationId: string | null,
    messages: readonly PromptMessage[] | null,
  ): void;
  /**
   * The user left for `current` (null: the app or the model is going): save every slot holding another conversation.
   */
  leave(current: string | null): Promise<void>;
  /** Conversations deleted: their files go. */
  forget(conversationIds: readonly string[]): Promise<void>;
  /** The whole history cleared: every file goes (a slot file holds a conversation's tokens). */
  forgetAll(): Promise<void>;
  entries(): SlotEntry[];
}

export async function openSlotKeeper(deps: SlotKeeperDeps): Promise<SlotKeeper> {
  const now = deps.now ?? Date.now;
  const fetcher = deps.fetch ?? fetch;
  await mkdir(deps.dir, { recursive: true, mode: 0o700 });
  let entries = await readLedger(deps.dir, deps.log);
  await sweep(deps.dir, entries);
  const occupants = new Map<number, Occupant>();
  // One slot action at a time, in the order asked: a restore never overtakes the save it depends on.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    // The queue goes on past a failed action; its caller gets the error through `next`.
    queue = next.catch(() => undefined);
    return next;
  };

  const writeLedger = () => writeFileAtomic(join(deps.dir, LEDGER), JSON.stringify({ version: 1, entries }), 0o600);

  async function drop(gone: readonly SlotEntry[]): Promise<void> {
    if (gone.length === 0) return;
    const files = new Set(gone.map((entry) => entry.file));
    entries = entries.filter((entry) => !files.has(entry.file));
    await writeLedger();
    await Promise.all([...files].map((file) => rm(join(deps.dir, file), { force: true })));
  }

  async function save(slot: number, occupant: Occupant): Promise<void> {
    const budget = deps.budgetBytes();
    if (budget <= 0 || occupant.saved) return;
    const file = slotFileName(occupant.conversationId);
    const part = file.replace(/\.bin$/, PART);
    try {
      const saved = await saveSlot(occupant.server, slot, part, fetcher);
      // An empty slot (the server restarted after a crash since the answer) holds nothing of the conversation.
      if (saved.tokens === 0) throw new Error('the slot was empty (the server restarted since the answer?)');
      // Written under a temporary name and renamed: a crash mid-save never leaves a torn file under the real one.
      await rename(join(deps.dir, part), join(deps.dir, file));
      const bytes = (await stat(join(deps.dir, file))).size;
      const at = now();
      const entry: SlotEntry = {
        conversationId: occupant.conversationId,
        file,
        identity: occupant.server.identity,
        tokens: saved.tokens,
        messageCount: occupant.messages.length,
        prefixHash: prefixHash(occupant.messages),
        bytes,
        savedAt: at,
        usedAt: at,
      };
      entries = [...entries.filter((other) => other.file !== file), entry];
      occupant.saved = true;
      await writeLedger();
      await drop(evictions(entries, budget));
      deps.log(
        `conversation cache: saved ${saved.tokens} tokens of ${occupant.conversationId} (${Math.round(bytes / 1024)} KiB)`,
      );
    } catch (error) {
      // Best effort: the save's own error is logged below, and a leftover part file is swept at the next start.
      await rm(join(deps.dir, part), { force: true }).catch(() => undefined);
      deps.log(`conversation cache: could not save ${occupant.conversationId}: ${(error as Error).message}`);
    }
  }

  async function restore(
    server: CachedServer,
    slot: number,
    conversationId: string,
    messages: readonly PromptMessage[],
  ): Promise<boolean> {
    const entry = entries.find((candidate) => candidate.conversationId === conversationId);
    if (!entry) return false;
    const verdict = mayRestore(entry, server.identity, messages);
    if (!verdict.ok) {
      deps.log(`conversation cache: not restoring ${conversationId}: ${verdict.reason}`);
      return false;
    }
    try {
      const tokens = await restoreSlot(server, slot, entry.file, fetcher);
      if (tokens !== entry.tokens) throw new Error(`it gave back ${tokens} tokens of ${entry.tokens}`);
      entry.usedAt = now();
      // The slot is restored; a ledger not written only leaves this entry's age older for eviction.
      await writeLedger().catch((error: unknown) =>
        deps.log(
          `conversation cache: could not write the ledger after restoring ${conversationId}: ${errorText(error)}`,
        ),
      );
      deps.log(`conversation cache: restored ${tokens} tokens of ${conversationId}`);
      return true;
    } catch (error) {
      deps.log(`conversation cache: restore of ${conversationId} failed, asking normally: ${(error as Error).message}`);
      // Whatever the slot holds now is not the conversation: empty it, and the file is no use either.
      await eraseSlot(server, slot, fetcher).catch((eraseError: unknown) =>
        deps.log(`conversation cache: could not empty slot ${slot}: ${errorText(eraseError)}`),
      );
      await drop([entry]).catch((dropError: unknown) =>
        deps.log(`conversation cache: could not drop the saved ${conversationId}: ${errorText(dropError)}`),
      );
      return false;
    }
  }

  function settle(
    server: CachedServer,
    slot: number,
    conversationId: string | null,
    messages: readonly PromptMessage[] | null,
  ): void {
    if (conversationId && messages)
      occupants.set(slot, { server, conversationId, messages: [...messages], saved: false });
    else occupants.delete(slot);
  }

  return {
    prepare(server, conversationId, messages, idSlot, holds) {
      // Never in the way of the answer: whatever goes wrong here, the request goes out as asked.
      return serial(async () => {
        const slot = idSlot ?? 0;
        const occupant = occupants.get(slot);
        if (occupant && occupant.conversationId !== conversationId) await save(slot, occupant);
        occupants.delete(slot);
        try {
          if (!conversationId || deps.budgetBytes() <= 0) return null;
          if (occupant?.conversationId === conversationId && occupant.server.identity === server.identity) return null;
          return (await restore(server, slot, conversationId, messages)) ? slot : null;
        } finally {
          if (holds !== undefined) settle(server, slot, conversationId, holds);
        }
      }).catch((error: unknown) => {
        deps.log(`conversation cache: ${(error as Error).message}`);
        return null;
      });
    },

    settle,

    leave(current) {
      return serial(async () => {
        for (const [slot, occupant] of occupants) if (occupant.conversationId !== current) await save(slot, occupant);
      });
    },

    forget(conversationIds) {
      const ids = new Set(conversationIds);
      for (const [slot, occupant] of occupants) if (ids.has(occupant.conversationId)) occupants.delete(slot);
      return serial(() => drop(entries.filter((entry) => ids.has(entry.conversationId))));
    },

    forgetAll() {
      occupants.clear();
      return serial(() => drop(entries));
    },

    entries: () => entries.map((entry) => ({ ...entry })),
  };
}

async function readLedger(dir: string, log: (line: string) => void): Promise<SlotEntry[]> {
  try {
    const parsed = SlotLedgerSchema.safeParse(JSON.parse(await readFile(join(dir, LEDGER), 'utf8')));
    if (parsed.success) return parsed.data.entries;
    log('conversation cache: its ledger is unreadable; starting empty');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`conversation cache: its ledger is unreadable (${(error as Error).message}); starting empty`);
  }
  return [];
}

/** Files no entry names (a save cut by a crash, a ledger lost) take disk for nothing. */
async function sweep(dir: string, entries: readonly SlotEntry[]): Promise<void> {
  const known = new Set([LEDGER, ...entries.map((entry) => entry.file)]);
  for (const name of await readdir(dir))
    if (!known.has(name) && !name.startsWith('.')) await rm(join(dir, name), { force: true });
}
