import type { BackendInfo } from '@shared/contract';
import { useT } from '../../i18n';
import { backendLabel, shortCommit } from '../backends/backend-labels';

export function BackendCard({ backend }: { backend: BackendInfo }) {
  const t = useT();
  const { build } = backend;
  return (
    <article className="card backend-card" data-testid="about-backend" data-kind={backend.kind}>
      <header>
        <h3>{backendLabel(backend.kind)}</h3>
        {!backend.executable && <span className="badge err">{t('about.notExecutable')}</span>}
      </header>
      <dl className="facts facts-wide">
        <div>
          <dt>{t('about.path')}</dt>
          <dd className="mono">{backend.serverPath}</dd>
        </div>
        {backend.ttsPath !== undefined && (
          <div data-testid="about-tts">
            <dt>{t('about.ttsTool')}</dt>
            {backend.ttsPath ? (
              <dd className="mono" title={build?.llamaCppCommit}>
                {backend.ttsPath}
                {build && <span className="muted"> · {t('about.ttsVersion', { commit: shortCommit(build) })}</span>}
              </dd>
            ) : (
              <dd className="muted">{t('about.ttsMissing')}</dd>
            )}
          </div>
        )}
        {build ? (
          <>
            <div>
              <dt>{t('about.commit')}</dt>
              <dd className="mono" title={build.llamaCppCommit}>
                {shortCommit(build)}
              </dd>
            </div>
            <div>
              <dt>{t('about.builtAt')}</dt>
              <dd>{build.builtAt}</dd>
            </div>
            <div>
              <dt>{t('about.source')}</dt>
              <dd className="mono">{build.source}</dd>
            </div>
            <div>
              <dt>{t('about.cmakeFlags')}</dt>
              <dd className="mono flags">{build.cmakeFlags.length > 0 ? build.cmakeFlags.join(' ') : '—'}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t('about.build')}</dt>
            <dd className="muted">{t('about.noBuildInfo')}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
