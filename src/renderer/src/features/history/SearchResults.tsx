import type { SearchResult } from '@shared/history/types';
import { useT } from '../../i18n';
import { highlightSegments } from './highlight';

interface Props {
  results: SearchResult | null;
  query: string;
  onOpen(conversationId: string, messageId: string | null): void;
}

/** Hits over titles and full message text, the match marked; a click opens the conversation at the message. */
export function SearchResults({ results, query, onOpen }: Props) {
  const t = useT();
  if (!results) return <p className="muted small history-empty">{t('history.searching')}</p>;
  if (results.hits.length === 0) return <p className="muted small history-empty">{t('history.noResults', { query })}</p>;
  return (
    <ul className="history-results" data-testid="history-results">
      {results.hits.map((hit) => (
        <li key={`${hit.conversationId}/${hit.messageId ?? ''}`}>
          <button type="button" className="history-open" data-testid="history-result" data-conversation={hit.conversationId} data-message={hit.messageId ?? ''} onClick={() => onOpen(hit.conversationId, hit.messageId)}>
            <span className="history-title">{hit.title || t('history.untitled')}</span>
            <span className="history-preview">
              {highlightSegments(hit.snippet, hit.matches).map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
            </span>
          </button>
        </li>
      ))}
      {results.truncated && <li className="muted small history-empty">{t('history.moreResults')}</li>}
    </ul>
  );
}
