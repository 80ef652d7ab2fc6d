// Which server the chat talks to, in words for the top bar.
import type { AppSettings, BackendStatus, ServerProps } from '@shared/contract';

export type EndpointView =
  | { kind: 'local'; model: string | null; ready: boolean }
  | { kind: 'link'; name: string; model: string }
  /** the chat points at a link profile that is gone */
  | { kind: 'missing' };

/** `poolModel`: the model pool's model for the open conversation, which answers it while the pool runs. */
export function describeEndpoint(
  settings: AppSettings | null,
  status: BackendStatus | null,
  props: ServerProps | null,
  poolModel: string | null = null,
): EndpointView {
  const endpoint = settings?.chat.endpoint ?? { kind: 'local' };
  if (endpoint.kind === 'link') {
    const profile = settings?.links.find((link) => link.id === endpoint.linkId);
    return profile ? { kind: 'link', name: profile.name, model: profile.model } : { kind: 'missing' };
  }
  if (poolModel) return { kind: 'local', ready: true, model: poolModel };
  const ready = status?.state === 'ready';
  return { kind: 'local', ready, model: ready ? (status?.model?.name ?? props?.model ?? null) : null };
}
