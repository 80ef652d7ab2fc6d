import { memo, useMemo } from 'react';
import { answerJsonText, type SchemaCheck } from '@shared/chat/structured-output';
import { useT, type Translate } from '../../i18n';
import { Markdown } from './Markdown';

/**
 * A finished answer of a conversation that requires a JSON schema: the JSON pretty-printed in a code block (the
 * markdown renderer's, so it is highlighted and has its Copy button), under one line that says whether it fits the
 * schema and, where it does not, the first place it does not. An answer that is no JSON at all is shown as it came.
 */
export const StructuredAnswer = memo(function StructuredAnswer({
  content,
  check,
}: {
  content: string;
  check: SchemaCheck;
}) {
  const t = useT();
  const pretty = useMemo(() => prettyJson(content), [content]);
  return (
    <div className="structured-answer" data-testid="structured-answer" data-fits={check.fits}>
      <p
        className={check.fits ? 'structured-answer-status muted small' : 'structured-answer-status msg-note'}
        role="status"
        data-testid="structured-answer-status"
      >
        {checkText(t, check)}
      </p>
      <Markdown text={pretty === null ? content : fenced(pretty)} />
    </div>
  );
});

/** The sentence for a check: it fits, or why not. */
export function checkText(t: Translate, check: SchemaCheck): string {
  if (check.fits) return t('structured.answer.fits');
  switch (check.reason) {
    case 'not_json':
      return t('structured.answer.notJson', { message: check.message });
    case 'cut_off':
      return t('structured.answer.cutOff');
    case 'mismatch':
      return t('structured.answer.mismatch', { path: check.path, words: mismatchWords(t, check) });
  }
}

/** ajv's first error in the page's language for the keywords schemas fail most; ajv's own words for the rest. */
function mismatchWords(t: Translate, check: Extract<SchemaCheck, { reason: 'mismatch' }>): string {
  const params = check.params ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  switch (check.keyword) {
    case 'required': {
      const property = text(params.missingProperty);
      return property === null ? check.message : t('structured.words.required', { property });
    }
    case 'additionalProperties': {
      const property = text(params.additionalProperty);
      return property === null ? check.message : t('structured.words.additionalProperties', { property });
    }
    case 'type': {
      const type = Array.isArray(params.type) ? params.type.join(' | ') : text(params.type);
      return type === null ? check.message : t('structured.words.type', { type });
    }
    case 'enum':
      return Array.isArray(params.allowedValues)
        ? t('structured.words.enum', { values: params.allowedValues.map((value) => JSON.stringify(value)).join(', ') })
        : check.message;
    default:
      return check.message;
  }
}

/** The answer's JSON laid out with two-space indents; null when it is not JSON. */
export function prettyJson(content: string): string | null {
  try {
    return JSON.stringify(JSON.parse(answerJsonText(content)), null, 2);
  } catch {
    return null;
  }
}

/** A ```json block that no run of backticks inside a string can close early. */
function fenced(json: string): string {
  const longest = Math.max(0, ...[...json.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}json\n${json}\n${fence}`;
}
