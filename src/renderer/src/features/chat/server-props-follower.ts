// What the endpoint in use says about itself (`chat:props`: model, context size,
// what it can see and hear), kept current: the local server as it becomes ready or
// stops, or the chosen link. Only the answer to the newest question is kept.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ServerProps } from '@shared/contract';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import type { StatusStore } from '../status/status-store';

export interface ServerPropsFollower {
  props: StoreApi<ServerProps | null>;
  /** ask the endpoint in use again */
  refresh(): Promise<void>;
  /** follow the endpoint and the backend status; returns the teardown */
  start(): () => void;
}

export function createServerPropsFollower({
  api,
  app,
  status,
}: {
  api: EvaApi;
  app: SettingsStore;
  status: StatusStore;
}): ServerPropsFollower {
  const props = createStore<ServerProps | null>()(() => null);
  let ticket = 0;

  const refresh = async (): Promise<void> => {
    const mine = ++ticket;
    const endpoint = app.store.getState().settings?.chat.endpoint ?? { kind: 'local' as const };
    const result = await api.invoke('chat:props', { endpoint });
    if (mine === ticket) props.setState(result.ok ? result.value : null, true);
  };

  return {
    props,
    refresh,
    start() {
      let source: string | null = null;
      const onChange = (): void => {
        const endpoint = app.store.getState().settings?.chat.endpoint;
        const current = status.store.getState();
        const next =
          endpoint?.kind === 'link'
            ? `link:${endpoint.linkId}`
            : current?.state === 'ready'
              ? `local:${current.model?.path ?? ''}`
              : null;
        if (next === source) return;
        source = next;
        if (next === null) {
          ticket++;
          props.setState(null, true);
        } else void refresh();
      };
      const offStatus = status.store.subscribe(onChange);
      const offApp = app.store.subscribe(onChange);
      onChange();
      return () => {
        offStatus();
        offApp();
      };
    },
  };
}
