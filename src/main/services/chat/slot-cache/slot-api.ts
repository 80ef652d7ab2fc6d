// llama-server's slot actions (POST /slots/{id}?action=save|restore|erase),
// available when the server was started with --slot-save-path. File names are
// plain names inside that folder; llama-server refuses anything else.
import { onceMoreOnDroppedConnection } from '../../backend/run/dropped-connection';

export interface SlotServer {
  baseUrl: string;
  apiKey: string;
}

export interface SlotSaved {
  tokens: number;
  bytes: number;
}

const ACTION_TIMEOUT_MS = 120_000;

async function slotAction(
  server: SlotServer,
  slot: number,
  action: 'save' | 'restore' | 'erase',
  body: object,
  fetcher: typeof fetch,
): Promise<Record<string, unknown>> {
  // A save, restore or erase can be repeated: one whose kept-alive connection was dropped is sent again.
  const response = await onceMoreOnDroppedConnection(fetcher)(`${server.baseUrl}/slots/${slot}?action=${action}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // said below with the status
  }
  if (!response.ok) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message ?? text.slice(0, 200);
    throw new Error(`slot ${action} failed (HTTP ${response.status}): ${message}`);
  }
  if (!json || typeof json !== 'object') throw new Error(`slot ${action}: the server's answer is not JSON`);
  return json as Record<string, unknown>;
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : -1;

export async function saveSlot(
  server: SlotServer,
  slot: number,
  filename: string,
  fetcher: typeof fetch = fetch,
): Promise<SlotSaved> {
  const answer = await slotAction(server, slot, 'save', { filename }, fetcher);
  const saved = { tokens: count(answer.n_saved), bytes: count(answer.n_written) };
  if (saved.tokens < 0 || saved.bytes < 0) throw new Error('slot save: the answer has no n_saved/n_written');
  return saved;
}

/** The number of tokens the slot holds afterwards (llama-server clears the slot when a restore fails). */
export async function restoreSlot(
  server: SlotServer,
  slot: number,
  filename: string,
  fetcher: typeof fetch = fetch,
): Promise<number> {
  const answer = await slotAction(server, slot, 'restore', { filename }, fetcher);
  const tokens = count(answer.n_restored);
  if (tokens < 0) throw new Error('slot restore: the answer has no n_restored');
  return tokens;
}

export async function eraseSlot(server: SlotServer, slot: number, fetcher: typeof fetch = fetch): Promise<void> {
  await slotAction(server, slot, 'erase', {}, fetcher);
}
