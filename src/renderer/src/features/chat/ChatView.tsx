import { useMemo } from 'react';
import { useT } from '../../i18n';
import { ParametersPanel } from '../parameters/ParametersPanel';
import { useSettingsStore } from '../settings/use-settings-store';
import { useBackendStatus } from '../status/use-status-store';
import { ChatList } from './ChatList';
import { ChatToolbar } from './ChatToolbar';
import { CompletionPane } from './CompletionPane';
import { Composer } from './Composer';
import { EmptyChat } from './EmptyChat';
import { HeldEndpointBar } from './HeldEndpointBar';
import { describeEndpoint } from './endpoint-label';
import { usePoolModel } from '../pool/use-pool-model';
import { endpointModel, speakerNames } from './speaker-names';
import { useChatMode, useConversation, useServerProps } from './use-chat-store';
import './chat.css';

/** The conversation: the home page once a model is ready or a link endpoint is chosen. */
export function ChatView() {
  const t = useT();
  const { settings } = useSettingsStore();
  const status = useBackendStatus();
  const props = useServerProps();
  const { items, branches, activeRequestId } = useConversation();
  const [mode] = useChatMode();
  const endpoint = describeEndpoint(settings, status, props, usePoolModel());
  const chat = settings?.chat;
  // userName/modelName are the completion template's role names, not names to show here.
  const modelName = endpointModel(endpoint);
  const names = useMemo(() => speakerNames(t, modelName), [modelName, t]);
  const sendKey = chat?.sendKey ?? 'ctrl-enter';
  const disabledReason =
    endpoint.kind === 'missing'
      ? t('chat.disabled.missingLink')
      : endpoint.kind === 'local' && !endpoint.ready
        ? t('chat.disabled.noModel')
        : null;
  const nCtx = endpoint.kind === 'local' ? (props?.nCtx ?? null) : null;
  const busy = activeRequestId !== null;

  return (
    // The Parameters panel docks beside the conversation, so it can stay open while chatting.
    <div className="chat-dock">
      <section className="chat-view" data-testid="chat-view" data-mode={mode}>
        {/* The page's one top heading, for screen readers' heading list; the toolbar shows the rest. */}
        <h1 className="sr-only">{t('chat.heading')}</h1>
        <ChatToolbar busy={busy} hasMessages={items.length > 0} />
        {mode === 'chat' ? (
          <>
            <ChatList
              items={items}
              branches={branches}
              busy={busy}
              names={names}
              sendKey={sendKey}
              empty={<EmptyChat endpoint={endpoint} />}
            />
            <HeldEndpointBar />
            <Composer busy={busy} sendKey={sendKey} disabledReason={disabledReason} />
          </>
        ) : (
          <CompletionPane sendKey={sendKey} disabledReason={disabledReason} nCtx={nCtx} />
        )}
      </section>
      <ParametersPanel />
    </div>
  );
}
