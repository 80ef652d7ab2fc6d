// The shape of one built-in tool as it runs inside a worker process.
import type { ToolError, ToolRunStatus } from '@shared/tools/tool-types';
import type { DataDirFence } from './files/workspace-path';
import type { Sandbox } from './sandbox/sandbox';

/** What the worker hands to a tool for one call. */
export interface ToolExecContext {
  workspaceDir: string;
  /** aborted when the user presses Stop (the worker got a cancel message) */
  signal: AbortSignal;
  /**
   * a tool that starts its own process group reports it (and the tag its processes carry), so main can kill them if
   * this worker dies
   */
  reportChild(pid: number, tag?: string): void;
  /** a container the call started (sandbox), so main can remove it if this worker dies */
  reportContainer?(name: string): void;
  /** the user's home directory, for the forbidden-command check */
  homeDir?: string;
  /** EVA's data dir: the file tools refuse it even inside the workspace */
  fence?: DataDirFence;
  /** where execute_command runs; absent: on this machine */
  sandbox?: Sandbox;
  /** hosts web_fetch may reach though their addresses are private (tools.webAllowHosts) */
  webAllowHosts?: readonly string[];
}

/** A tool's result before the runner adds timing. */
export interface ToolOutput {
  status: ToolRunStatus;
  output: string;
  error?: ToolError;
  details?: Record<string, unknown>;
}

export type ToolExecutor = (args: Record<string, unknown>, context: ToolExecContext) => Promise<ToolOutput>;

/**
 * Loaders by tool name; the worker loads a tool's code on its first call and
 * keeps it. Loading is not charged to the call's time limit (mathjs alone takes
 * a few hundred ms to load, more than the calculator's whole budget).
 */
export type ToolExecutors = Record<string, () => Promise<ToolExecutor>>;

export function failed(error: ToolError, details?: Record<string, unknown>): ToolOutput {
  return details === undefined
    ? { status: 'error', output: '', error }
    : { status: 'error', output: '', error, details };
}
