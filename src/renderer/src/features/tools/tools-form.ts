// The Tools panel's draft: one row per tool (on/off, policy), the loop's limits
// and the workspace. Saved as `settings:update { tools }`, keeping only choices
// that differ from a tool's defaults, so a changed default reaches users who
// never touched that tool; entries of tools not listed now (an MCP server that
// is down) are kept as they were.
import type { ToolSettings } from '@shared/tools/schemas';
import { parseStrictInteger } from '@shared/strict-number';
import type { ToolDescriptor, ToolPolicy, ToolRisk } from '@shared/tools/tool-types';
import type { FieldError } from '../../ui/field-error';
import { sandboxForm, sandboxSettings, type SandboxField, type SandboxForm } from './sandbox-form';
import { webSearchForm, webSearchSettings, type WebSearchField, type WebSearchForm } from './web-search-form';
import { allowHostsList, allowHostsText } from './web-fetch-form';

export interface ToolRow {
  name: string;
  description: string;
  risk: ToolRisk;
  source: ToolDescriptor['source'];
  /** asks on every call whatever the policy says (controller) */
  alwaysAsk: boolean;
  /** ends the task (answer): always offered, always allowed */
  final: boolean;
  enabled: boolean;
  policy: ToolPolicy;
  enabledByDefault: boolean;
  defaultPolicy: ToolPolicy;
}

export interface ToolsForm {
  rows: ToolRow[];
  maxSteps: string;
  agentMode: boolean;
  protocol: ToolSettings['protocol'];
  workspaceDir: string;
  /** where tools act when the field is empty; null when the user set one and the default is unknown */
  defaultWorkspaceDir: string | null;
  /** where execute_command runs */
  sandbox: SandboxForm;
  /** where web_search sends its queries */
  webSearch: WebSearchForm;
  /** the hosts web_fetch may reach on this computer or the local network, as one line */
  webAllowHosts: string;
}

export type ToolsField = 'maxSteps' | 'workspaceDir' | 'webAllowHosts' | SandboxField | WebSearchField;
export type ToolsErrors = Partial<Record<ToolsField, FieldError>>;
export type ToolsResult = { ok: true; value: ToolSettings } | { ok: false; errors: ToolsErrors };

export const MAX_STEPS_LIMIT = 500;

/** `tools:list`'s answer as a draft. */
export function formFromList(list: {
  tools: readonly ToolDescriptor[];
  settings: ToolSettings;
  workspaceDir: string;
}): ToolsForm {
  const { settings } = list;
  return {
    rows: list.tools.map((tool) => {
      const alwaysAsk = tool.alwaysAsk === true;
      const policy = settings.policies[tool.name] ?? tool.defaultPolicy;
      return {
        name: tool.name,
        description: tool.description,
        risk: tool.risk,
        source: tool.source,
        alwaysAsk,
        final: tool.final === true,
        enabled: tool.final === true || (settings.enabled[tool.name] ?? tool.enabledByDefault),
        // "allow" means nothing for a tool that always asks; show what really happens.
        policy: alwaysAsk && policy === 'allow' ? 'ask' : policy,
        enabledByDefault: tool.enabledByDefault,
        defaultPolicy: tool.defaultPolicy,
      };
    }),
    maxSteps: String(settings.maxSteps),
    agentMode: settings.agentMode,
    protocol: settings.protocol,
    workspaceDir: settings.workspaceDir,
    defaultWorkspaceDir: settings.workspaceDir === '' ? list.workspaceDir : null,
    sandbox: sandboxForm(settings.sandbox),
    webSearch: webSearchForm(settings.webSearch),
    webAllowHosts: allowHostsText(settings.webAllowHosts),
  };
}

/** Policies a row may be set to: a tool that always asks cannot be set to run without asking. */
export function policyChoices(row: Pick<ToolRow, 'alwaysAsk' | 'final'>): ToolPolicy[] {
  if (row.final) return ['allow'];
  return row.alwaysAsk ? ['ask', 'deny'] : ['allow', 'ask', 'deny'];
}

export function setRow(form: ToolsForm, name: string, change: Partial<Pick<ToolRow, 'enabled' | 'policy'>>): ToolsForm {
  return {
    ...form,
    rows: form.rows.map((row) => {
      if (row.name !== name || row.final) return row;
      const policy =
        change.policy !== undefined && policyChoices(row).includes(change.policy) ? change.policy : row.policy;
      return { ...row, enabled: change.enabled ?? row.enabled, policy };
    }),
  };
}

/** Absolute on POSIX or Windows (drive or UNC); a relative workspace would depend on where the app was started. */
export function isAbsolutePath(path: string): boolean {
  return /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path);
}

export function toolsSettings(form: ToolsForm, base: ToolSettings): ToolsResult {
  const errors: ToolsErrors = {};
  const steps = parseStrictInteger(form.maxSteps, { min: 1, max: MAX_STEPS_LIMIT });
  if (!steps.ok)
    errors.maxSteps =
      steps.problem === 'spaces'
        ? { key: 'load.error.spaces' }
        : { key: 'tools.error.maxSteps', vars: { max: MAX_STEPS_LIMIT } };
  const workspaceDir = form.workspaceDir.trim();
  if (
    workspaceDir !== '' &&
    (!isAbsolutePath(workspaceDir) || workspaceDir.length > 4096 || workspaceDir.includes('\0'))
  )
    errors.workspaceDir = { key: 'tools.error.workspace' };
  const sandbox = sandboxSettings(form.sandbox);
  if (!sandbox.ok) Object.assign(errors, sandbox.errors);
  const webSearch = webSearchSettings(form.webSearch);
  if (!webSearch.ok) Object.assign(errors, webSearch.errors);
  const webAllowHosts = allowHostsList(form.webAllowHosts);
  if (!webAllowHosts) errors.webAllowHosts = { key: 'tools.error.webAllowHosts' };
  if (!steps.ok || !sandbox.ok || !webSearch.ok || !webAllowHosts || Object.keys(errors).length > 0)
    return { ok: false, errors };

  const policies = { ...base.policies };
  const enabled = { ...base.enabled };
  for (const row of form.rows) {
    if (row.final) continue;
    if (row.policy === row.defaultPolicy) delete policies[row.name];
    else policies[row.name] = row.policy;
    if (row.enabled === row.enabledByDefault) delete enabled[row.name];
    else enabled[row.name] = row.enabled;
  }
  return {
    ok: true,
    value: {
      policies,
      enabled,
      maxSteps: steps.value,
      agentMode: form.agentMode,
      protocol: form.protocol,
      workspaceDir,
      sandbox: sandbox.value,
      webSearch: webSearch.value,
      webAllowHosts,
    },
  };
}
