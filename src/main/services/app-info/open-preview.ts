// `app:open-preview`: a code block's preview in the system browser, after the page's confirmation. The page sends the
// document it showed; only one that begins with the preview's network-forbidding policy is written (the page's word
// is checked again here), to a file named by the core in a fresh private temporary folder, so nothing the page sends
// names a path. The system's opener (the same as for folders) hands it to the browser. The folders are removed when
// the app quits: a browser may read the file at any time before that.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppFailure } from '@shared/errors';
import { isPreviewDocument } from '@shared/previews/preview-policy';
import type { FolderOpener } from './open-folder';

export interface PreviewFiles {
  /** writes the document and opens it; answers the file's path */
  open(document: string): Promise<{ path: string }>;
  /** removes every folder this run wrote */
  dispose(): Promise<void>;
}

export function previewFiles(openPath: FolderOpener, tempRoot: string = tmpdir()): PreviewFiles {
  const written = new Set<string>();
  return {
    async open(document) {
      if (!isPreviewDocument(document))
        throw new AppFailure('bad_request', "only a preview's document, which begins with its policy, is opened");
      // mkdtemp makes the folder 0700 with a name no one could have made first; 'wx' never follows a planted file.
      const folder = await mkdtemp(join(tempRoot, 'eva-preview-'));
      written.add(folder);
      const path = join(folder, 'preview.html');
      await writeFile(path, document, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
      await openPath(path);
      return { path };
    },
    async dispose() {
      const folders = [...written];
      written.clear();
      await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    },
  };
}
