import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { LogLine } from '@shared/contract';
import { useT } from '../../i18n';
import { formatClock } from '../../lib/format';
import { StickToBottom } from '../../ui/stick-to-bottom';

/** The scrolling list of log lines; follows new lines while the user is at the bottom. */
export function LogList({ lines }: { lines: readonly LogLine[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [stick] = useState(() => new StickToBottom());
  const [sticking, setSticking] = useState(true);

  useLayoutEffect(() => stick.follow(box.current), [lines, stick]);

  const onScroll = (): void => {
    if (box.current) setSticking(stick.scrolled(box.current));
  };

  const jumpToEnd = (): void => {
    stick.set(true);
    setSticking(true);
    stick.follow(box.current);
  };

  return (
    <div className="log-frame">
      {/* Focusable, so the keyboard can scroll it; a region, not a live log, which would read out every line. */}
      <div
        className="log-list mono"
        ref={box}
        onScroll={onScroll}
        role="region"
        tabIndex={0}
        aria-label={t('topbar.log')}
        data-testid="log-list"
        data-sticky={sticking}
      >
        {lines.length === 0 ? (
          <p className="log-empty muted">{t('log.empty')}</p>
        ) : (
          lines.map((line) => <LogRow key={line.seq} line={line} />)
        )}
      </div>
      {!sticking && (
        <button type="button" className="btn btn-small jump-latest" data-testid="log-jump" onClick={jumpToEnd}>
          {t('log.jumpToLatest')}
        </button>
      )}
    </div>
  );
}

const LogRow = memo(function LogRow({ line }: { line: LogLine }) {
  return (
    <div className={`log-line stream-${line.stream}`} data-testid="log-line" data-stream={line.stream}>
      <span className="log-time">{formatClock(line.time)}</span>
      <span className="log-text">{line.text}</span>
    </div>
  );
});
