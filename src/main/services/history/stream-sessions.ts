// Streaming answers: `begin` writes the message as `partial` at once, `update`
// only changes memory and lets a throttle save the newest state at most once
// per interval, `end` writes the final version. A crash therefore loses at
// most one interval of tokens, and what was saved reads back as interrupted.
import { historyFailure } from '@shared/history/errors';
import type { HistoryNotice, MessagePatch, NewMessage, StoredMessage } from '@shared/history/types';
import { buildMessage, patchMessage } from './build-message';
import type { ConversationState } from './conversation-files';
import { errno } from './history-errno';
import type { ConversationRepo } from './conversation-repo';
import { Throttle, type Timers } from './throttle';

export interface StreamDeps {
  repo: ConversationRepo;
  now: () => number;
  notify: (notice: HistoryNotice) => void;
  saveIntervalMs: number;
  timers: Timers;
  /** shared with the loader, which must not call these messages interrupted */
  liveStreams: Set<string>;
}

interface Session {
  conversationId: string;
  latest: StoredMessage;
  throttle: Throttle;
}

export class StreamSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly deps: StreamDeps) {}

  async begin(conversationId: string, input: NewMessage, id: string): Promise<StoredMessage> {
    return this.open(conversationId, id, (state) => {
      if (input.parentId !== null && !state.messages.has(input.parentId))
        throw historyFailure('history_bad_request', `Parent message ${input.parentId} does not exist.`);
      if (state.messages.has(id)) throw historyFailure('history_bad_request', `Message ${id} already exists.`);
      return buildMessage({ ...input, status: 'partial' }, id, this.deps.now(), 'partial');
    });
  }

  /**
   * Streams into an answer already saved (Continue on a stopped, failed or interrupted answer):
   * it is saved as `partial` again at once, without its old error, and grows in place.
   */
  async resume(conversationId: string, id: string): Promise<StoredMessage> {
    return this.open(conversationId, id, (state) => {
      const existing = state.messages.get(id);
      if (!existing) throw historyFailure('history_bad_request', `Message ${id} does not exist.`);
      if (existing.role !== 'assistant')
        throw historyFailure('history_bad_request', `Message ${id} is not an answer; only an answer can be continued.`);
      return patchMessage({ ...existing, error: undefined }, { status: 'partial' }, this.deps.now());
    });
  }

  /** Saves the stream's first state (from `first`, which checks the conversation) at once and opens its session. */
  private async open(
    conversationId: string,
    id: string,
    first: (state: ConversationState) => StoredMessage,
  ): Promise<StoredMessage> {
    const key = `${conversationId}/${id}`;
    if (this.sessions.has(key)) throw historyFailure('history_bad_request', `Message ${id} is already streaming.`);
    const message = await this.deps.repo.with(conversationId, async (state) => {
      const built = first(state);
      this.deps.liveStreams.add(key);
      try {
        await this.deps.repo.commitMessages(state, [built]);
      } catch (error) {
        this.deps.liveStreams.delete(key);
        throw error;
      }
      return built;
    });
    this.sessions.set(key, { conversationId, latest: message, throttle: this.throttleFor(key) });
    return message;
  }

  /** Applies new tokens in memory; they reach the disk within the save interval. */
  update(conversationId: string, messageId: string, patch: MessagePatch): StoredMessage {
    const session = this.session(conversationId, messageId);
    session.latest = patchMessage(session.latest, { ...patch, status: 'partial' }, this.deps.now());
    session.throttle.poke();
    return session.latest;
  }

  /**
   * Writes the final version (status `complete` unless the patch says stopped/error). On failure the stream stays open
   * so `end` can be retried.
   */
  async end(conversationId: string, messageId: string, patch: MessagePatch = {}): Promise<StoredMessage> {
    const session = this.session(conversationId, messageId);
    if (patch.status === 'partial') throw historyFailure('history_bad_request', 'A finished stream cannot be partial.');
    await session.throttle.stop();
    const final = patchMessage(session.latest, { status: 'complete', ...patch }, this.deps.now());
    const key = `${conversationId}/${messageId}`;
    try {
      await this.deps.repo.with(conversationId, (state) => this.deps.repo.commitMessages(state, [final]));
    } catch (error) {
      session.throttle = this.throttleFor(key);
      throw error;
    }
    this.sessions.delete(key);
    this.deps.liveStreams.delete(key);
    return final;
  }

  /** The in-memory state of the conversation's live streams (newer than what is on disk). */
  liveIn(conversationId: string): StoredMessage[] {
    return [...this.sessions.values()].filter((s) => s.conversationId === conversationId).map((s) => s.latest);
  }

  /** Drops the conversation's streams without saving (it is being deleted). */
  async discard(conversationId: string): Promise<void> {
    for (const [key, session] of this.sessions) {
      if (session.conversationId !== conversationId) continue;
      this.sessions.delete(key);
      await session.throttle.stop();
      this.deps.liveStreams.delete(key);
    }
  }

  /** Saves every live stream's newest state (as partial: it reads back as interrupted) and stops them. */
  async closeAll(): Promise<void> {
    for (const [key, session] of [...this.sessions]) {
      this.sessions.delete(key);
      await session.throttle.stop();
      this.deps.liveStreams.delete(key);
      await this.save(session).catch((error: unknown) => this.reportFailure(session, error));
    }
  }

  private session(conversationId: string, messageId: string): Session {
    const session = this.sessions.get(`${conversationId}/${messageId}`);
    if (!session) throw historyFailure('history_bad_request', `Message ${messageId} is not streaming.`);
    return session;
  }

  private throttleFor(key: string): Throttle {
    let reported = false;
    return new Throttle(
      this.deps.saveIntervalMs,
      async () => {
        const session = this.sessions.get(key);
        if (session) await this.save(session);
      },
      (error) => {
        const session = this.sessions.get(key);
        if (session && !reported) this.reportFailure(session, error);
        reported = true;
      },
      this.deps.timers,
    );
  }

  private save(session: Session): Promise<void> {
    const snapshot = session.latest;
    return this.deps.repo.with(session.conversationId, (state) => this.deps.repo.commitMessages(state, [snapshot]));
  }

  private reportFailure(session: Session, error: unknown): void {
    this.deps.notify({
      level: 'error',
      code: 'history_write_failed',
      conversationId: session.conversationId,
      message: `The answer being received could not be saved (${errno(error)}); it is kept in memory and saving is retried.`,
      details: { errno: errno(error), messageId: session.latest.id },
    });
  }
}
