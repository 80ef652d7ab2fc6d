// A link in an answer leaves the app only after the user has seen where it goes.
// The page catches every click on a link (OutboundLinkLayer), this store holds the
// one waiting for an answer, and Open hands it to the core (`app:open-external`),
// which checks it again and opens it in the system browser or mail app. The
// browser host has no system browser to call: the page opens a new tab itself,
// with no opener and no referrer.
import { checkExternalLink, type ExternalLink } from '@shared/external-link';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError, EvaApi } from '../../platform/types';

export type OutboundLinkState =
  | { kind: 'idle' }
  /** waiting for the user: the link as it will be opened */
  | { kind: 'confirm'; link: Extract<ExternalLink, { ok: true }> }
  /** a link that does not open from an answer (javascript:, file:, relative…), and why */
  | { kind: 'refused'; href: string; reason: string }
  | { kind: 'failed'; url: string; error: AppError };

export interface OutboundLinkStore {
  store: StoreApi<OutboundLinkState>;
  /** a click on a link: ask before anything opens */
  request(href: string): void;
  /** the user said Open */
  confirm(): Promise<void>;
  dismiss(): void;
}

export interface OutboundLinkDeps {
  api: EvaApi;
  /** opens a new browser tab (browser host): window.open with noopener,noreferrer */
  openTab: (url: string) => void;
}

export function createOutboundLinkStore({ api, openTab }: OutboundLinkDeps): OutboundLinkStore {
  const store = createStore<OutboundLinkState>()(() => ({ kind: 'idle' }));
  return {
    store,
    request(href) {
      const link = checkExternalLink(href);
      store.setState(link.ok ? { kind: 'confirm', link } : { kind: 'refused', href, reason: link.reason }, true);
    },
    async confirm() {
      const state = store.getState();
      if (state.kind !== 'confirm') return;
      const { url } = state.link;
      store.setState({ kind: 'idle' }, true);
      const result = await api.invoke('app:open-external', { url });
      if (!result.ok) store.setState({ kind: 'failed', url, error: result.error }, true);
      else if (!result.value.opened) openTab(url);
    },
    dismiss: () => store.setState({ kind: 'idle' }, true),
  };
}

/** The browser host's way out: a new tab that cannot reach back into EVA's page. */
export function openTabWithoutOpener(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
