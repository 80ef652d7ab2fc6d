// The run that answers now, or last answered and still holds its servers: the
// servers started for its columns, the requests under way, and a pass over the
// answers it still owes. Together, every column starts its model and answers
// at once; one after another, each column starts its model, answers, and stops
// it before the next begins. Stop aborts the requests and the starts and stops
// every server the run started.
import { emptyFigures } from '@shared/compare/compare-figures';
import { pendingTurns, conversationFor, withAnswer } from '@shared/compare/compare-run';
import type { CompareAnswer, CompareColumn, CompareRun, CompareSchedule } from '@shared/compare/compare-types';
import { AppFailure, toAppError } from '@shared/errors';
import type { LocalServer } from '../chat/chat-target';
import { answerOnce, type AnswerDeps, type AnswerTarget } from './compare-answer';
import type { CompareServer } from './compare-server';

/** A model the pool serves, reached through its router. */
export interface PoolTarget {
  server: LocalServer;
  pid: number | null;
  nCtx: number | null;
  /** how long the pool took to load it for this answer; null: it was loaded */
  loadMs: number | null;
}

export interface SessionDeps extends AnswerDeps {
  /** the servers the compare chat service answers from, by key */
  targets: Map<string, LocalServer>;
  startServer(path: string, contextSize: number, signal: AbortSignal): Promise<CompareServer>;
  poolTarget(id: string, signal: AbortSignal): Promise<PoolTarget>;
  /** the context a started server runs with (its /props) */
  contextOf(server: CompareServer): Promise<number | null>;
  /** the schedule for the run's models, planned against the memory free now */
  schedule(run: CompareRun): Promise<CompareSchedule>;
  /** the run changed: saved and shown */
  changed(run: CompareRun): void;
  stopRequest(requestId: string): void;
  now: () => number;
}

interface Route {
  columnId: string;
  turn: number;
}

export class CompareSession {
  private readonly servers = new Map<string, { server: CompareServer; nCtx: number | null }>();
  private readonly routes = new Map<string, Route>();
  private controller: AbortController | null = null;
  private pass: Promise<void> | null = null;
  private requestCount = 0;

  /**
   * @param planned the run's schedule was just made for it: its first pass starts without planning again
   */
  constructor(
    public run: CompareRun,
    private readonly deps: SessionDeps,
    private planned = false,
  ) {}

  get answering(): boolean {
    return this.pass !== null;
  }

  /** Which column and turn a request of this run answers. */
  routeOf(requestId: string): Route | undefined {
    return this.routes.get(requestId);
  }

  /** Changes the run (a vote, a reveal, a follow-up) and says so. */
  update(change: (run: CompareRun) => CompareRun): CompareRun {
    this.run = change(this.run);
    this.deps.changed(this.run);
    return this.run;
  }

  /** Answers every turn a column still owes, in the background; `settled` waits for it. */
  answerPending(): void {
    if (this.pass) throw new AppFailure('already_running', 'this comparison is answering already');
    const controller = new AbortController();
    this.controller = controller;
    this.pass = this.answerAll(controller.signal).finally(() => {
      this.pass = null;
      this.controller = null;
    });
  }

  /** Resolves once the pass under way (if any) has ended. */
  async settled(): Promise<void> {
    await this.pass;
  }

  /** Stops the answers under way and every server the run started; what arrived is kept. */
  async stop(): Promise<void> {
    this.controller?.abort();
    for (const requestId of this.routes.keys()) this.deps.stopRequest(requestId);
    await this.pass;
    await this.release();
    const unfinished = (answer: CompareAnswer) =>
      answer.status === 'waiting' || answer.status === 'loading' || answer.status === 'streaming';
    if (this.run.running || this.run.columns.some((column) => column.answers.some(unfinished)))
      this.update((run) => ({
        ...run,
        running: false,
        updatedAt: this.deps.now(),
        columns: run.columns.map((column) => ({
          ...column,
          answers: column.answers.map((answer) => (unfinished(answer) ? { ...answer, status: 'stopped' } : answer)),
        })),
      }));
  }

  /** Stops the servers the run started (its memory is free again); the next pass starts them again. */
  async release(): Promise<void> {
    const running = [...this.servers.entries()];
    this.servers.clear();
    for (const [columnId] of running) this.deps.targets.delete(this.keyOf(columnId));
    await Promise.all(running.map(([, { server }]) => server.run.stop()));
  }

  /** How many servers the run holds now. */
  get serverCount(): number {
    return this.servers.size;
  }

  private keyOf(columnId: string): string {
    return `${this.run.id}/${columnId}`;
  }

  private async answerAll(signal: AbortSignal): Promise<void> {
    this.update((run) => ({ ...run, running: true, updatedAt: this.deps.now() }));
    try {
      // With its servers gone, the run is planned again against the memory free now (a new run was just planned).
      if (this.servers.size === 0 && !this.planned) {
        const schedule = await this.deps.schedule(this.run);
        this.update((run) => ({ ...run, schedule }));
      }
      this.planned = false;
      const columns = this.run.columns.map((column) => column.id);
      if (this.run.schedule.mode === 'parallel')
        await Promise.all(columns.map((columnId) => this.answerColumn(columnId, signal, false)));
      else
        for (const columnId of columns) {
          if (signal.aborted) break;
          await this.answerColumn(columnId, signal, true);
        }
    } catch (error) {
      // The plan failed (a model file gone, the pool stopped): every answer still owed says why.
      const failure = { ...toAppError(error) };
      this.update((run) => ({
        ...run,
        columns: run.columns.map((column) => ({
          ...column,
          answers: column.answers.map((answer) =>
            answer.status === 'waiting' || answer.status === 'loading' ? { ...failedAnswer(), error: failure } : answer,
          ),
        })),
      }));
    } finally {
      this.update((run) => ({ ...run, running: false, updatedAt: this.deps.now() }));
    }
  }

  private column(columnId: string): CompareColumn {
    return this.run.columns.find((column) => column.id === columnId)!;
  }

  private setAnswer(columnId: string, turn: number, change: (answer: CompareAnswer) => CompareAnswer): void {
    this.update((run) => withAnswer(run, columnId, turn, change, this.deps.now()));
  }

  /** A column's turns still owed: its model ready first, then one answer after another in its conversation. */
  private async answerColumn(columnId: string, signal: AbortSignal, releaseAfter: boolean): Promise<void> {
    const turns = pendingTurns(this.column(columnId));
    if (turns.length === 0 || signal.aborted) return;
    this.setAnswer(columnId, turns[0]!, (answer) => ({ ...answer, status: 'loading' }));
    let target: AnswerTarget;
    try {
      target = await this.prepare(this.column(columnId), signal);
    } catch (error) {
      // A stopped start is said by stop() itself; a failed one is each owed answer's error.
      if (signal.aborted) return;
      const failure = toAppError(error);
      for (const turn of turns) this.setAnswer(columnId, turn, () => ({ ...failedAnswer(), error: { ...failure } }));
      return;
    }
    try {
      for (const turn of turns) {
        if (signal.aborted) return;
        await this.answerTurn(columnId, turn, target);
        // The start counts once, against the first answer after it.
        target = { ...target, loadMs: null };
      }
    } finally {
      if (releaseAfter) await this.releaseColumn(columnId);
    }
  }

  private async answerTurn(columnId: string, turn: number, target: AnswerTarget): Promise<void> {
    const requestId = `${this.run.id}-${columnId}-${turn}-${++this.requestCount}`;
    this.routes.set(requestId, { columnId, turn });
    this.setAnswer(columnId, turn, (answer) => ({ ...answer, status: 'streaming' }));
    try {
      const answer = await answerOnce(this.deps, target, {
        requestId,
        systemPrompt: this.run.settings.systemPrompt,
        messages: conversationFor(this.run, this.column(columnId), turn),
        sampling: this.run.settings.sampling,
      }).catch((error: unknown): CompareAnswer => ({ ...failedAnswer(), error: { ...toAppError(error) } }));
      this.setAnswer(columnId, turn, () => answer);
    } finally {
      this.routes.delete(requestId);
    }
  }

  private async prepare(column: CompareColumn, signal: AbortSignal): Promise<AnswerTarget> {
    const key = this.keyOf(column.id);
    const { entrant } = column;
    if (entrant.kind === 'pool') {
      const pooled = await this.deps.poolTarget(entrant.id, signal);
      this.deps.targets.set(key, pooled.server);
      return { key, pid: pooled.pid, memorySource: 'pool-model', nCtx: pooled.nCtx, loadMs: pooled.loadMs };
    }
    const held = this.servers.get(column.id);
    if (held) return { key, pid: held.server.pid, memorySource: 'server', nCtx: held.nCtx, loadMs: null };
    const server = await this.deps.startServer(entrant.path, this.run.settings.contextSize, signal);
    if (signal.aborted) {
      await server.run.stop();
      throw new AppFailure('bad_request', 'the comparison was stopped while its model loaded');
    }
    const nCtx = await this.deps.contextOf(server);
    this.servers.set(column.id, { server, nCtx });
    this.deps.targets.set(key, { baseUrl: server.baseUrl, apiKey: server.apiKey, model: column.name });
    // A server that stops on its own is forgotten: the next pass starts it again.
    void server.run.exited.then(() => {
      if (this.servers.get(column.id)?.server !== server) return;
      this.servers.delete(column.id);
      this.deps.targets.delete(key);
    });
    return { key, pid: server.pid, memorySource: 'server', nCtx, loadMs: server.loadMs };
  }

  private async releaseColumn(columnId: string): Promise<void> {
    const held = this.servers.get(columnId);
    this.servers.delete(columnId);
    this.deps.targets.delete(this.keyOf(columnId));
    await held?.server.run.stop();
  }
}

function failedAnswer(): CompareAnswer {
  return { status: 'error', content: '', reasoning: '', error: null, figures: emptyFigures() };
}
