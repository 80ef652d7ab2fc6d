import { useMemo } from 'react';
import type { ToolPreview } from '@shared/tools/agent/agent-types';
import { segmentList } from '@shared/tools/command-safety/command-segments';
import { RevealedText } from './RevealedText';
import './command-segments.css';

/**
 * Under the exact command on an approval card: each command the line runs, word
 * by word as the guard split it, with how it is reached (`bash -c`, `command
 * substitution`, `find -exec`, …). Words are boxed rather than re-quoted, so
 * that where one word ends is plain to see, and shown like the command above
 * them: hidden characters as codes, in the order they run.
 */
export function CommandSegments({ preview }: { preview: ToolPreview }) {
  const list = useMemo(() => segmentList(preview), [preview]);
  if (!list) return null;
  return (
    <ol className="approval-segments" dir="ltr" data-testid="approval-segments">
      {list.rows.map((row) => (
        <li
          key={row.key}
          className="approval-segment"
          style={{ paddingInlineStart: `${row.depth * 14}px` }}
          data-via={row.via ?? ''}
        >
          {row.via && <span className="approval-via">{row.via}</span>}
          {row.words.map((word, index) => (
            <code key={index} className="approval-word">
              <RevealedText text={word} />
            </code>
          ))}
        </li>
      ))}
      {list.omitted > 0 && <li className="approval-segment muted">+{list.omitted}</li>}
    </ol>
  );
}
