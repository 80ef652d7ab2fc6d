// execute_command as a tool: forbidden patterns refused again here (the gate
// already did, but the worker must not trust its caller), then the command runs
// in the workspace and the result is told to the model plainly.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { classifyCommand } from '@shared/tools/command-safety/forbidden-commands';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { runShell, type ShellRunResult } from './run-shell';
import { chooseShell } from './shell-choice';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { resolveWorkspacePath } from '../files/workspace-path';

// The worker's own plumbing must not leak into the user's commands.
const PRIVATE_ENV = ['ELECTRON_RUN_AS_NODE', 'NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'NODE_UNIQUE_ID'];

export async function executeCommandTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const commandLine = String(args.command);
  const forbidden = classifyCommand(commandLine, { homeDir: context.homeDir ?? homedir() });
  if (forbidden) return failed(toolError('forbidden_command', `refused: ${forbidden.reason}`, { rule: forbidden.rule }));
  const root = await resolveWorkspacePath(context.workspaceDir, '.', { fence: context.fence });
  if (!root.ok) return failed(root.error);

  const seconds = Math.min(typeof args.timeout_seconds === 'number' ? args.timeout_seconds : TOOL_LIMITS.commandDefaultSeconds, TOOL_LIMITS.commandMaxSeconds);
  const env = { ...process.env };
  for (const key of PRIVATE_ENV) delete env[key];
  const result = await runShell({
    commandLine,
    shell: chooseShell(process.platform, process.env, existsSync),
    cwd: root.value.path,
    timeoutMs: seconds * 1000,
    maxOutputChars: TOOL_LIMITS.maxOutputChars,
    signal: context.signal,
    env,
    onSpawn: (pid, tag) => context.reportChild(pid, tag),
  });
  return describeRun(result, seconds);
}

export function describeRun(result: ShellRunResult, timeoutSeconds: number): ToolOutput {
  const details = {
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    truncated: result.output.truncated,
    omittedChars: result.output.omittedChars,
    ...(result.strays > 0 ? { strays: result.strays } : {}),
  };
  // The model may have meant a server to keep running: say that it did not.
  const strays = result.strays > 0 ? `\n[${result.strays === 1 ? '1 process' : `${result.strays} processes`} it started outside its process group (setsid, a daemon) ${result.strays === 1 ? 'was' : 'were'} stopped with it]` : '';
  const text = result.output.text.trimEnd();
  if (result.spawnError) return failed(toolError('io_error', `could not start the shell: ${result.spawnError}`), details);
  if (result.stopped) {
    return { status: 'stopped', output: text, error: toolError('stopped', 'the user stopped the command; its process tree was killed'), details };
  }
  if (result.timedOut) {
    return { status: 'timeout', output: text, error: toolError('timeout', `the command ran longer than ${timeoutSeconds} s and was killed with its process tree`), details };
  }
  const status = result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit code ${result.exitCode}`;
  return { status: 'ok', output: `${text === '' ? '(no output)' : text}\n[${status}]${strays}`, details };
}
