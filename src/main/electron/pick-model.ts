import { dialog, type BrowserWindow } from 'electron';

export async function pickModelFile(win: BrowserWindow | null): Promise<string | null> {
  const options = {
    properties: ['openFile' as const],
    filters: [
      { name: 'GGUF models', extensions: ['gguf'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
