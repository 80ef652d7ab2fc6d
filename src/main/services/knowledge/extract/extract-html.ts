// HTML to readable text through html-to-text: scripts and styles dropped, links
// kept as text, no line wrapping (line ranges must stay meaningful).
import { convert } from 'html-to-text';

export function extractHtml(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
}
