// Saves text as a file the way a page can: a Blob behind a temporary link.
// Electron shows its save dialog for it; a browser saves to Downloads.
export function downloadText(text: string, fileName: string, mime: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some engines read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
