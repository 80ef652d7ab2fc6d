import { useEffect, useMemo } from 'react';
import { AppModelContext, type AppModel } from './app-model';
import { LoadWatch } from './features/load/LoadWatch';
import { HotkeyListener } from './features/hotkeys/HotkeyListener';
import { ScreenshotLayer } from './features/screenshot/ScreenshotLayer';
import { VoiceLayer } from './features/voice/VoiceLayer';
import { SettingsShortcut } from './features/settings/SettingsShortcut';
import { Notices } from './features/notices/Notices';
import { OutboundLinkLayer } from './features/outbound-links/OutboundLinkLayer';
import { ConnectionBanner, ExpiredAddress } from './features/frame/ConnectionBanner';
import { ExpendTabs } from './features/frame/ExpendTabs';
import { LaterPanel, PageFrame } from './features/frame/PageFrame';
import { SidebarProvider } from './features/frame/SidebarProvider';
import { ALWAYS_OPEN } from './features/frame/use-frame';
import { TopBar } from './features/frame/TopBar';
import { StatusBar } from './features/status/StatusBar';
import { createTranslator, I18nContext, useSpokenLanguage } from './i18n';
import { useStore } from 'zustand';
import { DefaultPromptLanguage } from './features/parameters/DefaultPromptLanguage';
import { PAGES, PANELS, preloadWhenIdle } from './lazy-views';

/** The page, for a model its creator has started (main.tsx). */
export function App({ model }: { model: AppModel }) {
  const settings = useStore(model.app.store, (state) => state.settings);
  const info = useStore(model.app.store, (state) => state.info);
  const view = useStore(model.view);
  const language = useSpokenLanguage(settings?.language, info?.systemLanguage);
  const i18n = useMemo(() => ({ language, t: createTranslator(language) }), [language]);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);

  const connection = useStore(model.connection ?? ALWAYS_OPEN);
  const Page = PAGES[view];
  // Once the first screen is settled (the backend's state is known, so the chat or the way to a model is shown), the
  // browser's idle time fetches what later screens need.
  const settled = useStore(model.status.store, (status) => status !== null);
  useEffect(() => (settled ? preloadWhenIdle() : undefined), [settled]);
  const toolsOpen = useStore(model.toolsPanel.store, (state) => state.open);
  const hotkeysOpen = useStore(model.hotkeys.panelOpen);
  const voiceOpen = useStore(model.voice.panelOpen);
  const loadOpen = useStore(model.load.store, (state) => state.open);

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
              <PageFrame key={view}>
                <Page />
              </PageFrame>
            </main>
            <StatusBar />
          </div>
        </SidebarProvider>
        <LoadWatch />
        <LaterPanel open={loadOpen}>
          <PANELS.load />
        </LaterPanel>
        <LaterPanel open={toolsOpen}>
          <PANELS.tools />
        </LaterPanel>
        <LaterPanel open={hotkeysOpen}>
          <PANELS.hotkeys />
        </LaterPanel>
        <HotkeyListener />
        <SettingsShortcut />
        <DefaultPromptLanguage />
        <ScreenshotLayer />
        <VoiceLayer />
        <LaterPanel open={voiceOpen}>
          <PANELS.voice />
        </LaterPanel>
        <Notices />
        <OutboundLinkLayer />
      </I18nContext.Provider>
    </AppModelContext.Provider>
  );
}
