// The status bar in link mode: the chat talks to a saved endpoint, so the local llama-server's state (a failed
// load from before the switch, say) is not what the chat waits on, and the bar shows the link instead.
import type { AppSettings } from '@shared/contract';

export type LinkStatusView =
  | { kind: 'link'; name: string; model: string; host: string }
  /** the chat points at a link profile that was deleted */
  | { kind: 'missing' };

/** null while the chat uses the local server. */
export function describeLinkInUse(settings: AppSettings | null): LinkStatusView | null {
  const endpoint = settings?.chat.endpoint;
  if (endpoint?.kind !== 'link') return null;
  const profile = settings?.links.find((link) => link.id === endpoint.linkId);
  if (!profile) return { kind: 'missing' };
  return { kind: 'link', name: profile.name, model: profile.model, host: hostOf(profile.baseUrl) };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    // A stored URL the link service would refuse: show it as it is.
    return baseUrl;
  }
}
