// Several models at once (issue 21) through llama-server's own router mode:
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
import { describeExit } from '../process/exit-record';
import type { ServerRun } from '../backend/server-run';
import { superseded } from '../backend/backend-status';
import { planLoad } from './pool-budget';
import { blankPoolStatus as blank, estimateBytes } from './pool-figures';
import { poolModelIds, type PresetModel } from './pool-preset';
import { launchRouter, type RouterLaunch } from './router-launch';
import { RouterRestarts } from './router-restarts';
import type { ServerStop } from '../backend/stop-record';
import { modelLogLine } from './router-models';
import type { ModelPoolDeps, PoolEndpoint } from './model-pool-deps';

export type { ModelPoolDeps, PoolEndpoint } from './model-pool-deps';

interface Running extends RouterLaunch {
  models: PresetModel[];
}

const POLL_MS = 50;

export class ModelPool {
  private running: Running | null = null;
  private status: PoolStatus = blank('stopped');
  private readonly lastUsed = new Map<string, number>();
  private readonly unloading = new Set<string>();
  private readonly errors = new Map<string, string>();
  private estimates = new Map<string, number>();
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
    this.restarts = new RouterRestarts({ delaysMs: deps.restartDelaysMs, healthyMs: deps.restartHealthyMs });
  }

  getStatus(): PoolStatus {
    return this.status;
  }

  isRunning(): boolean {
    return this.running !== null && this.status.state === 'ready';
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
      this.estimates = new Map(
        await Promise.all(models.map(async (model) => [model.id, await estimateBytes(model, load)] as const)),
      );
      this.status = {
        ...blank('starting'),
        maxLoaded: pool.maxLoaded,
        budgetBytes,
        port: null,
        restart: this.status.restart,
      };
      this.publish(models, []);
      const launched = await launchRouter(this.deps, { pool, load, models, budgetBytes }, (stream, text) =>
        this.routerLine(stream, text),
      );
      const run = launched.run;
      this.running = { ...launched, models };
      this.status = { ...this.status, port: launched.port };
      const outcome = await run.ready;
      if (generation !== this.generation) throw superseded();
      if (!outcome.ok) throw new AppFailure(outcome.error.code, outcome.error.message, outcome.error.details);
      this.status = { ...this.status, state: 'ready', pid: run.pid };
      this.readyAt = this.now();
      await this.refresh();
      this.watch(run, generation);
      this.startIdleCheck(pool.idleUnloadMinutes);
      return this.status;
    } catch (error) {
      const failure = toAppError(error);
      await this.stopRunning();
      if (generation === this.generation) {
        this.status = { ...blank('error'), error: failure };
        this.deps.emit('pool:state', this.status);
      }
      throw error instanceof AppFailure ? error : new AppFailure(failure.code, failure.message, failure.details);
    }
  }

  async stop(): Promise<PoolStatus> {
    this.generation++;
    this.started = null;
    this.restarts.settle();
    await this.stopRunning();
    this.status = blank('stopped');
    this.deps.emit('pool:state', this.status);
    return this.status;
  }

  /** Loads `id` if it is not loaded (after unloading what the budget needs gone) and marks it used. */
  use(id: string): Promise<PoolStatus> {
    const next = this.queue.then(() => this.useNow(id));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Where a chat for `id` goes: the router, which passes it to that model's server. */
  async endpoint(id: string): Promise<PoolEndpoint> {
    await this.use(id);
    // The router may have died since: ready() then says so instead of a null dereference.
    const running = this.ready();
    return { baseUrl: `http://127.0.0.1:${running.port}`, apiKey: running.apiKey, model: id, onCpu: running.onCpu };
  }

  unload(id: string): Promise<PoolStatus> {
    const next = this.queue.then(async () => {
      await this.unloadNow(this.ready(), id);
      return this.status;
    });
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
    if (!this.running || this.status.state !== 'ready')
      throw new AppFailure(
        'no_model_loaded',
        this.status.state === 'error' && this.status.error
          ? `the model pool stopped: ${this.status.error.message}`
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
    this.lastUsed.set(id, this.now());
    const current = await this.refresh();
    const loaded = (state: string) => state === 'loaded' || state === 'sleeping' || state === 'loading';
    const inPool = current.map((model) => ({
      id: model.id,
      loaded: loaded(model.state),
      estimatedBytes: model.estimatedBytes,
      lastUsedAt: model.lastUsedAt,
    }));
    const plan = planLoad(inPool, id, this.status.budgetBytes, this.status.maxLoaded);
    if (!plan.ok) throw new AppFailure('out_of_memory', plan.why);
    for (const other of plan.unload) {
      this.deps.log('app', `unloading ${other} (least recently used) to make room for ${id} in the pool's budget`);
      await this.unloadNow(running, other);
    }
    if (current.find((model) => model.id === id)?.state === 'loaded') return this.status;
    this.errors.delete(id);
    await running.client.load(id).catch((error: unknown) => {
      // "already loaded/loading" races are fine; anything else is the answer.
      if (!/already/i.test(toAppError(error).message)) throw error;
    });
    const deadline = this.now() + (this.deps.loadTimeoutMs ?? 300_000);
    for (;;) {
      const models = await this.refresh();
      const model = models.find((entry) => entry.id === id)!;
      if (model.state === 'loaded' || model.state === 'sleeping') return this.status;
      if (model.state === 'failed')
        throw new AppFailure(
          'backend_failed',
          `${id} could not be loaded: ${model.error ?? 'its server stopped'} (the model log has its lines)`,
        );
      if (this.now() > deadline)
        throw new AppFailure(
          'ready_timeout',
          `${id} did not load within ${Math.round((this.deps.loadTimeoutMs ?? 300_000) / 1000)} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async unloadNow(running: Running, id: string): Promise<void> {
    this.unloading.add(id);
    try {
      await running.client.unload(id);
      // The router's own word, not the status (which says "unloading" until this ends).
      while ((await running.client.models()).find((model) => model.id === id)?.state !== 'unloaded')
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    } finally {
      this.unloading.delete(id);
      await this.refresh().catch(() => undefined);
    }
  }

  /** Reads the router's listing into the status and publishes it. */
  private async refresh(): Promise<PoolModelStatus[]> {
    const running = this.ready();
    const listed = await running.client.models();
    const models = running.models.map((model): PoolModelStatus => {
      const entry = listed.find((item) => item.id === model.id);
      if (entry?.failed && !this.errors.has(model.id))
        this.errors.set(model.id, `its server exited${entry.exitCode !== null ? ` with code ${entry.exitCode}` : ''}`);
      const state = this.unloading.has(model.id)
        ? 'unloading'
        : entry?.failed && entry.state === 'unloaded'
          ? 'failed'
          : (entry?.state ?? 'unloaded');
      return {
        id: model.id,
        path: model.path,
        state,
        port: entry?.port ?? null,
        estimatedBytes: this.estimates.get(model.id) ?? 0,
        lastUsedAt: this.lastUsed.get(model.id) ?? null,
        error: this.errors.get(model.id) ?? null,
      };
    });
    this.publish(running.models, models);
    return models;
  }

  private publish(presets: readonly PresetModel[], models: PoolModelStatus[]): void {
    const list =
      models.length > 0
        ? models
        : presets.map((model) => ({
            id: model.id,
            path: model.path,
            state: 'unloaded' as const,
            port: null,
            estimatedBytes: this.estimates.get(model.id) ?? 0,
            lastUsedAt: null,
            error: null,
          }));
    const usedBytes = list
      .filter((model) => model.state === 'loaded' || model.state === 'loading' || model.state === 'sleeping')
      .reduce((sum, model) => sum + model.estimatedBytes, 0);
    this.status = { ...this.status, models: list, usedBytes };
    this.deps.emit('pool:state', this.status);
  }

  /** A model's line carries its server's port: the log names the model instead. */
  private routerLine(stream: 'stdout' | 'stderr', text: string): void {
    const own = modelLogLine(text);
    if (!own) return this.deps.log(stream, `[router] ${text}`);
    const model = this.status.models.find((entry) => entry.port === own.port);
    this.deps.log(stream, `[${model?.id ?? `port ${own.port}`}] ${own.text}`);
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
      });
    });
  }

  private afterCrash(generation: number, how: string, healthyForMs: number, details: Record<string, unknown>): void {
    const decision = this.restarts.decide(healthyForMs);
    const models = this.status.models.map((model) => ({ ...model, state: 'unloaded' as const, port: null }));
    const started = this.started;
    this.restarts.stops.record({ how, restarting: decision.kind === 'restart' && started !== null });
    if (decision.kind === 'give_up' || !started) {
      const message = `the model router stopped unexpectedly (${how})${decision.kind === 'give_up' ? ` and was restarted ${decision.attempts} times; giving up` : ''}`;
      this.deps.log('app', message);
      this.restarts.settle();
      this.status = {
        ...this.status,
        state: 'error',
        pid: null,
        models,
        usedBytes: 0,
        error: { code: 'server_crashed', message, details },
      };
      this.deps.emit('pool:state', this.status);
      return;
    }
    this.deps.log(
      'app',
      `the model router stopped unexpectedly (${how}); starting it again in ${decision.delayMs / 1000} s (${decision.attempt}/${this.restarts.policy.delaysMs.length}); its models load again when asked for`,
    );
    this.status = {
      ...this.status,
      state: 'starting',
      pid: null,
      models,
      usedBytes: 0,
      error: null,
      restart: { how, attempt: decision.attempt, of: this.restarts.policy.delaysMs.length },
    };
    this.deps.emit('pool:state', this.status);
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
      this.queue = next.catch(() => undefined);
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
    this.lastUsed.clear();
    this.errors.clear();
    if (running) await running.run.stop();
  }
}
