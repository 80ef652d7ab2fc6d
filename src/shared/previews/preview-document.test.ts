// The preview document: its policy comes first and forbids every way to a network, and what the answer wrote is
// placed so it cannot get ahead of the policy or out of the script it travels in. Parsed with jsdom's HTML parser,
// as a browser would read it.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildPreviewDocument, inlineScript, scriptString } from './preview-document';
import {
  isPreviewDocument,
  PREVIEW_CONTENT_POLICY,
  PREVIEW_DOCUMENT_HEAD,
  PREVIEW_FRAME_POLICY,
} from './preview-policy';

const parse = (html: string): Document => new JSDOM(html).window.document;
const directives = (policy: string): Map<string, string> =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('the preview policy', () => {
  it('forbids every network, form, base and frame, and allows only inline scripts and styles', () => {
    const policy = directives(PREVIEW_CONTENT_POLICY);
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': "'none'",
      'script-src': "'unsafe-inline'",
      'style-src': "'unsafe-inline'",
      'img-src': 'data: blob:',
      'font-src': 'data:',
      'connect-src': "'none'",
      'form-action': "'none'",
      'base-uri': "'none'",
      'frame-src': "'none'",
    });
  });

  it('as a header, also sandboxes the frame document with scripts and nothing else', () => {
    expect(PREVIEW_FRAME_POLICY.startsWith('sandbox allow-scripts; ')).toBe(true);
    expect(PREVIEW_FRAME_POLICY.endsWith(PREVIEW_CONTENT_POLICY)).toBe(true);
  });
});

describe('buildPreviewDocument', () => {
  const hostile = '<meta http-equiv="Content-Security-Policy" content="default-src *"><base href="http://x/"><p>hi';

  it.each(['html', 'svg'] as const)('puts the policy first in the head of a %s document', (kind) => {
    const html = buildPreviewDocument({ kind, source: kind === 'svg' ? '<svg></svg>' : hostile });
    expect(html.startsWith(PREVIEW_DOCUMENT_HEAD)).toBe(true);
    expect(isPreviewDocument(html)).toBe(true);
    const first = parse(html).head.firstElementChild;
    expect(first?.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(first?.getAttribute('content')).toBe(PREVIEW_CONTENT_POLICY);
  });

  it("keeps the answer's HTML as written, after the policy: its own meta can only come second", () => {
    const doc = parse(buildPreviewDocument({ kind: 'html', source: `<!doctype html><html><head>${hostile}` }));
    const policies = [...doc.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')];
    expect(policies.map((meta) => meta.getAttribute('content'))).toEqual([PREVIEW_CONTENT_POLICY, 'default-src *']);
    expect(doc.head.firstElementChild).toBe(policies[0]);
    expect(doc.body.textContent).toBe('hi');
  });

  it('wraps an SVG in a page of its own, its markup as markup', () => {
    const doc = parse(buildPreviewDocument({ kind: 'svg', source: '<svg viewBox="0 0 4 4"><circle r="2"/></svg>' }));
    expect(doc.body.firstElementChild?.tagName.toLowerCase()).toBe('svg');
    expect(doc.querySelector('circle')).not.toBeNull();
  });

  it("carries a diagram's source as a string the script cannot be ended by, after the inlined renderer", () => {
    const source = 'graph TD\n  A["</script><script>parent.x=1</script>"] --> B\u2028';
    const doc = parse(
      buildPreviewDocument({ kind: 'mermaid', source, renderer: 'var mermaid = { s: "</script><!--" };' }),
    );
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    expect(scripts[0]?.textContent).toBe('var mermaid = { s: "\\x3C/script>\\x3C!--" };');
    expect(scripts[1]?.textContent).toContain("securityLevel: 'strict'");
    expect(scripts[1]?.textContent).toContain(scriptString(source));
    // The literal reads back as the source itself.
    const literal = /render\('eva-diagram', (".*")\)/.exec(scripts[1]?.textContent ?? '')?.[1] ?? '';
    expect(JSON.parse(literal)).toBe(source);
  });
});

describe('the inlining escapes', () => {
  it('scriptString leaves no < and no line separator, and means the same string', () => {
    const value = '</SCRIPT> <!-- \u2028\u2029 "quoted"';
    const literal = scriptString(value);
    expect(literal).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(literal)).toBe(value);
  });

  it('inlineScript escapes only what would end the element or change its parsing, case-insensitively', () => {
    expect(inlineScript('a<b; "</ScRiPt>"; /<script/; "<!--"')).toBe('a<b; "\\x3C/ScRiPt>"; /\\x3Cscript/; "\\x3C!--"');
    // \x3C in a string or a regex is the same character.
    expect(new Function(`return ${inlineScript('"</script>"')}`)()).toBe('</script>');
    expect(new RegExp(inlineScript('<script'), 'u').test('<script')).toBe(true);
  });
});
