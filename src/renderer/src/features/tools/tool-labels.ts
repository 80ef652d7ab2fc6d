// Words for a tool's risk and policy, shared by the Tools panel and the approval card.
import type { MessageKey, Translate } from '../../i18n';
import type { ToolPolicy } from '@shared/tools/tool-types';

const RISKS: Record<string, MessageKey> = { read: 'tools.risk.read', write: 'tools.risk.write', exec: 'tools.risk.exec', control: 'tools.risk.control' };

/** The risk badge's words; an unknown risk (from a newer core) shows as sent. */
export function riskLabel(t: Translate, risk: string): string {
  const key = RISKS[risk];
  return key ? t(key) : risk;
}

export const POLICY_KEYS: Record<ToolPolicy, MessageKey> = { allow: 'tools.policy.allow', ask: 'tools.policy.ask', deny: 'tools.policy.deny' };
