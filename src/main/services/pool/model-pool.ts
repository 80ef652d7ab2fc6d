// Several models at once through llama-server's own router mode:
// one router process offers the pool's models and starts a llama-server per
// model when it is asked for. EVA keeps what the router cannot: a memory
// budget (the least recently used models are unloaded before a new one is
// loaded), idle unloading, and the status and log of each model. Switching a
// conversation to a model that is loaded touches no other model.
import { totalmem } from 'node:os';
import type { LoadSettings } from '@shared/contract';
import { AppFailure, toAppError } from '@shared/errors';
import type { PoolSettings } from '@shared/pool/pool-settings';
import type { PoolModelStatus, PoolStatus } from '@shared/pool/pool-types';
import { exitParts, readExitParts } from '@shared/backend/start-failure';
import { describeExit } from '../process/exit-record';
import type { ServerRun } from '../backend/run/server-run';
import { superseded } from '../backend/state/backend-status';
import { checkDraftVocabulary } from '../backend/gguf/draft-vocabulary';
import { planLoad } from './pool-budget';
import { blankPoolStatus as blank, estimateBytes } from './pool-figures';
import { poolModelIds, type PresetModel } from './pool-preset';
import { launchRouter, type RouterLaunch } from './router-launch';
import { RouterRestarts } from './router-restarts';
import type { ServerStop } from '../backend/run/stop-record';
import { budgetEntry, routerLogText } from './pool-model-status';
import { PoolListing } from './pool-listing';
import { routerCrashStatus } from './router-crash-status';
import { loadAndWait, unloadAndWait } from './router-load';
import type { ModelPoolDeps, PoolEndpoint } from './model-pool-deps';
import { errorText } from '@shared/errors';

export type { ModelPoolDeps, PoolEndpoint } from './model-pool-deps';

interface Running extends RouterLaunch {
  models: PresetModel[];
}

export class ModelPool {
  private running: Running | null = null;
  private readonly listing: PoolListing;
  private idleTimer: NodeJS.Timeout | null = null;
  /** loads and unloads one at a time, so two switches cannot overshoot the budget together */
  private queue: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private readonly now: () => number;
  /** what the running pool was started with: a router that dies is started again from it */
  private started: { pool: PoolSettings; load: LoadSettings } | null = null;
  private readonly restarts: RouterRestarts;
  private readyAt = 0;

  constructor(private readonly deps: ModelPoolDeps) {
    this.now = deps.now ?? Date.now;
    this.listing = new PoolListing((status) => deps.emit('pool:state', status));
    this.restarts = new RouterRestarts({ delaysMs: deps.restartDelaysMs, healthyMs: deps.restartHealthyMs });
  }

  getStatus(): PoolStatus {
    return this.listing.status;
  }

  isRunning(): boolean {
    return this.running !== null && this.listing.status.state === 'ready';
  }

  /**
   * Starts the router for these models; the load settings give what every model's server shares (threads, batch,
   * template).
   */
  async start(pool: PoolSettings, load: LoadSettings): Promise<PoolStatus> {
    await this.stop();
    this.started = { pool, load };
    this.restarts.reset();
    return this.launch(pool, load, ++this.generation);
  }

  private async launch(pool: PoolSettings, load: LoadSettings, generation: number): Promise<PoolStatus> {
    if (pool.models.length === 0)
      throw new AppFailure('bad_request', 'the pool has no models: add at least one model file');
    const models = poolModelIds(pool.models);
    const budgetBytes =
      pool.memoryBudgetMiB > 0
        ? pool.memoryBudgetMiB * 2 ** 20
        : Math.floor((this.deps.totalMemory ?? totalmem)() * 0.75);
    try {
      // A draft that cannot draft for its model refuses the start, as a single model's load does.
      for (const model of models)
        if (model.speculative?.mode === 'draft') await checkDraftVocabulary(model.path, model.speculative.draftPath);
      this.listing.estimates = new Map(
        await Promise.all(models.map(async (model) => [model.id, await estimateBytes(model, load)] as const)),
      );
      this.listing.status = {
        ...blank('starting'),
        maxLoaded: pool.maxLoaded,
        budgetBytes,
        port: null,
        restart: this.listing.status.restart,
      };
      this.listing.publish(models, []);
      const launched = await launchRouter(this.deps, { pool, load, models, budgetBytes }, (stream, text) =>
        this.deps.log(stream, routerLogText(this.listing.status.models, text)),
      );
      const run = launched.run;
      this.running = { ...launched, models };
      this.listing.status = { ...this.listing.status, port: launched.port };
      const outcome = await run.ready;
      if (generation !== this.generation) throw superseded();
      if (!outcome.ok) throw new AppFailure(outcome.error.code, outcome.error.message, outcome.error.details);
      this.listing.status = { ...this.listing.status, state: 'ready', pid: run.pid };
      this.readyAt = this.now();
      await this.refresh();
      this.watch(run, generation);
      this.startIdleCheck(pool.idleUnloadMinutes);
      return this.listing.status;
    } catch (error) {
      const failure = toAppError(error);
      await this.stopRunning();
      if (generation === this.generation) {
        this.listing.status = { ...blank('error'), error: failure };
        this.listing.announce();
      }
      throw error instanceof AppFailure ? error : new AppFailure(failure.code, failure.message, failure.details);
    }
  }

  async stop(): Promise<PoolStatus> {
    this.generation++;
    this.started = null;
    this.restarts.settle();
    await this.stopRunning();
    this.listing.status = blank('stopped');
    return this.listing.announce();
  }

  /** Loads `id` if it is not loaded (after unloading what the budget needs gone) and marks it used. */
  use(id: string): Promise<PoolStatus> {
    const next = this.queue.then(() => this.useNow(id));
    // The caller gets the failure through `next`; the queue only has to go on to the next call.
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Where a chat for `id` goes: the router, which passes it to that model's server. */
  async endpoint(id: string): Promise<PoolEndpoint> {
    await this.use(id);
    // The router may have died since: ready() then says so instead of a null dereference.
    const running = this.ready();
    return { baseUrl: `http://127.0.0.1:${running.port}`, apiKey: running.apiKey, model: id };
  }

  unload(id: string): Promise<PoolStatus> {
    const next = this.queue.then(async () => {
      await this.unloadNow(this.ready(), id);
      return this.listing.status;
    });
    // As in use(): the failure is the caller's, through `next`.
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Why the router stopped on its own at or after `since` (wall clock); null if it did not. */
  stoppedSince(since: number, waitMs?: number): Promise<ServerStop | null> {
    return this.restarts.stops.since(since, waitMs);
  }

  async dispose(): Promise<void> {
    await this.stop();
  }

  private ready(): Running {
    if (!this.running || this.listing.status.state !== 'ready')
      throw new AppFailure(
        'no_model_loaded',
        this.listing.status.state === 'error' && this.listing.status.error
          ? `the model pool stopped: ${this.listing.status.error.message}`
          : 'the model pool is not running: start it with its models first',
      );
    return this.running;
  }

  private async useNow(id: string): Promise<PoolStatus> {
    // A question sent while a dead router is started again goes out once it is back.
    await this.restarts.wait();
    const running = this.ready();
    if (!running.models.some((model) => model.id === id))
      throw new AppFailure(
        'bad_request',
        `no model "${id}" in the pool; it has ${running.models.map((model) => model.id).join(', ')}`,
      );
    this.listing.lastUsed.set(id, this.now());
    const current = await this.refresh();
    const { budgetBytes, maxLoaded } = this.listing.status;
    const plan = planLoad(current.map(budgetEntry), id, budgetBytes, maxLoaded);
    if (!plan.ok) throw new AppFailure('out_of_memory', plan.why);
    for (const other of plan.unload) {
      this.deps.log('app', `unloading ${other} (least recently used) to make room for ${id} in the pool's budget`);
      await this.unloadNow(running, other);
    }
    if (current.find((model) => model.id === id)?.state === 'loaded') return this.listing.status;
    this.listing.errors.delete(id);
    await loadAndWait(running.client, id, {
      list: () => this.refresh(),
      now: this.now,
      timeoutMs: this.deps.loadTimeoutMs,
    });
    return this.listing.status;
  }

  private async unloadNow(running: Running, id: string): Promise<void> {
    this.listing.unloading.add(id);
    try {
      await unloadAndWait(running.client, id);
    } finally {
      this.listing.unloading.delete(id);
      // The caller waits for the unload itself; a listing that cannot be read stays as it was, said in the log.
      await this.refresh().catch((error: unknown) =>
        this.deps.log('app', `listing not refreshed: ${errorText(error)}`),
      );
    }
  }

  /** Reads the router's listing into the status and publishes it. */
  private async refresh(): Promise<PoolModelStatus[]> {
    const running = this.ready();
    return this.listing.update(running.models, await running.client.models());
  }

  /**
   * The router stopping on its own takes every model with it. It is started again with backoff
   * (its models load again when next asked for), as the single model's server is; a router that
   * keeps dying is given up, and the status and the next request say why.
   */
  private watch(run: ServerRun, generation: number): void {
    void run.exited.then((exit) => {
      if (generation !== this.generation) return;
      this.running = null;
      this.stopIdleCheck();
      this.afterCrash(generation, describeExit(exit), this.now() - this.readyAt, {
        exitCode: exit.code,
        signal: exit.signal,
        ...exitParts(exit),
      });
    });
  }

  private afterCrash(generation: number, how: string, healthyForMs: number, details: Record<string, unknown>): void {
    const decision = this.restarts.decide(healthyForMs);
    const started = this.started;
    const restarting = decision.kind === 'restart' && started !== null;
    this.restarts.stops.record({ how, restarting, exit: readExitParts(details) ?? undefined });
    const of = this.restarts.policy.delaysMs.length;
    const crashed = routerCrashStatus(this.listing.status, {
      how,
      details,
      decision,
      canRestart: started !== null,
      of,
    });
    this.deps.log('app', crashed.message);
    if (!restarting) this.restarts.settle();
    this.listing.status = crashed.status;
    this.listing.announce();
    if (decision.kind === 'give_up' || !started) return;
    void (async () => {
      await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
      if (generation !== this.generation) return;
      try {
        await this.launch(started.pool, started.load, generation);
        this.restarts.settle();
      } catch (error) {
        // A start that fails counts as one more crash: the next attempt, or giving up.
        if (generation === this.generation)
          this.afterCrash(generation, `it did not start again: ${toAppError(error).message}`, 0, {});
      }
    })();
  }

  private startIdleCheck(idleMinutes: number): void {
    this.stopIdleCheck();
    if (idleMinutes <= 0) return;
    const idleMs = idleMinutes * 60_000;
    this.idleTimer = setInterval(() => {
      const next = this.queue.then(async () => {
        if (!this.isRunning()) return;
        for (const model of await this.refresh()) {
          const idle = model.state === 'loaded' && this.now() - (model.lastUsedAt ?? 0) >= idleMs;
          // A long answer keeps its model: it is idle only when none of its slots works.
          if (idle && !(await this.running!.client.busy(model.id))) {
            this.deps.log('app', `unloading ${model.id}: unused for ${idleMinutes} min`);
            await this.unloadNow(this.running!, model.id);
          }
        }
      });
      // The models stay loaded when the router cannot say whether they work; the model log says why.
      this.queue = next.catch((error: unknown) => this.deps.log('app', `idle check skipped: ${errorText(error)}`));
    }, this.deps.idleCheckMs ?? 30_000);
    this.idleTimer.unref();
  }

  private stopIdleCheck(): void {
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.idleTimer = null;
  }

  private async stopRunning(): Promise<void> {
    this.stopIdleCheck();
    const running = this.running;
    this.running = null;
    this.listing.forget();
    if (running) await running.run.stop();
  }
}
