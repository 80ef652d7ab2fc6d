import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { AttachmentTray } from './AttachmentTray';
import { ContextMeter, ContextRefusal } from './ContextMeter';
import { toContent } from './attachments';
import { isSendKey, keyInfo, sendHintKey } from './send-key';
import { useAttach } from './use-attach';
import { VoiceControls } from '../voice/VoiceControls';
import { KnowledgeToggle } from '../knowledge/KnowledgeToggle';
import { ResourcePicker } from './ResourcePicker';
import { SlashMenu, useSlashAria } from './SlashMenu';
import { ToolSelection } from './ToolSelection';
import { useComposerMcp } from './use-composer-mcp';
import './mcp-composer.css';
import './composer.css';

const ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,image/bmp,audio/wav,audio/x-wav,audio/mpeg,audio/ogg,audio/flac,.wav,.mp3,.ogg,.flac';
const MAX_INPUT_PX = 280;
const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** The message box: text, attachments, Send or Stop. */
export function Composer({
  busy,
  sendKey,
  disabledReason,
}: {
  busy: boolean;
  sendKey: 'ctrl-enter' | 'enter';
  disabledReason: string | null;
}) {
  const t = useT();
  const { chat } = useAppModel();
  const draft = useStore(chat.draft);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { add, refusal, clearRefusal } = useAttach();
  const useTools = useStore(chat.useTools);
  const conversationTools = useStore(chat.conversationTools);
  const [dragging, setDragging] = useState(false);
  const focusAsked = useStore(chat.composerFocus);
  // MCP: server prompts as slash commands, resources to attach, and the tool list's size.
  const mcp = useComposerMcp();
  const slashAria = useSlashAria(mcp.slash);
  const toolsCount = useStore(mcp.tools.state, (state) => state.selected);

  // A new chat or an opened conversation: typing goes straight into the message box.
  useEffect(() => {
    if (focusAsked > 0) input.current?.focus();
  }, [focusAsked]);

  // Grow with the text up to a limit, then scroll inside: the stylesheet's field-sizing does it
  // where the browser has it (Chromium, so Electron); elsewhere the height is measured here,
  // which forces a layout on every change (one at each send, while the model reads the prompt).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || SIZES_ITSELF) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_PX)}px`;
  }, [draft.text]);

  // The hidden file input is the same element at every render, so React leaves it alone: React 19
  // writes an input's name and type again each time it renders one, three attribute changes and a
  // style check per key typed and per send. The picked files go to the latest `add`.
  const addPicked = useRef(add);
  useLayoutEffect(() => {
    addPicked.current = add;
  });
  const pickerInput = useMemo(
    () => (
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept={ACCEPT}
        data-testid="chat-attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void addPicked.current(files);
        }}
      />
    ),
    [],
  );

  const canSend = !busy && disabledReason === null && (draft.text.trim() !== '' || draft.attachments.length > 0);
  const send = (): void => {
    if (!canSend) return;
    clearRefusal();
    // The store empties the draft once it accepts the send: a refused one keeps what was typed.
    void chat.send(toContent(draft.text, draft.attachments));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (!event.nativeEvent.isComposing && mcp.slash.key(event.key)) {
      event.preventDefault();
      return;
    }
    if (!isSendKey(keyInfo(event), sendKey)) return;
    event.preventDefault();
    send();
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    void add(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div
      className={`composer${dragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {refusal && (
        <p className="composer-notice" role="alert" data-testid="chat-attach-notice">
          {t(refusal.key, { name: refusal.name })}
          <button
            type="button"
            className="icon-btn icon-btn-small"
            aria-label={t('common.dismiss')}
            onClick={clearRefusal}
          >
            ×
          </button>
        </p>
      )}
      <ContextRefusal />
      <SlashMenu menu={mcp.slash} onClosed={() => input.current?.focus()} />
      <ResourcePicker picker={mcp.picker} />
      <div className="composer-box">
        <AttachmentTray
          attachments={draft.attachments}
          onRemove={(id) =>
            chat.draft.setState((d) => ({ ...d, attachments: d.attachments.filter((a) => a.id !== id) }), true)
          }
        />
        <textarea
          ref={input}
          className="composer-input"
          data-testid="chat-input"
          rows={1}
          value={draft.text}
          placeholder={disabledReason ?? t('chat.placeholder')}
          aria-label={t('chat.inputLabel')}
          {...slashAria}
          onChange={(event) => chat.draft.setState((d) => ({ ...d, text: event.target.value }), true)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <div className="composer-bar">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="chat-attach"
            title={t('chat.attach.title')}
            onClick={() => picker.current?.click()}
          >
            {t('chat.attach')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="chat-attach-mcp"
            title={t('chat.resources.open.title')}
            onClick={() => void mcp.picker.show()}
          >
            {t('chat.resources.open')}
          </button>
          {pickerInput}
          <VoiceControls input={input} />
          <label className="composer-tools" title={t('chat.tools.title')}>
            <input
              type="checkbox"
              data-testid="chat-tools-toggle"
              checked={useTools}
              disabled={busy}
              onChange={(event) => chat.useTools.setState(event.target.checked, true)}
            />
            <span>{t('chat.tools')}</span>
          </label>
          {useTools && (
            <label className="composer-tools" title={t('chat.controller.title')}>
              <input
                type="checkbox"
                data-testid="chat-controller-toggle"
                checked={conversationTools.includes('controller')}
                disabled={busy}
                onChange={(event) =>
                  chat.conversationTools.setState(
                    (tools) =>
                      event.target.checked
                        ? [...tools.filter((n) => n !== 'controller'), 'controller']
                        : tools.filter((n) => n !== 'controller'),
                    true,
                  )
                }
              />
              <span>{t('chat.controller')}</span>
            </label>
          )}
          {useTools && <ToolSelection model={mcp.tools} disabled={busy} />}
          <KnowledgeToggle disabled={busy} />
          <ContextMeter tools={useTools ? toolsCount : null} />
          <span className="composer-hint muted small">{t(sendHintKey(sendKey))}</span>
          {busy ? (
            <button type="button" className="btn btn-stop" data-testid="chat-stop" onClick={() => void chat.stop()}>
              <span className="stop-square" aria-hidden="true" />
              {t('chat.stop')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="chat-send"
              disabled={!canSend}
              onClick={send}
            >
              {t('chat.send')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
