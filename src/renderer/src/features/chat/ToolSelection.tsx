// Beside the Tools switch: which tools this conversation offers the model, and
// what their list costs. A popover groups the tools by where they come from (the
// built-ins, then each MCP server) with a checkbox per tool and all/none per
// group; the button shows the tool list's token count (tool-prompt-model.ts).
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { TokenCount } from '@shared/chat/context-types';
import type { OfferableTool } from '@shared/tools/agent/tools-prompt';
import {
  applyToolSelection,
  setServer,
  setTools,
  toggleTool,
  type ToolSelection as Selection,
} from '@shared/tools/tool-selection';
import { useAppModel } from '../../app-model';
import { useT, type Translate } from '../../i18n';
import { formatCount } from '../../lib/format';
import { usePopover } from '../../lib/use-popover';
import { setConversationToolSelection } from './conversation-tool-selection';
import type { ToolPromptModel } from './tool-prompt-model';

interface Group {
  /** null: the built-ins */
  server: string | null;
  tools: OfferableTool[];
}

function groupsOf(tools: readonly OfferableTool[]): Group[] {
  const groups: Group[] = [];
  for (const tool of tools) {
    if (tool.fixed) continue;
    const group =
      groups.find((candidate) => candidate.server === tool.server) ??
      groups[groups.push({ server: tool.server, tools: [] }) - 1];
    group?.tools.push(tool);
  }
  return groups;
}

function countText(t: Translate, count: TokenCount | null): string {
  if (!count) return t('chat.context.counting');
  return t(count.exact ? 'chat.tools.tokens' : 'chat.tools.tokensEstimate', { tokens: formatCount(count.tokens) });
}

export function ToolSelection({ model, disabled }: { model: ToolPromptModel; disabled: boolean }) {
  const t = useT();
  const { api, chat } = useAppModel();
  const { preview, selected, all } = useStore(model.state);
  const selection = useStore(chat.toolSelection);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  usePopover({ open, onClose: () => setOpen(false), trigger: button, popover, align: 'start' });

  const current: Selection = selection ?? { off: [] };
  // From the selection itself, not the counted preview: a box follows its click at once, the count a moment later.
  const available = preview?.available ?? [];
  const offered = new Set(
    applyToolSelection(
      available.map((tool) => ({ ...tool, final: tool.fixed })),
      current.off,
    ).map((tool) => tool.name),
  );
  const choose = (next: Selection): void => void setConversationToolSelection(api, chat, next);
  const groups = groupsOf(available);
  const chosen = available.filter((tool) => !tool.fixed && offered.has(tool.name)).length;
  const choosable = available.filter((tool) => !tool.fixed).length;

  return (
    <div className="tool-selection">
      <button
        type="button"
        ref={button}
        className="btn btn-ghost btn-small tool-selection-button"
        data-testid="tool-selection-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={disabled}
        title={t('chat.tools.choose.title')}
        onClick={() => setOpen((was) => !was)}
      >
        {t('chat.tools.choose', { chosen, total: choosable })}
        <span className="muted" data-testid="tool-selection-count">
          {' · '}
          {countText(t, selected)}
        </span>
      </button>
      {open && (
        <div
          className="tool-selection-popover"
          ref={popover}
          tabIndex={-1}
          role="dialog"
          aria-label={t('chat.tools.choose.title')}
          data-testid="tool-selection-popover"
        >
          <p className="small" data-testid="tool-selection-summary">
            {t('chat.tools.listSize', { size: countText(t, selected) })}
            {selection && all && (
              <span className="muted"> {t('chat.tools.listSizeAll', { size: countText(t, all) })}</span>
            )}
          </p>
          <p className="small muted">{t('chat.tools.choose.hint')}</p>
          {groups.length === 0 && <p className="small muted">{t('chat.tools.none')}</p>}
          {groups.map((group) => {
            const names = group.tools.map((tool) => tool.name);
            const label = group.server ?? t('chat.tools.builtin');
            const setAll = (on: boolean): void =>
              choose(group.server === null ? setTools(current, names, on) : setServer(current, group.server, on));
            return (
              <fieldset
                key={group.server ?? ''}
                className="tool-group"
                data-testid="tool-group"
                data-server={group.server ?? 'builtin'}
              >
                <legend className="tool-group-head">
                  <span className="tool-group-name">{label}</span>
                  <button
                    type="button"
                    className="tool-group-toggle small"
                    data-testid="tool-group-all"
                    aria-label={t('chat.tools.allOf', { group: label })}
                    onClick={() => setAll(true)}
                  >
                    {t('chat.tools.all')}
                  </button>
                  <button
                    type="button"
                    className="tool-group-toggle small"
                    data-testid="tool-group-none"
                    aria-label={t('chat.tools.noneOf', { group: label })}
                    onClick={() => setAll(false)}
                  >
                    {t('chat.tools.noneShort')}
                  </button>
                </legend>
                {group.tools.map((tool) => (
                  <label key={tool.name} className="tool-choice" title={tool.description}>
                    <input
                      type="checkbox"
                      data-testid="tool-choice"
                      data-tool={tool.name}
                      checked={offered.has(tool.name)}
                      onChange={(event) => choose(toggleTool(current, tool.name, event.target.checked, names))}
                    />
                    <span className="tool-choice-name">
                      {group.server === null ? tool.name : tool.name.slice(group.server.length + 1)}
                    </span>
                    <span className="muted small">
                      {t('chat.tools.toolTokens', { tokens: formatCount(tool.estimatedTokens) })}
                    </span>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      )}
    </div>
  );
}
