import { useEffect, useMemo } from 'react';
import { AppModelContext, type AppModel, type View } from './app-model';
import { AboutView } from './features/about/AboutView';
import { LoadDialog } from './features/load/LoadDialog';
import { LogView } from './features/log/LogView';
import { HotkeyListener } from './features/hotkeys/HotkeyListener';
import { HotkeysPanel } from './features/hotkeys/HotkeysPanel';
import { ScreenshotLayer } from './features/screenshot/ScreenshotLayer';
import { VoiceLayer } from './features/voice/VoiceLayer';
import { VoicePanel } from './features/voice/VoicePanel';
import { McpView } from './features/mcp/McpView';
import { KnowledgeView } from './features/knowledge/KnowledgeView';
import { WorkshopView } from './features/workshop/WorkshopView';
import { ImagesView } from './features/images/ImagesView';
import { ModelInfoView } from './features/model-info/ModelInfoView';
import { SettingsPage } from './features/settings/SettingsPage';
import { SettingsShortcut } from './features/settings/SettingsShortcut';
import { Notices } from './features/notices/Notices';
import { OutboundLinkLayer } from './features/outbound-links/OutboundLinkLayer';
import { ConnectionBanner, ExpiredAddress } from './features/frame/ConnectionBanner';
import { ExpendTabs } from './features/frame/ExpendTabs';
import { HomeView } from './features/frame/HomeView';
import { SidebarProvider } from './features/frame/SidebarProvider';
import { ALWAYS_OPEN } from './features/frame/use-frame';
import { TopBar } from './features/frame/TopBar';
import { StatusBar } from './features/status/StatusBar';
import { ToolsPanel } from './features/tools/ToolsPanel';
import { createTranslator, I18nContext, resolveLanguage } from './i18n';
import { useStore } from 'zustand';
import { DefaultPromptLanguage } from './features/parameters/DefaultPromptLanguage';

const PAGES: Record<View, () => React.JSX.Element> = {
  home: HomeView,
  log: LogView,
  mcp: McpView,
  knowledge: KnowledgeView,
  'model-info': ModelInfoView,
  workshop: WorkshopView,
  images: ImagesView,
  about: AboutView,
  settings: SettingsPage,
};

export function App({ model }: { model: AppModel }) {
  useEffect(() => model.start(), [model]);
  const settings = useStore(model.app.store, (state) => state.settings);
  const info = useStore(model.app.store, (state) => state.info);
  const view = useStore(model.view);
  const language = resolveLanguage(settings?.language ?? 'auto', navigator.language, info?.systemLanguage);
  const i18n = useMemo(() => ({ language, t: createTranslator(language) }), [language]);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);

  const connection = useStore(model.connection ?? ALWAYS_OPEN);
  const Page = PAGES[view];

  // An address that cannot reach EVA: nothing else on the page could work, or tell the truth.
  if (connection === 'expired') {
    return (
      <I18nContext.Provider value={i18n}>
        <main className="main">
          <ExpiredAddress />
        </main>
      </I18nContext.Provider>
    );
  }

  return (
    <AppModelContext.Provider value={model}>
      <I18nContext.Provider value={i18n}>
        <SidebarProvider>
          <div className="app">
            <TopBar />
            <ConnectionBanner />
            <ExpendTabs />
            <main className="main">
              <Page />
            </main>
            <StatusBar />
          </div>
        </SidebarProvider>
        <LoadDialog />
        <ToolsPanel />
        <HotkeysPanel />
        <HotkeyListener />
        <SettingsShortcut />
        <DefaultPromptLanguage />
        <ScreenshotLayer />
        <VoiceLayer />
        <VoicePanel />
        <Notices />
        <OutboundLinkLayer />
      </I18nContext.Provider>
    </AppModelContext.Provider>
  );
}
