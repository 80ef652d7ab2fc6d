// The compare area in the core: a prompt (or a set of them) put to two to four
// models side by side, each in a llama-server EVA starts for it (a model file)
// or through the pool's router (one of its models). One run answers at a time
// (compare-session.ts); it keeps its servers after answering, for follow-ups,
// until it is stopped, another run starts, or it has been idle a while. Runs
// are saved whole in `<data>/compare/` (compare-run-store.ts).
import { freemem } from 'node:os';
import { join } from 'node:path';
import { exportRun } from '@shared/compare/compare-export';
import {
  listedOrder,
  newRun,
  repeatEntrants,
  shuffledOrder,
  withFollowUp,
  withVote,
} from '@shared/compare/compare-run';
import type { CompareStartInput } from '@shared/compare/compare-schemas';
import type { CompareEntrant, CompareRun, CompareSchedule, CompareTurn } from '@shared/compare/compare-types';
import { COMPARE_COLUMN_IDS } from '@shared/compare/compare-types';
import { isHidden, viewOf } from '@shared/compare/compare-view';
import type { ChannelsOf, EventPayloads, InvokeHandlers } from '@shared/contract';
import { AppFailure, toAppError } from '@shared/errors';
import type { AreaModule } from '../area-module';
import type { BackendManager } from '../backend/backend-manager';
import { createChatService, type LocalServer } from '../chat/chat-service';
import type { EventSink } from '../events/event-bus';
import type { LinkService } from '../links/link-service';
import type { ModelLibrary } from '../models/model-library-service';
import type { ModelPool } from '../pool/model-pool';
import { readResidentBytes } from '../process/process-memory';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { SettingsStore } from '../settings/settings-store';
import { candidatesFrom, chooseServer, poolTarget, readContext, scheduledEntrants } from './compare-models';
import { CompareRunStore } from './compare-run-store';
import { planSchedule } from './compare-schedule';
import { startCompareServer } from './compare-server';
import { CompareSession } from './compare-session';

/** Servers a run keeps after answering stop after this long without a follow-up. */
const IDLE_STOP_MS = 10 * 60_000;

export interface CompareModuleDeps {
  dataDir: string;
  processes: ProcessLifecycle;
  emit: EventSink;
  settings: SettingsStore;
  backend: Pick<BackendManager, 'discover' | 'logLine'>;
  pool: Pick<ModelPool, 'getStatus' | 'endpoint'>;
  links: LinkService;
  models: Pick<ModelLibrary, 'list'>;
  /** free memory on this machine (default os.freemem); tests pass a small figure to see runs go one after another */
  freeMemory?: () => number;
  /** the blind shuffle's source (default Math.random) */
  random?: () => number;
  now?: () => number;
  idleStopMs?: number;
  fetch?: typeof fetch;
  chatIdleTimeoutMs?: number;
}

export interface CompareModule extends AreaModule<ChannelsOf<'compare'>> {
  /** for tests: resolves once the run answering now (if any) has ended */
  settled(): Promise<void>;
}

export function openCompare(deps: CompareModuleDeps): CompareModule {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const fetchImpl = deps.fetch ?? fetch;
  const store = new CompareRunStore(join(deps.dataDir, 'compare'));
  const targets = new Map<string, LocalServer>();
  let session: CompareSession | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let runCount = 0;

  // The compare runs' own chat service: the same request and stream as a chat, its batches sent as compare:stream.
  const relay: EventSink = (event, payload) => {
    if (event !== 'chat:stream') return deps.emit(event, payload);
    const { requestId, events } = payload as EventPayloads['chat:stream'];
    const route = session?.routeOf(requestId);
    if (!session || !route) return;
    // In blind mode the model's name stays in the core.
    const shown = isHidden(session.run)
      ? events.filter((item) => item.type !== 'author' && item.type !== 'model')
      : events;
    deps.emit('compare:stream', { runId: session.run.id, ...route, events: shown });
  };
  const chat = createChatService({
    localServer: () => null,
    poolServer: async (key) => {
      const server = targets.get(key);
      if (!server) throw new AppFailure('no_model_loaded', 'this column of the comparison has no server running');
      return server;
    },
    links: deps.links,
    emit: relay,
    fetch: deps.fetch,
    idleTimeoutMs: deps.chatIdleTimeoutMs,
  });

  const changed = (run: CompareRun): void => {
    deps.emit('compare:run', viewOf(run));
    store.save(run).catch((error: unknown) =>
      deps.emit('app:notice', {
        level: 'error',
        code: 'compare_save_failed',
        message: `the comparison "${run.title}" could not be saved: ${toAppError(error).message}`,
        details: { runId: run.id },
      }),
    );
  };

  const log = (name: string) => (stream: 'stdout' | 'stderr', text: string) =>
    deps.backend.logLine(stream, `[compare ${name}] ${text}`);

  async function schedule(
    entrants: readonly CompareEntrant[],
    { contextSize, oneAfterAnother }: { contextSize: number; oneAfterAnother: boolean },
  ): Promise<CompareSchedule> {
    const pool = deps.pool.getStatus();
    const listed = entrants.map((entrant, index) => ({ columnId: COMPARE_COLUMN_IDS[index]!, entrant }));
    const weighed = await scheduledEntrants(listed, contextSize, deps.settings.get().load, pool);
    const freeBytes = (deps.freeMemory ?? freemem)();
    return planSchedule({ entrants: weighed, freeBytes, pool: pool.state === 'ready' ? pool : null, oneAfterAnother });
  }

  function sessionFor(run: CompareRun, planned: boolean): CompareSession {
    return new CompareSession(
      run,
      {
        chat,
        readResident: readResidentBytes,
        targets,
        startServer: async (path, contextSize, signal) => {
          const server = chooseServer((await deps.backend.discover()).backends, deps.settings.get().load.backend);
          const name = path.split(/[\\/]/).at(-1) ?? path;
          return startCompareServer(
            {
              serverPath: server.path,
              backend: server.kind,
              load: deps.settings.get().load,
              modelPath: path,
              contextSize,
              registry: deps.processes,
              log: log(name),
            },
            signal,
          );
        },
        poolTarget: (id) => poolTarget(deps.pool, id, fetchImpl),
        contextOf: (server) => readContext(server, null, fetchImpl),
        schedule: (current) =>
          schedule(
            current.columns.map((column) => column.entrant),
            current.settings,
          ),
        changed,
        stopRequest: (requestId) => void chat.stop(requestId),
        now,
      },
      planned,
    );
  }

  /** Makes `run` the run that answers; the one before, idle, lets its servers go first. */
  async function take(run: CompareRun, planned = false): Promise<CompareSession> {
    if (session?.run.id === run.id) return session;
    if (session?.answering)
      throw new AppFailure('already_running', `the comparison "${session.run.title}" is answering: stop it first`);
    await leave();
    session = sessionFor(run, planned);
    return session;
  }

  async function leave(): Promise<void> {
    clearIdle();
    const previous = session;
    session = null;
    await previous?.stop();
  }

  function clearIdle(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** Answers what the run owes; its servers stop once it has been idle for a while. */
  function answer(current: CompareSession): void {
    clearIdle();
    current.answerPending();
    void current.settled().then(() => {
      if (session !== current || current.serverCount === 0) return;
      idleTimer = setTimeout(() => void current.release(), deps.idleStopMs ?? IDLE_STOP_MS);
      idleTimer.unref();
    });
  }

  async function runOf(id: string): Promise<CompareRun> {
    return session?.run.id === id ? session.run : store.load(id);
  }

  /** Changes a run, whether it is the one answering or a saved one. */
  async function change(id: string, edit: (run: CompareRun) => CompareRun): Promise<CompareRun> {
    if (session?.run.id === id) return session.update(edit);
    const run = edit(await store.load(id));
    changed(run);
    await store.idle();
    return run;
  }

  async function start(input: CompareStartInput, from: { repeatOf: string; turns: CompareTurn[] } | null) {
    if (session?.answering)
      throw new AppFailure('already_running', `the comparison "${session.run.title}" is answering: stop it first`);
    // The servers of the run before are stopped first: the memory they held is free for this plan.
    await leave();
    const count = input.entrants.length;
    // Blind: the columns take the models in a shuffled order, so their letters give nothing away.
    const order = input.settings.blind && !from ? shuffledOrder(count, random) : listedOrder(count);
    const entrants = order.map((index) => input.entrants[index]!);
    const plan = await schedule(entrants, input.settings);
    const run = newRun({
      id: `${now().toString(36)}-${(++runCount).toString(36)}${Math.floor(random() * 36 ** 4).toString(36)}`,
      now: now(),
      entrants,
      prompts: input.prompts,
      settings: input.settings,
      schedule: plan,
      order: listedOrder(count),
      repeatOf: from?.repeatOf ?? null,
      turns: from?.turns,
    });
    const current = await take(run, true);
    changed(current.run);
    answer(current);
    return viewOf(current.run);
  }

  const handlers = {
    'compare:candidates': async () => candidatesFrom(await deps.models.list(), deps.pool.getStatus()),
    'compare:plan': async ({ entrants, ...settings }) => schedule(entrants, settings),
    'compare:start': async (input) => start(input, null),
    'compare:follow-up': async ({ runId, prompt }) => {
      const current = await take(await runOf(runId));
      current.update((run) => withFollowUp(run, prompt, now()));
      answer(current);
      return viewOf(current.run);
    },
    'compare:stop': async ({ runId }) => {
      if (session?.run.id !== runId) return viewOf(await store.load(runId));
      clearIdle();
      await session.stop();
      return viewOf(session.run);
    },
    'compare:vote': async ({ runId, turn, columnId }) => {
      const run = await runOf(runId);
      if (turn >= run.turns.length || !run.columns.some((column) => column.id === columnId))
        throw new AppFailure('bad_request', `the comparison has no turn ${turn + 1} in column ${columnId}`);
      return viewOf(await change(runId, (current) => withVote(current, turn, columnId, now())));
    },
    'compare:reveal': async ({ runId }) =>
      viewOf(await change(runId, (run) => ({ ...run, revealed: true, updatedAt: now() }))),
    'compare:list': async () => {
      await store.idle();
      return store.list();
    },
    'compare:open': async ({ id }) => viewOf(await runOf(id)),
    'compare:delete': async ({ id }) => {
      if (session?.run.id === id) await leave();
      return { deleted: await store.remove(id) };
    },
    'compare:export': async ({ id, format }) => exportRun(viewOf(await runOf(id)), format, now()),
    'compare:repeat': async ({ id, swap }) => {
      const earlier = await runOf(id);
      if (swap && !earlier.columns.some((column) => column.id === swap.columnId))
        throw new AppFailure('bad_request', `the comparison has no column ${swap.columnId}`);
      const entrants = repeatEntrants(earlier, swap);
      const input = { entrants, prompts: earlier.turns.map((turn) => turn.prompt), settings: earlier.settings };
      return start(input, { repeatOf: earlier.id, turns: earlier.turns });
    },
    'compare:prompt-sets': async () => ({ sets: await store.promptSets() }),
    'compare:save-prompt-set': async (set) => ({ sets: await store.changePromptSets(set.name, set) }),
    'compare:delete-prompt-set': async ({ name }) => ({ sets: await store.changePromptSets(name, null) }),
  } satisfies Pick<InvokeHandlers, ChannelsOf<'compare'>>;

  return {
    handlers,
    settled: async () => {
      await session?.settled();
      await store.idle();
    },
    async dispose() {
      await leave();
      chat.dispose();
      await store.idle();
    },
  };
}
