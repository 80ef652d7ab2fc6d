// The loop inside a tool worker process: take run/cancel messages, load the
// tool's code (once), say 'begin', run it, answer with its output. Called by
// the entry file, never on import. When main goes away (the IPC channel
// closes) the worker kills what it started and exits, so a crashed app leaves
// no tool processes behind.
import { toolError } from '@shared/tools/tool-types';
import { killTree } from '../../process/kill-tree';
import { killTaggedNow } from '../shell/command-tag';
import type { ToolExecutor, ToolExecutors, ToolOutput } from '../tool-executor';
import { isToWorker, type FromWorker, type RunMessage } from './worker-protocol';

/** The IPC side of `process` a worker needs; injectable for tests. */
export interface WorkerChannel {
  send(message: FromWorker): void;
  onMessage(listener: (message: unknown) => void): void;
  onDisconnect(listener: () => void): void;
  exit(code: number): void;
}

export function processChannel(): WorkerChannel {
  return {
    send: (message) => void process.send?.(message),
    onMessage: (listener) => void process.on('message', listener),
    onDisconnect: (listener) => void process.on('disconnect', listener),
    exit: (code) => process.exit(code),
  };
}

export function startToolWorker(executors: ToolExecutors, channel: WorkerChannel = processChannel()): void {
  const running = new Map<number, { abort: AbortController; children: Set<number>; tags: Set<string> }>();
  const loaded = new Map<string, Promise<ToolExecutor>>();

  channel.onMessage((message) => {
    if (!isToWorker(message)) return;
    if (message.type === 'cancel') running.get(message.id)?.abort.abort();
    else void run(message);
  });

  channel.onDisconnect(() => {
    for (const call of running.values()) {
      for (const pid of call.children) killTree(pid, 'SIGKILL');
      for (const tag of call.tags) killTaggedNow(tag);
    }
    channel.exit(0);
  });

  async function run(message: RunMessage): Promise<void> {
    const call = { abort: new AbortController(), children: new Set<number>(), tags: new Set<string>() };
    running.set(message.id, call);
    let output: ToolOutput;
    try {
      const load = Object.hasOwn(executors, message.tool) ? executors[message.tool] : undefined;
      if (!load)
        output = {
          status: 'error',
          output: '',
          error: toolError('unknown_tool', `this worker has no tool named "${message.tool}"`),
        };
      else {
        let executor = loaded.get(message.tool);
        if (!executor) {
          // A failed load is not cached: the next call tries again.
          executor = load().catch((error: unknown) => {
            loaded.delete(message.tool);
            throw error;
          });
          loaded.set(message.tool, executor);
        }
        const ready = await executor;
        channel.send({ type: 'begin', id: message.id });
        output = await ready(message.args, {
          workspaceDir: message.workspaceDir,
          homeDir: message.homeDir,
          fence: message.fence,
          ...(message.sandbox ? { sandbox: message.sandbox } : {}),
          ...(message.webAllowHosts ? { webAllowHosts: message.webAllowHosts } : {}),
          signal: call.abort.signal,
          reportContainer: (name) => channel.send({ type: 'container', id: message.id, name }),
          reportChild: (pid, tag) => {
            call.children.add(pid);
            if (tag !== undefined) call.tags.add(tag);
            channel.send({ type: 'child', id: message.id, pid, ...(tag !== undefined ? { tag } : {}) });
          },
        });
      }
    } catch (error) {
      output = {
        status: 'error',
        output: '',
        error: toolError('internal', `the tool failed unexpectedly: ${(error as Error).message}`),
      };
    }
    running.delete(message.id);
    channel.send({ type: 'result', id: message.id, output });
  }

  channel.send({ type: 'ready' });
}
