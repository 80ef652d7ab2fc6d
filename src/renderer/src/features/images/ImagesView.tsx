// The image page (EVA's 文生图): a template (default / sd1.5 / sdxl / flux) and
// the model files it needs, the prompt and parameters, an optional start image
// (image to image), Generate with progress and Cancel, the result (which also
// goes into the chat, with its parameters, unless switched off) and the gallery.
// Without sd-cli the page says how to get it.
import { useEffect, type ChangeEvent } from 'react';
import { useStore } from 'zustand';
import { IMAGE_LIMITS, IMAGE_TEMPLATE_NAMES, SAMPLERS, type ImageTemplateName } from '@shared/images/image-types';
import { missingModelFiles } from '@shared/images/image-templates';
import { useT, type MessageKey } from '../../i18n';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { EngineMissing } from './ImageEngineCard';
import { ImageFiles } from './ImageFiles';
import { ImageGallery } from './ImageGallery';
import { ImageToolBudget } from './ImageToolBudget';
import { ImageProgressRow, useJobFrom } from './ImageProgressRow';
import { PictureActions } from './PictureActions';
import type { FormParams, ImagesStore } from './images-store';
import { captionOf, imageErrorText, isCancelled } from './images-words';
import { useImages } from './use-images';
import './images.css';
import { BoundedNumberField } from '../../ui/form-fields';

const TEMPLATE_KEYS: Record<ImageTemplateName, MessageKey> = {
  default: 'images.template.default',
  'sd1.5': 'images.template.sd15',
  sdxl: 'images.template.sdxl',
  flux: 'images.template.flux',
};

export function ImagesView() {
  const t = useT();
  const store = useImages();
  // Slices, not the whole state: a progress event (ten a second while the model loads) re-renders the progress row
  // only.
  const status = useStore(store.state, (s) => s.status);
  const template = useStore(store.state, (s) => s.template);
  const files = useStore(store.state, (s) => s.files[s.template]);
  const params = useStore(store.state, (s) => s.params);
  const toChat = useStore(store.state, (s) => s.toChat);
  const busy = useStore(store.state, (s) => s.job !== null);
  const error = useStore(store.state, (s) => (s.errorFrom === null ? s.error : null));
  const result = useStore(store.state, (s) => s.result);
  useEffect(() => void store.refresh(), [store]);
  const pageJob = useJobFrom(store, null);
  const missing = missingModelFiles(template, files);
  const blocked = busy || status?.cli == null || missing.length > 0 || params.prompt.trim() === '';
  return (
    <div className="page images-page" data-testid="images-page">
      <h1>{t('images.title')}</h1>
      <p className="muted">{t('images.intro')}</p>
      {status && status.cli === null && <EngineMissing searched={status.searched} />}
      <div className="field">
        <label htmlFor="image-template">{t('images.template')}</label>
        <select
          id="image-template"
          className="input"
          value={template}
          disabled={busy}
          data-testid="image-template"
          onChange={(e) => store.setTemplate(e.target.value as ImageTemplateName)}
        >
          {IMAGE_TEMPLATE_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(TEMPLATE_KEYS[name])}
            </option>
          ))}
        </select>
      </div>
      <ImageFiles store={store} disabled={busy} />
      <PromptFields store={store} params={params} disabled={busy} />
      <ParamFields store={store} params={params} disabled={busy} />
      <StartImage store={store} disabled={busy} />
      <label className="check">
        <input
          type="checkbox"
          checked={toChat}
          data-testid="image-to-chat"
          onChange={(e) => store.setToChat(e.target.checked)}
        />
        <span>{t('images.alsoToChat')}</span>
      </label>
      <ImageToolBudget store={store} />
      <section className="image-job">
        {pageJob ? (
          <ImageProgressRow store={store} job={pageJob} />
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={blocked}
            data-testid="image-generate"
            onClick={() => void store.generate()}
          >
            {t('images.generate')}
          </button>
        )}
        {error &&
          (isCancelled(error) ? (
            <p className="muted" role="status" data-testid="image-cancelled">
              {t('images.cancelled')}
            </p>
          ) : (
            <p className="inline-error" role="alert" title={error.message} data-testid="image-error">
              {imageErrorText(t, error)}
            </p>
          ))}
      </section>
      {result && (
        <figure className="image-result" data-testid="image-result" data-id={result.record.id}>
          <img src={result.dataUrl} alt={result.record.params.prompt} data-testid="image-result-image" />
          <figcaption>
            <span className="muted small" data-testid="image-result-caption">
              {captionOf(result.record)}
            </span>
            <PictureActions
              record={result.record}
              dataUrl={result.dataUrl}
              busy={busy}
              onNewSeed={() => void store.newSeed(result.record)}
            />
          </figcaption>
        </figure>
      )}
      <ImageGallery store={store} />
      <FileBrowserDialog />
    </div>
  );
}

function PromptFields({ store, params, disabled }: { store: ImagesStore; params: FormParams; disabled: boolean }) {
  const t = useT();
  return (
    <>
      <div className="field">
        <label htmlFor="image-prompt">{t('images.prompt')}</label>
        <textarea
          id="image-prompt"
          className="input textarea"
          rows={3}
          maxLength={IMAGE_LIMITS.maxPromptChars}
          value={params.prompt}
          disabled={disabled}
          placeholder={t('images.promptPlaceholder')}
          data-testid="image-prompt"
          onChange={(e) => store.setParams({ prompt: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="image-negative">{t('images.negativePrompt')}</label>
        <textarea
          id="image-negative"
          className="input textarea"
          rows={2}
          maxLength={IMAGE_LIMITS.maxPromptChars}
          value={params.negativePrompt}
          disabled={disabled}
          data-testid="image-negative"
          onChange={(e) => store.setParams({ negativePrompt: e.target.value })}
        />
      </div>
    </>
  );
}

function ParamFields({ store, params, disabled }: { store: ImagesStore; params: FormParams; disabled: boolean }) {
  const t = useT();
  const number = (
    key: 'width' | 'height' | 'steps' | 'cfg',
    label: MessageKey,
    min: number,
    max: number,
    step: number,
  ) => (
    <BoundedNumberField
      id={`image-${key}`}
      label={t(label)}
      value={params[key]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onChange={(value) => store.setParams({ [key]: value })}
    />
  );
  return (
    <div className="image-params">
      {number('width', 'images.width', IMAGE_LIMITS.minSide, IMAGE_LIMITS.maxSide, 64)}
      {number('height', 'images.height', IMAGE_LIMITS.minSide, IMAGE_LIMITS.maxSide, 64)}
      {number('steps', 'images.steps', 1, IMAGE_LIMITS.maxSteps, 1)}
      {number('cfg', 'images.cfg', 0, IMAGE_LIMITS.maxCfg, 0.5)}
      <div className="field">
        <label htmlFor="image-sampler">{t('images.sampler')}</label>
        <select
          id="image-sampler"
          className="input"
          value={params.sampler}
          disabled={disabled}
          data-testid="image-sampler"
          onChange={(e) => store.setParams({ sampler: e.target.value as FormParams['sampler'] })}
        >
          {SAMPLERS.map((sampler) => (
            <option key={sampler} value={sampler}>
              {sampler}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="image-seed">{t('images.seed')}</label>
        <input
          id="image-seed"
          className="input"
          inputMode="numeric"
          value={params.seed}
          disabled={disabled}
          placeholder={t('images.seedRandom')}
          data-testid="image-seed"
          onChange={(e) => store.setParams({ seed: e.target.value.replace(/\D/g, '').slice(0, 10) })}
        />
      </div>
    </div>
  );
}

/** Image to image: a picture from the disk (read by the page, sent with the request) or from the gallery. */
function StartImage({ store, disabled }: { store: ImagesStore; disabled: boolean }) {
  const t = useT();
  const start = useStore(store.state, (s) => s.startImage);
  const strength = useStore(store.state, (s) => s.params.strength);
  const pick = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
      reader.readAsDataURL(file);
    });
    store.setStartImage({ name: file.name, dataUrl });
  };
  return (
    <section className="image-start" data-testid="image-start">
      <p className="image-start-row">
        <span>{t('images.startImage')}</span>
        <label className="btn btn-small">
          {t('images.attach')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/bmp"
            className="sr-only"
            disabled={disabled}
            data-testid="image-start-file"
            onChange={(e) => void pick(e)}
          />
        </label>
        {start && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={disabled}
            data-testid="image-start-remove"
            onClick={() => store.setStartImage(null)}
          >
            {t('images.remove')}
          </button>
        )}
      </p>
      {start ? (
        <div className="image-start-chosen">
          <img src={start.dataUrl} alt={start.name} data-testid="image-start-preview" />
          <label className="field">
            <span>{t('images.strength', { value: strength.toFixed(2) })}</span>
            <input
              type="range"
              min={0.05}
              max={1}
              step={0.05}
              value={strength}
              disabled={disabled}
              data-testid="image-strength"
              onChange={(e) => store.setParams({ strength: e.target.valueAsNumber })}
            />
          </label>
        </div>
      ) : (
        <p className="field-hint">{t('images.startImageHint')}</p>
      )}
    </section>
  );
}
