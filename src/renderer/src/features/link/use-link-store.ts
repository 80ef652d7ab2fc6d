import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import type { LinkState, LinkStore } from './link-store';

export function useLinkStore(): LinkState & { actions: LinkStore } {
  const { links } = useAppModel();
  return { ...useStore(links.store), actions: links };
}
