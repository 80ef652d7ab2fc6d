// A fetched body as text the model can read: HTML as text with its links
// (resolved against the page's URL), a PDF's text page by page through the
// knowledge base's reader (unpdf), JSON pretty-printed, other text as it is.
// Images, archives and other binaries are refused with a sentence that says so.
import { compile } from 'html-to-text';
import { extractPdf } from '@main/services/knowledge/extract/extract-pdf';
import { ExtractFailure } from '@main/services/knowledge/extract/extract-failure';
import { extractLimits } from '@main/services/knowledge/extract/extract-limits';

export type PageKind = 'html' | 'pdf' | 'json' | 'text';

export type PageText = { ok: true; kind: PageKind; text: string; note?: string } | { ok: false; message: string };

/** `text/html; charset=utf-8` → its media type and charset, lower case. */
export function parseContentType(header: string | null): { type: string; charset: string | null } {
  if (!header) return { type: '', charset: null };
  const [type = '', ...params] = header.split(';');
  const charset = params
    .map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(param)?.[1])
    .find((value) => value !== undefined);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null };
}

/** Which reader a body gets by its media type, sniffing only where the server did not say or said "bytes". */
export function pageKind(type: string, body: Uint8Array): PageKind | null {
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/json' || type === 'text/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('text/') || type === 'application/xml' || type.endsWith('+xml')) return 'text';
  if (type !== '' && type !== 'application/octet-stream') return null;
  const head = Buffer.from(body.subarray(0, 1024)).toString('latin1');
  if (head.startsWith('%PDF-')) return 'pdf';
  if (type !== '') return null;
  if (/^\s*(?:<!doctype html|<html)/i.test(head)) return 'html';
  return body.subarray(0, 8192).includes(0) ? null : 'text';
}

/** The charset an HTML page names in its first 1024 bytes (`<meta charset>` or the http-equiv form). */
function metaCharset(body: Uint8Array): string | null {
  const head = Buffer.from(body.subarray(0, 1024)).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? null;
}

/** Bytes as text in the named charset; a BOM wins, an unknown label falls back to UTF-8. */
export function decodeBody(body: Uint8Array, charset: string | null): string {
  let label = charset ?? 'utf-8';
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8';
  else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le';
  else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** A link's absolute URL, or '' (no link text) for `javascript:` and the like. */
function absoluteHref(href: string, pageUrl: unknown): string {
  try {
    const url = new URL(href, typeof pageUrl === 'string' ? pageUrl : undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : '';
  } catch {
    return '';
  }
}

let htmlConverter: ((html: string, pageUrl: string) => string) | undefined;

/** html-to-text compiled once per worker (options are read on each call of convert, a measurable part of a page). */
function converter(): (html: string, pageUrl: string) => string {
  htmlConverter ??= compile({
    wordwrap: false,
    selectors: [
      {
        selector: 'a',
        options: { pathRewrite: absoluteHref, hideLinkHrefIfSameAsText: true, noAnchorUrl: true },
      },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      // Headings keep their case: html-to-text upper-cases them by default, which reads as shouting to a model.
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
    // The compiled function takes the metadata (here the page's URL) that convert() would; its typings leave it out.
  }) as (html: string, pageUrl: string) => string;
  return htmlConverter;
}

/** HTML as text: no wrapping, scripts and images left out, each link's absolute URL after its text. */
export function htmlToText(html: string, pageUrl: string): string {
  return converter()(html, pageUrl);
}

function prettyJson(text: string, truncated: boolean): { text: string; note?: string } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { text, note: truncated ? 'the JSON was cut at the byte cap, so it is shown as sent' : 'not valid JSON' };
  }
}

async function pdfText(body: Uint8Array, url: string): Promise<PageText> {
  try {
    const pages = await extractPdf(body, url, extractLimits(body.length));
    const text = pages.map((page) => `--- page ${page.page ?? 1} ---\n${page.text.trim()}`).join('\n\n');
    return { ok: true, kind: 'pdf', text };
  } catch (error) {
    if (error instanceof ExtractFailure) return { ok: false, message: error.message };
    throw error;
  }
}

/** The body of a fetched page as text for the model, or why it has none. */
export async function pageText(page: {
  body: Uint8Array;
  contentType: string | null;
  finalUrl: string;
  truncated: boolean;
  maxBytes: number;
}): Promise<PageText> {
  const { type, charset } = parseContentType(page.contentType);
  const kind = pageKind(type, page.body);
  if (kind === null)
    return {
      ok: false,
      message: `${page.finalUrl} is ${type || 'binary data'}; web_fetch reads only HTML, text, JSON and PDF`,
    };
  if (kind === 'pdf') {
    if (page.truncated)
      return {
        ok: false,
        message: `${page.finalUrl} is a PDF larger than ${page.maxBytes / 1024 / 1024} MB, more than web_fetch reads`,
      };
    return pdfText(page.body, page.finalUrl);
  }
  const text = decodeBody(page.body, charset ?? (kind === 'html' ? metaCharset(page.body) : null));
  if (kind === 'html') return { ok: true, kind, text: htmlToText(text, page.finalUrl) };
  if (kind === 'json') return { ok: true, kind, ...prettyJson(text, page.truncated) };
  return { ok: true, kind, text };
}
