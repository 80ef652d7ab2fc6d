import { useMemo } from 'react';
import { classifyDiffLines, diffCounts } from '@shared/tools/diff-lines';

/** A unified diff with added lines green and removed lines red; the counts say how big the change is. */
export function DiffView({ text }: { text: string }) {
  const lines = useMemo(() => classifyDiffLines(text), [text]);
  const { added, removed } = diffCounts(lines);
  return (
    <div className="diff-view">
      <p className="diff-counts" aria-hidden={added + removed === 0}>
        <span className="diff-count-add">+{added}</span> <span className="diff-count-del">−{removed}</span>
      </p>
      <pre className="diff" data-testid="approval-diff">
        {lines.map((line, index) => (
          <span key={index} className={`diff-line diff-${line.kind}`} data-kind={line.kind}>
            {line.text}
          </span>
        ))}
      </pre>
    </div>
  );
}
