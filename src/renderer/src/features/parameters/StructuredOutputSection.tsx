import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { SchemaProblem } from '@shared/chat/structured-output';
import { useAppModel } from '../../app-model';
import { useT, type Translate } from '../../i18n';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { FilePickButton } from '../../ui/FilePickButton';
import { Field } from '../../ui/form-fields';
import { createStructuredOutputEditor, type SchemaDraftCheck } from './structured-output-editor';

const MODES = [
  { mode: 'off', key: 'structured.off', testId: 'structured-mode-off' },
  { mode: 'schema', key: 'structured.schema', testId: 'structured-mode-schema' },
] as const;

/**
 * "Structured output": the JSON schema this conversation's answers must fit, whichever scope the panel shows (a
 * schema belongs to one conversation, never to the defaults). What is wrong with a schema is said under it as it is
 * typed, before anything is sent.
 */
export function StructuredOutputSection() {
  const t = useT();
  const { api, chat } = useAppModel();
  const [editor] = useState(() =>
    createStructuredOutputEditor({
      api,
      current: chat.structuredOutput,
      conversationId: () => chat.conversation.getState().id,
    }),
  );
  useEffect(() => editor.start(), [editor]);
  const { mode, text, check, inUse, error } = useStore(editor.store);
  const problem = problemText(t, check);
  return (
    <section className="side-section structured-output" data-testid="structured-output">
      <h3>{t('structured.title')}</h3>
      <p className="muted small side-note">{t('structured.note')}</p>
      <div className="segmented" role="radiogroup" aria-label={t('structured.mode')}>
        {MODES.map((item) => (
          <button
            key={item.mode}
            type="button"
            role="radio"
            aria-checked={mode === item.mode}
            className={mode === item.mode ? 'is-active' : ''}
            data-testid={item.testId}
            onClick={() => editor.setMode(item.mode)}
          >
            {t(item.key)}
          </button>
        ))}
      </div>
      {mode === 'schema' && (
        <>
          <Field label={t('structured.schemaLabel')} hint={t('structured.schemaHint')}>
            {(id, describedBy) => (
              <textarea
                id={id}
                className="input textarea mono"
                rows={10}
                value={text}
                spellCheck={false}
                aria-invalid={problem !== null}
                aria-describedby={describedBy}
                data-testid="structured-schema"
                onChange={(event) => editor.setText(event.target.value)}
              />
            )}
          </Field>
          {problem !== null && (
            <p className="inline-error" role="alert" data-testid="structured-problem">
              {problem}
            </p>
          )}
          <div className="structured-actions">
            <FilePickButton
              label={t('structured.load')}
              accept=".json,application/json"
              testId="structured-load"
              inputTestId="structured-file"
              onPick={(file) => void editor.loadFile(file)}
            />
            <button
              type="button"
              className="btn btn-small btn-primary"
              data-testid="structured-apply"
              disabled={check.state !== 'ok' || inUse}
              onClick={() => void editor.apply()}
            >
              {t('structured.apply')}
            </button>
          </div>
          <p className="muted small" role="status" data-testid="structured-status" data-in-use={inUse}>
            {check.state === 'checking'
              ? t('structured.checking')
              : inUse
                ? t('structured.inUse')
                : check.state === 'ok'
                  ? t('structured.notInUse')
                  : ''}
          </p>
        </>
      )}
      {error && (
        <p className="inline-error" role="alert" data-testid="structured-error">
          {appErrorTextWithCause(t, error)}
        </p>
      )}
    </section>
  );
}

/** Why the text cannot be used, in one sentence; null while it is empty, being checked or fine. */
export function problemText(t: Translate, check: SchemaDraftCheck): string | null {
  switch (check.state) {
    case 'problem':
      return schemaProblemText(t, check.problem);
    case 'unreadable':
      return t('structured.fileUnreadable', { name: check.fileName });
    case 'failed':
      return appErrorTextWithCause(t, check.error);
    default:
      return null;
  }
}

function schemaProblemText(t: Translate, problem: SchemaProblem): string {
  switch (problem.reason) {
    case 'not_json':
      return t('structured.problem.not_json', { message: problem.message });
    case 'not_object':
      return t('structured.problem.not_object');
    case 'too_large':
      return t('structured.problem.too_large', { limit: problem.limit });
    case 'not_schema':
      return t('structured.problem.not_schema', { path: problem.path, message: problem.message });
  }
}
