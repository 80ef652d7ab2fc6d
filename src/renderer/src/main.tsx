// First, before any component module: installs React Fast Refresh in dev as a module.
// Vite's default inline preamble is blocked by Electron's header CSP (script-src 'self');
// in a production build this import is empty.
import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppModel } from './app-model';
import { getPlatform, type Platform } from './platform';
import { loadFirstCatalog } from './i18n';
import './styles/theme.css';
import './styles/app.css';

async function choosePlatform(): Promise<Platform> {
  // `?demo[=scenario]` in a dev build renders against the in-memory platform, for UI work
  // and screenshots without a core. The branch and its import vanish from production builds.
  const demo = new URLSearchParams(window.location.search).get('demo');
  if (import.meta.env.DEV && demo !== null) {
    const { createDemoPlatform } = await import('./platform/demo-platform');
    return createDemoPlatform(demo);
  }
  return getPlatform();
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const [platform] = await Promise.all([choosePlatform(), loadFirstCatalog()]);
  const model = createAppModel(platform);
  // Started before React renders: the first requests (status, settings, history) are on their way while the first
  // screen is drawn, not after its effects run. The page lives as long as the model, so nothing stops it.
  model.start();
  createRoot(container).render(
    <StrictMode>
      <App model={model} />
    </StrictMode>,
  );
}

void start();
