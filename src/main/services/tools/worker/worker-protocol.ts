// Messages between the ToolRunner (main) and a tool worker process, over the
// fork IPC channel. Both sides check the shape: a worker is a separate program
// and a crashed or confused one must not confuse main.
import type { ToolOutput } from '../tool-executor';
import type { DataDirFence } from '../files/workspace-path';
import type { Sandbox } from '../sandbox/sandbox';

/** main → worker: run one tool call */
export interface RunMessage {
  type: 'run';
  id: number;
  tool: string;
  args: Record<string, unknown>;
  workspaceDir: string;
  homeDir?: string;
  fence?: DataDirFence;
  /** where execute_command runs; absent: on this machine */
  sandbox?: Sandbox;
  /** web_fetch only: the hosts the user let through the address guard */
  webAllowHosts?: string[];
}

/** main → worker: the user pressed Stop */
export interface CancelMessage {
  type: 'cancel';
  id: number;
}

export type ToWorker = RunMessage | CancelMessage;

/** worker → main */
export type FromWorker =
  | { type: 'ready' }
  /** the tool's code is loaded and the call starts now: its time limit counts from here */
  | { type: 'begin'; id: number }
  | { type: 'result'; id: number; output: ToolOutput }
  /**
   * a process group the call started, and the tag its processes carry (shell/command-tag.ts); main kills them too if
   * the worker dies
   */
  | { type: 'child'; id: number; pid: number; tag?: string }
  /** a container the call started (tools sandbox); main removes it if the worker dies */
  | { type: 'container'; id: number; name: string };

const STATUSES = new Set(['ok', 'error', 'timeout', 'stopped']);

export function isFromWorker(value: unknown): value is FromWorker {
  if (typeof value !== 'object' || value === null) return false;
  const msg = value as Record<string, unknown>;
  if (msg.type === 'ready') return true;
  if (msg.type === 'begin') return typeof msg.id === 'number';
  if (msg.type === 'container') return typeof msg.id === 'number' && typeof msg.name === 'string';
  if (msg.type === 'child')
    return (
      typeof msg.id === 'number' &&
      typeof msg.pid === 'number' &&
      (msg.tag === undefined || typeof msg.tag === 'string')
    );
  if (msg.type !== 'result' || typeof msg.id !== 'number') return false;
  const output = msg.output as Record<string, unknown> | null;
  return (
    typeof output === 'object' &&
    output !== null &&
    STATUSES.has(output.status as string) &&
    typeof output.output === 'string'
  );
}

export function isToWorker(value: unknown): value is ToWorker {
  if (typeof value !== 'object' || value === null) return false;
  const msg = value as Record<string, unknown>;
  if (msg.type === 'cancel') return typeof msg.id === 'number';
  return (
    msg.type === 'run' &&
    typeof msg.id === 'number' &&
    typeof msg.tool === 'string' &&
    typeof msg.workspaceDir === 'string' &&
    typeof msg.args === 'object' &&
    msg.args !== null &&
    isSandboxShape(msg.sandbox) &&
    (msg.webAllowHosts === undefined ||
      (Array.isArray(msg.webAllowHosts) && msg.webAllowHosts.every((host) => typeof host === 'string')))
  );
}

function isSandboxShape(value: unknown): boolean {
  if (value === undefined) return true;
  const mode = (value as Record<string, unknown> | null)?.mode;
  return mode === 'container' || mode === 'ssh';
}
