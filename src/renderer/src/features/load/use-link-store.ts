import { useAppModel } from '../../app-model';
import { useStore } from '../../lib/store';
import type { LinkState, LinkStore } from './link-store';

export function useLinkStore(): LinkState & { actions: LinkStore } {
  const { links } = useAppModel();
  return { ...useStore(links.store), actions: links };
}
