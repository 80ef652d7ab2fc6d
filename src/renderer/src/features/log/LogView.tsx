import { useDeferredValue, useMemo, useState } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { copyText } from '../../lib/copy-text';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { filterLogLines, logText } from './log-lines';
import { LogList } from './LogList';
import { useLogStore } from './use-log-store';
import './log.css';

/** 模型日志: everything llama-server and EVA printed about the current model. */
export function LogView() {
  const t = useT();
  const { notices } = useAppModel();
  const { lines, error } = useLogStore();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => filterLogLines(lines, deferredQuery), [lines, deferredQuery]);
  const [copied, setCopied] = useState<number | null>(null);

  const copy = async (): Promise<void> => {
    const ok = await copyText(logText(visible));
    if (ok) setCopied(visible.length);
    else notices.push({ level: 'warning', code: 'copy_failed', message: t('log.copyFailed') });
  };

  return (
    <section className="page log-page">
      <div className="page-head">
        <h1>{t('log.title')}</h1>
        <div className="toolbar">
          <input
            type="search"
            className="input log-search"
            placeholder={t('log.search')}
            aria-label={t('log.search')}
            data-testid="log-search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setCopied(null);
            }}
          />
          <span className="muted small" data-testid="log-count">
            {query.trim() === ''
              ? t('log.count', { count: lines.length })
              : t('log.countFiltered', { shown: visible.length, count: lines.length })}
          </span>
          <button
            type="button"
            className="btn"
            data-testid="log-copy"
            onClick={() => void copy()}
            disabled={visible.length === 0}
          >
            {copied === null ? t('log.copy') : t('log.copied', { count: copied })}
          </button>
        </div>
      </div>
      {error && <AppErrorLine error={error} testId="log-error" />}
      <LogList lines={visible} />
    </section>
  );
}
