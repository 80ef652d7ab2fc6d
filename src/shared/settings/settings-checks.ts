// The checks the settings area makes on a page's patch before it is saved, beyond
// the contract's schema: each refusal names its field and its reason, so the page
// says what is wrong in its own language and the CLI in English.
import type { SettingsPatch } from '../settings-schemas';
import { hubAddressProblem, hubAddressSentence, normalizeHubAddress, type HubAddressProblem } from './hub-address';

export type SettingsProblemReason = HubAddressProblem | 'workspace_not_absolute';

/** A refused patch: which field, why (a code for the page), and the English sentence. */
export interface SettingsProblem {
  field: 'models.hubEndpoint' | 'tools.workspaceDir';
  reason: SettingsProblemReason;
  message: string;
}

/** Absolute on POSIX or Windows (drive or UNC); a relative folder would depend on where the app was started. */
export function isAbsoluteFolder(path: string): boolean {
  return /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path);
}

/** What is wrong with a workspace folder as typed ('' means the default), or null. */
export function workspaceProblem(text: string): 'workspace_not_absolute' | null {
  const trimmed = text.trim();
  return trimmed === '' || (isAbsoluteFolder(trimmed) && !trimmed.includes('\0')) ? null : 'workspace_not_absolute';
}

/** The first problem of a patch, or null when every field it changes is acceptable. */
export function settingsPatchProblem(patch: SettingsPatch): SettingsProblem | null {
  const hub = patch.models?.hubEndpoint;
  if (hub !== undefined) {
    const reason = hubAddressProblem(hub);
    if (reason !== null) return { field: 'models.hubEndpoint', reason, message: hubAddressSentence(reason) };
  }
  const workspace = patch.tools?.workspaceDir;
  if (workspace !== undefined && workspaceProblem(workspace) !== null) {
    return {
      field: 'tools.workspaceDir',
      reason: 'workspace_not_absolute',
      message: 'the workspace folder must be an absolute path, or empty for the default',
    };
  }
  return null;
}

/** The patch as saved: a hub address without spaces or a trailing slash, a workspace without spaces around it. */
export function normalizeSettingsPatch(patch: SettingsPatch): SettingsPatch {
  const { models, tools } = patch;
  return {
    ...patch,
    ...(models?.hubEndpoint !== undefined && {
      models: { ...models, hubEndpoint: normalizeHubAddress(models.hubEndpoint) },
    }),
    ...(tools?.workspaceDir !== undefined && { tools: { ...tools, workspaceDir: tools.workspaceDir.trim() } }),
  };
}
