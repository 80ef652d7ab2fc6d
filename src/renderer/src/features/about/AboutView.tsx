import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { useSettingsStore } from '../settings/use-settings-store';
import { BackendCard } from './BackendCard';
import { gpuLabel } from '../backends/backend-labels';
import { useDiscovery } from '../backends/use-discovery-store';
import { ImageEngineCard } from '../images/ImageEngineCard';
import './about.css';

export function AboutView() {
  const t = useT();
  const { discovery } = useAppModel();
  const { info } = useSettingsStore();
  const { backends, gpus, gpuProbeError, loading, error } = useDiscovery();

  return (
    <section className="page about-page" data-testid="about">
      <div className="page-head">
        <h1>{t('about.title')}</h1>
        <button
          type="button"
          className="btn"
          onClick={() => void discovery.refresh()}
          disabled={loading}
          data-testid="about-refresh"
        >
          {loading ? t('about.scanning') : t('about.rescan')}
        </button>
      </div>
      <div className="card">
        <dl className="facts facts-wide">
          <div>
            <dt>{t('about.version')}</dt>
            <dd data-testid="about-version">{info?.version ?? '…'}</dd>
          </div>
          <div>
            <dt>{t('about.host')}</dt>
            <dd>{info ? t(info.host === 'electron' ? 'about.host.electron' : 'about.host.browser') : '…'}</dd>
          </div>
          <div>
            <dt>{t('about.platform')}</dt>
            <dd>{info?.platform ?? '…'}</dd>
          </div>
          <div>
            <dt>{t('about.dataDir')}</dt>
            <dd className="mono">{info?.dataDir ?? '…'}</dd>
          </div>
        </dl>
      </div>

      <h2 className="section-heading">{t('about.gpus')}</h2>
      <div className="card">
        {gpus.length === 0 && gpuProbeError ? (
          <p className="muted" data-testid="about-gpu-probe-error">
            {t('about.gpuProbeFailed', { cause: gpuProbeError })}
          </p>
        ) : gpus.length === 0 ? (
          <p className="muted">{t('about.noGpus')}</p>
        ) : (
          <ul className="plain-list" data-testid="about-gpus">
            {gpus.map((gpu, index) => (
              <li key={`${gpu.source}-${index}`}>
                {gpuLabel(gpu)} <span className="muted small">({gpu.source})</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <h2 className="section-heading">{t('about.backends')}</h2>
      {error && <AppErrorLine error={error} testId="about-error" />}
      {backends !== null && backends.length === 0 && <p className="muted">{t('about.noBackends')}</p>}
      <div className="backend-grid">
        {(backends ?? []).map((backend) => (
          <BackendCard key={backend.kind} backend={backend} />
        ))}
      </div>

      <h2 className="section-heading">{t('about.sdCli')}</h2>
      <ImageEngineCard />
    </section>
  );
}
