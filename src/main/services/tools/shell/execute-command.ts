// execute_command as a tool: forbidden patterns refused again here (the gate
// already did, but the worker must not trust its caller), then the command runs
// in the workspace — on this machine, or in the sandbox the user chose — and
// the result is told to the model plainly.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { classifyCommand } from '@shared/tools/command-safety/forbidden-commands';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { describeRun } from './describe-run';
import { runShell } from './run-shell';
import { chooseShell } from './shell-choice';
import { runSandboxedCommand } from '../sandbox/sandboxed-command';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { resolveWorkspacePath } from '../files/workspace-path';

// The worker's own plumbing must not leak into the user's commands.
const PRIVATE_ENV = ['ELECTRON_RUN_AS_NODE', 'NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'NODE_UNIQUE_ID'];

export async function executeCommandTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const commandLine = String(args.command);
  const forbidden = classifyCommand(commandLine, { homeDir: context.homeDir ?? homedir() });
  if (forbidden)
    return failed(toolError('forbidden_command', `refused: ${forbidden.reason}`, { rule: forbidden.rule }));
  const seconds = Math.min(
    typeof args.timeout_seconds === 'number' ? args.timeout_seconds : TOOL_LIMITS.commandDefaultSeconds,
    TOOL_LIMITS.commandMaxSeconds,
  );
  const env = { ...process.env };
  for (const key of PRIVATE_ENV) delete env[key];
  // The SSH host has its own workspace; this machine's is neither needed nor touched.
  const call = {
    commandLine,
    timeoutSeconds: seconds,
    env,
    signal: context.signal,
    reportChild: context.reportChild,
    reportContainer: context.reportContainer,
  };
  if (context.sandbox?.mode === 'ssh') return runSandboxedCommand(context.sandbox, { ...call, workspace: null });
  const root = await resolveWorkspacePath(context.workspaceDir, '.', { fence: context.fence });
  if (!root.ok) return failed(root.error);
  if (context.sandbox) return runSandboxedCommand(context.sandbox, { ...call, workspace: root.value.path });
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
