// Clipboard writes: the async Clipboard API where the page may use it, else the
// old execCommand path (insecure origins, e.g. the browser host opened by LAN IP).

export async function copyText(
  text: string,
  nav: Pick<Navigator, 'clipboard'> | undefined = globalThis.navigator,
  doc: Document | undefined = globalThis.document,
): Promise<boolean> {
  try {
    if (nav?.clipboard) {
      await nav.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback below before reporting failure.
  }
  return doc ? copyWithTextarea(text, doc) : false;
}

function copyWithTextarea(text: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
