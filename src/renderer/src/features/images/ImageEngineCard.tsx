// Which sd-cli EVA uses for pictures and where it came from (About), or, when
// there is none, how to get one (the image page says the same above its form).
import { useEffect, useState } from 'react';
import type { ImageEngineStatus } from '@shared/images/image-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';

export function ImageEngineCard() {
  const t = useT();
  const { api } = useAppModel();
  const [status, setStatus] = useState<ImageEngineStatus | null>(null);
  useEffect(() => {
    void api.invoke('image:status').then((result) => result.ok && setStatus(result.value));
  }, [api]);
  if (!status) return null;
  return (
    <article className="card" data-testid="about-sd-cli">
      {status.cli ? (
        <dl className="facts facts-wide">
          <div>
            <dt>{t('images.engine.path')}</dt>
            <dd className="mono">{status.cli.path}</dd>
          </div>
          <div>
            <dt>{t('images.engine.version')}</dt>
            <dd className="mono" data-testid="about-sd-cli-version">
              {status.cli.version ?? t('images.engine.versionUnknown')}
            </dd>
          </div>
          {status.build && (
            <>
              <div>
                <dt>{t('images.engine.source')}</dt>
                <dd className="mono">
                  {status.build.source} (
                  {/^[0-9a-f]{40}$/.test(status.build.sdCommit)
                    ? status.build.sdCommit.slice(0, 8)
                    : status.build.sdCommit}
                  )
                </dd>
              </div>
              <div>
                <dt>{t('images.engine.builtAt')}</dt>
                <dd>{status.build.builtAt}</dd>
              </div>
            </>
          )}
        </dl>
      ) : (
        <EngineMissing searched={status.searched} />
      )}
    </article>
  );
}

/** sd-cli is not there: the commands that make one, and where EVA looked. */
export function EngineMissing({ searched }: { searched: readonly string[] }) {
  const t = useT();
  return (
    <div className="image-engine-missing" data-testid="image-engine-missing">
      <p className="warning-text">{t('images.engine.missing')}</p>
      <pre className="mono small">
        npm run backend:build -- --sd{'\n'}npm run backend:build -- --sd --source /path/to/stable-diffusion.cpp
      </pre>
      <p className="field-hint">{t('images.engine.missingHint')}</p>
      <details>
        <summary className="small">{t('images.engine.searched', { count: searched.length })}</summary>
        <ul className="mono small">
          {searched.map((path) => (
            <li key={path}>{path}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
