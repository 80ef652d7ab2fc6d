import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { LogLine } from '../../../../shared/contract';
import { useT } from '../../i18n';
import { formatClock } from '../../lib/format';
import { stickAfterScroll } from './stick-to-bottom';

/** The scrolling list of log lines; follows new lines while the user is at the bottom. */
export function LogList({ lines }: { lines: readonly LogLine[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const lastTop = useRef(0);
  const [sticking, setSticking] = useState(true);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lines]);

  const onScroll = (): void => {
    const el = box.current;
    if (!el) return;
    const next = stickAfterScroll(stick.current, lastTop.current, el);
    lastTop.current = el.scrollTop;
    stick.current = next;
    setSticking(next);
  };

  const jumpToEnd = (): void => {
    const el = box.current;
    if (!el) return;
    stick.current = true;
    setSticking(true);
    el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="log-frame">
      <div className="log-list mono" ref={box} onScroll={onScroll} data-testid="log-list" data-sticky={sticking}>
        {lines.length === 0 ? <p className="log-empty muted">{t('log.empty')}</p> : lines.map((line) => <LogRow key={line.seq} line={line} />)}
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
