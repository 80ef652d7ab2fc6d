// The app's own part of the contract: what the page asks about the app and its
// host, links and folders opened outside, and the notices the core raises.
import { z } from 'zod';
import { channel, emptyInput } from '../contract-parts';
import type { AppInfo, Notice } from '../core-types';
import { checkExternalLink, MAX_LINK_CHARS } from '../external-link';
import { isPreviewDocument, MAX_PREVIEW_DOCUMENT_CHARS } from '../previews/preview-policy';

const externalLink = z
  .object({ url: z.string().min(1).max(MAX_LINK_CHARS) })
  .strict()
  .refine((input) => checkExternalLink(input.url).ok, {
    message: 'only http, https and mailto links open outside the app',
  });

const folderPath = z.object({ path: z.string().min(1).max(4096) }).strict();

const previewDocument = z
  .object({ document: z.string().min(1).max(MAX_PREVIEW_DOCUMENT_CHARS) })
  .strict()
  .refine((input) => isPreviewDocument(input.document), {
    message: "only a preview's document, which begins with its network-forbidding policy, opens outside the app",
  });

export const appChannels = {
  'app:info': channel<typeof emptyInput, AppInfo>(emptyInput),
  /**
   * Open a link from an answer, after the page's confirmation, in the system browser or mail app; `opened: false` where
   * the host has none (the browser host opens it itself).
   */
  'app:open-external': channel<typeof externalLink, { opened: boolean }>(externalLink),
  /**
   * Open one of the folders the Settings page shows (shared/settings/settings-folders.ts) in the system's file manager;
   * any other path, or one that is not a folder now, is refused with its reason.
   */
  'app:open-folder': channel<typeof folderPath, { path: string }>(folderPath),
  /**
   * Open a code block's preview (shared/previews/preview-document.ts), after the page's confirmation, in the system
   * browser: the core writes it to a file of its own in a fresh temporary folder and answers that file's path.
   */
  'app:open-preview': channel<typeof previewDocument, { path: string }>(previewDocument),
} as const;

export interface AppEventPayloads {
  'app:notice': Notice;
}

export const APP_EVENT_NAMES: Record<keyof AppEventPayloads, true> = { 'app:notice': true };
