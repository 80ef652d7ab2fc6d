import { useState, type KeyboardEvent } from 'react';
import type { SearchResult } from '@shared/history/types';
import { useT } from '../../i18n';
import { highlightSegments } from './highlight';
import { isRovingKey, moveCursor, tabStop } from './roving';

interface Props {
  results: SearchResult | null;
  query: string;
  onOpen(conversationId: string, messageId: string | null): void;
}

// One row per conversation (the core merges a title hit into the conversation's message hit).
const keyOf = (hit: { conversationId: string }): string => hit.conversationId;

function Marked({ text, matches }: { text: string; matches: readonly { start: number; end: number }[] }) {
  return highlightSegments(text, matches).map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
  );
}

/**
 * Hits over titles and full message text, the match marked; a click or Enter opens the
 * conversation at the message. One Tab stop, like the list: ↑/↓/Home/End move between hits.
 */
export function SearchResults({ results, query, onOpen }: Props) {
  const t = useT();
  const [cursor, setCursor] = useState<string | null>(null);
  if (!results) return <p className="muted small history-empty">{t('history.searching')}</p>;
  if (results.hits.length === 0)
    return <p className="muted small history-empty">{t('history.noResults', { query })}</p>;
  const keys = results.hits.map(keyOf);
  const stop = tabStop(keys, cursor, null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    if (!isRovingKey(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? null;
    const next = moveCursor(keys, from, event.key);
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
    [...event.currentTarget.querySelectorAll<HTMLElement>('[data-key]')]
      .find((element) => element.dataset.key === next)
      ?.focus();
  };

  return (
    <ul
      className="history-results"
      data-testid="history-results"
      aria-label={t('history.search')}
      onKeyDown={onKeyDown}
    >
      {results.hits.map((hit) => (
        <li key={keyOf(hit)}>
          <button
            type="button"
            className="history-open"
            data-testid="history-result"
            data-key={keyOf(hit)}
            data-conversation={hit.conversationId}
            data-message={hit.messageId ?? ''}
            tabIndex={keyOf(hit) === stop ? 0 : -1}
            onFocus={() => setCursor(keyOf(hit))}
            onClick={() => onOpen(hit.conversationId, hit.messageId)}
          >
            <span className="history-title">
              {hit.title ? <Marked text={hit.title} matches={hit.titleMatches ?? []} /> : t('history.untitled')}
            </span>
            {hit.messageId !== null && (
              <span className="history-preview">
                <Marked text={hit.snippet} matches={hit.matches} />
              </span>
            )}
          </button>
        </li>
      ))}
      {results.truncated && <li className="muted small history-empty">{t('history.moreResults')}</li>}
    </ul>
  );
}
