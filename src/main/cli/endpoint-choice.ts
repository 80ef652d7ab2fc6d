// Which endpoint a terminal command talks to: a saved link (--link, by name or
// id), or the local model — loaded first when --model names one, or, in eva's
// own core, the model the app loaded last.
import type { EndpointRef } from '@shared/chat/schemas';
import { AppFailure } from '@shared/errors';
import type { CoreSession } from './core-session';
import type { EvaOptions } from './eva-args';

/** The local model when it is ready (loading `--model` first), or the saved link `--link` names. */
export async function chooseEndpoint(
  session: CoreSession,
  options: EvaOptions,
  log: (text: string) => void,
): Promise<EndpointRef> {
  const settings = await session.invoke('settings:get');
  // Without --link or --model, the endpoint the app's chat uses (eva setup chooses it too).
  const linkId =
    options.link ??
    (options.model === null && settings.chat.endpoint.kind === 'link' ? settings.chat.endpoint.linkId : null);
  if (linkId !== null) {
    const { profiles } = await session.invoke('link:list');
    const profile =
      profiles.find((p) => p.id === linkId) ?? profiles.find((p) => p.name.toLowerCase() === linkId.toLowerCase());
    if (!profile)
      throw new AppFailure(
        'link_not_found',
        `no saved link is called "${linkId}"${profiles.length > 0 ? ` (saved: ${profiles.map((p) => p.name).join(', ')})` : ''}`,
      );
    return { kind: 'link', linkId: profile.id };
  }
  let status = await session.invoke('backend:status');
  // eva's own core starts with nothing loaded: it loads what was asked for, or the model the app loaded last.
  const modelPath =
    options.model ?? (session.mode === 'own' && status.state !== 'ready' ? settings.load.modelPath : '');
  if (modelPath !== '') {
    log(`loading ${modelPath}…`);
    status = await session.invoke('backend:load', { ...settings.load, modelPath });
  }
  if (status.state !== 'ready') {
    throw new AppFailure(
      'no_model_loaded',
      'no model is loaded and no link is chosen: `eva setup`, `eva models load <file.gguf>`, `--model <file.gguf>` or `--link <name>`',
    );
  }
  return { kind: 'local' };
}
