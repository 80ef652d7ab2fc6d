import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppModel } from '../../app-model';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { isAtBottom, StickToBottom } from '../../ui/stick-to-bottom';
import { AnswerMessage } from './AnswerMessage';
import { siblingPosition, type Branches } from './branches';
import type { ChatItem } from './conversation';
import { UserMessage } from './UserMessage';
import { summaryOnItems } from './summaries';
import { SummaryMarker } from './SummaryMarker';

interface Props {
  items: readonly ChatItem[];
  branches: Branches;
  busy: boolean;
  names: { user: string; model: string };
  sendKey: 'ctrl-enter' | 'enter';
  /** shown instead of the list while it is empty */
  empty: ReactNode;
}

/** Rows before a first measurement; real heights replace it as rows render. */
const ESTIMATED_ROW_PX = 140;

/**
 * The conversation, virtualised: only the rows near the viewport exist in the DOM, each
 * measured as it renders, so a chat of 100k tokens scrolls like a short one. While an
 * answer streams the list follows it, unless the user scrolled up to read.
 */
export function ChatList({ items, branches, busy, names, sendKey, empty }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [stick] = useState(() => new StickToBottom());
  const [sticking, setSticking] = useState(true);
  // Not following is not enough for "↓ Latest": a search hit in a short chat, or a shorter chat opened after
  // scrolling up, leaves the end in view with nothing below to jump to.
  const [endInView, setEndInView] = useState(true);
  const measureEnd = (): void => {
    if (box.current) setEndInView(isAtBottom(box.current));
  };
  // We do not use the React Compiler; the virtualizer re-renders this component itself when sizes change.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => box.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 4,
    paddingStart: 16,
    paddingEnd: 24,
    // A row that grows (the streaming answer, measured by the virtualizer's ResizeObserver) and
    // a scroll within the same rows move the rows and the list's height in the DOM directly,
    // inside the frame that measured them: re-rendering the list for each made every streamed
    // paint two or three frames of work. React renders only when the rows in view change.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    // A row grew with no render of ours (an image or the math fonts arriving): keep following the end.
    // Scrolls come here too, with sync = true.
    onChange: (_instance, sync) => {
      if (!sync) stick.follow(box.current);
      measureEnd();
    },
  });

  // A search hit opened here: scroll to it and stop following the end.
  const { chat } = useAppModel();
  const focus = useStore(chat.focus);
  // The messages a summary stands in for stay on screen, dimmed, with a line under the last of them.
  const summaries = useStore(chat.summaries);
  const summarised = useMemo(() => summaryOnItems(summaries, items), [summaries, items]);
  useEffect(() => {
    const index = focus === null ? -1 : items.findIndex((item) => item.id === focus);
    if (index < 0) return;
    stick.set(false);
    setSticking(false);
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focus, items, virtualizer, stick]);

  // Every render: a new item, or new text in the streaming answer (the scroll height already
  // counts the grown row, which overflows the rows box until the virtualizer measures it).
  useLayoutEffect(() => {
    stick.follow(box.current);
    measureEnd();
  });

  const onScroll = (): void => {
    if (box.current) setSticking(stick.scrolled(box.current));
    measureEnd();
  };

  const jumpToEnd = (): void => {
    stick.set(true);
    setSticking(true);
    if (items.length > 0) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  };

  const lastIndex = items.length - 1;
  return (
    <div className="chat-frame">
      <div className="chat-scroll" ref={box} onScroll={onScroll} data-testid="chat-list" data-sticky={sticking}>
        {items.length === 0 ? (
          empty
        ) : (
          <div className="chat-rows" ref={virtualizer.containerRef}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = items[row.index];
              if (!item) return null;
              const branch = siblingPosition(branches, item.parentId, item.id);
              const covered = summarised !== null && row.index <= summarised.index;
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  className={item.id === focus ? 'chat-row focused' : 'chat-row'}
                  data-focused={item.id === focus || undefined}
                  data-summarised={covered || undefined}
                  title={covered ? t('chat.summary.label') : undefined}
                >
                  {item.kind === 'user' ? (
                    <UserMessage
                      item={item}
                      name={names.user}
                      busy={busy}
                      sendKey={sendKey}
                      branchIndex={branch?.index ?? 0}
                      branchCount={branch?.count ?? 1}
                    />
                  ) : (
                    <AnswerMessage
                      item={item}
                      name={names.model}
                      isLast={row.index === lastIndex}
                      busy={busy}
                      branchIndex={branch?.index ?? 0}
                      branchCount={branch?.count ?? 1}
                    />
                  )}
                  {summarised && row.index === summarised.index && <SummaryMarker summary={summarised.summary} />}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {!sticking && !endInView && items.length > 0 && (
        <button type="button" className="btn btn-small jump-latest" data-testid="chat-jump" onClick={jumpToEnd}>
          {t('log.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
