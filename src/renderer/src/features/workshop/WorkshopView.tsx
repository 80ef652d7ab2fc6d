// The workshop page (EVA's 量化), two panes under tabs. Quantize: pick a model
// (by path, with the app's file browser or the native picker, or from My
// models), choose a type by its estimated size, optionally an importance matrix
// from a calibration text, and quantize with progress per tensor and Cancel; the
// result loads with one click. Convert: a Hugging Face folder to a GGUF
// (ConvertView.tsx), whose result goes on to Quantize or loads.
import { useEffect, type ChangeEvent } from 'react';
import { useStore } from 'zustand';
import { quantTypeByName } from '@shared/workshop/quant-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { folderOf } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import { ConvertView } from './ConvertView';
import { QuantTypeList } from './QuantTypeList';
import { WorkshopJob } from './WorkshopJob';
import { workshopStoreFor, type WorkshopPane, type WorkshopStore } from './workshop-store';
import { workshopErrorText } from './workshop-words';
import './workshop.css';

export function WorkshopView() {
  const { api } = useAppModel();
  const store = workshopStoreFor(api);
  const pane = useStore(store.state, (s) => s.pane);
  return (
    <div className="page workshop-page" data-testid="workshop-page">
      <WorkshopTabs store={store} pane={pane} />
      {pane === 'convert' ? <ConvertView workshop={store} /> : <QuantizePane store={store} />}
      <FileBrowserDialog />
    </div>
  );
}

const PANES: { pane: WorkshopPane; key: 'workshop.tab.quantize' | 'workshop.tab.convert' }[] = [
  { pane: 'quantize', key: 'workshop.tab.quantize' },
  { pane: 'convert', key: 'workshop.tab.convert' },
];

function WorkshopTabs({ store, pane }: { store: WorkshopStore; pane: WorkshopPane }) {
  const t = useT();
  return (
    <div className="workshop-tabs" role="tablist" aria-label={t('workshop.tabs')}>
      {PANES.map((entry) => (
        <button
          key={entry.pane}
          type="button"
          role="tab"
          aria-selected={pane === entry.pane}
          className={`workshop-tab${pane === entry.pane ? ' is-active' : ''}`}
          data-testid={`workshop-tab-${entry.pane}`}
          onClick={() => store.showPane(entry.pane)}
        >
          {t(entry.key)}
        </button>
      ))}
    </div>
  );
}

function QuantizePane({ store }: { store: WorkshopStore }) {
  const t = useT();
  const s = useStore(store.state);
  const busy = s.job !== null;
  const option = s.plan?.options.find((o) => o.type === s.type) ?? null;
  // The plan knows of its suggestion only; a finished job's field moves on to a free name (where the folder could not
  // be listed, it stays: no warning about the file just written right under the success).
  const output = s.outputPath.trim();
  const existsWarning = option?.exists === true && option.suggestedPath === output && s.result?.outputPath !== output;
  const needsImatrix =
    quantTypeByName(s.type)?.needsImatrix === true && !(s.useImatrix && s.calibrationText.trim() !== '');
  const blocked = !s.plan || s.plan.tools.quantize === null || s.outputPath.trim() === '' || needsImatrix;
  return (
    <section className="workshop-pane" role="tabpanel">
      <h1>{t('workshop.title')}</h1>
      <p className="muted">{t('workshop.intro')}</p>
      <ModelPicker store={store} disabled={busy} />
      {s.planning && <p className="muted">{t('workshop.planning')}</p>}
      {s.planError && (
        <p className="inline-error" role="alert" title={s.planError.message} data-testid="workshop-plan-error">
          {workshopErrorText(t, s.planError, s.modelPath)}
        </p>
      )}
      {s.plan && (
        <>
          <p data-testid="workshop-model">
            {t('workshop.modelFacts', {
              name: s.plan.model.name,
              type: s.plan.model.fileType ?? t('workshop.typeUnknown'),
              size: formatBytes(s.plan.model.bytes),
            })}
          </p>
          {s.plan.tools.quantize === null && <p className="warning-text">{t('workshop.toolsMissing')}</p>}
          {s.plan.model.quantized && (
            <div className="workshop-note">
              <p className="warning-text">{t('workshop.quantizedNote', { type: s.plan.model.fileType ?? '?' })}</p>
              <Check
                label={t('workshop.allowRequantize')}
                checked={s.allowRequantize}
                disabled={busy}
                testId="workshop-requantize"
                onChange={(allowRequantize) => store.set({ allowRequantize })}
              />
            </div>
          )}
          <QuantTypeList
            options={s.plan.options}
            value={s.type}
            sourceBytes={s.plan.model.bytes}
            disabled={busy}
            onChange={store.setType}
          />
          {needsImatrix && <p className="warning-text">{t('workshop.needsImatrixHint', { type: s.type })}</p>}
          <div className="field">
            <label htmlFor="workshop-output">{t('workshop.output')}</label>
            <input
              id="workshop-output"
              className="input mono"
              value={s.outputPath}
              disabled={busy}
              spellCheck={false}
              data-testid="workshop-output"
              onChange={(e) => store.setOutputPath(e.target.value)}
            />
            <p className="field-hint">{t('workshop.outputHint')}</p>
            {existsWarning && <p className="warning-text">{t('workshop.exists')}</p>}
            <Check
              label={t('workshop.overwrite')}
              checked={s.overwrite}
              disabled={busy}
              testId="workshop-overwrite"
              onChange={(overwrite) => store.set({ overwrite })}
            />
          </div>
          <ImatrixSection store={store} disabled={busy} />
          <WorkshopJob store={store} blocked={blocked} />
        </>
      )}
    </section>
  );
}

function ModelPicker({ store, disabled }: { store: WorkshopStore; disabled: boolean }) {
  const t = useT();
  const { api, app } = useAppModel();
  const { browser, library } = useLibrary();
  const info = useStore(app.store, (s) => s.info);
  const listing = useStore(library.store, (s) => s.listing);
  const path = useStore(store.state, (s) => s.modelPath);
  useEffect(() => {
    void library.refresh();
  }, [library]);
  const models = (listing?.models ?? []).filter((model) => !model.isProjector && model.problem === null);

  // Electron has a native picker; a page in a browser cannot see the disk, so EVA's own browser asks the core.
  const browse = async (): Promise<void> => {
    if (info?.canPickFiles) {
      const result = await api.invoke('dialog:pick-model');
      if (result.ok && result.value.path !== null) void store.pickModel(result.value.path);
      return;
    }
    const chosen = await browser.open('model', folderOf(path.trim()));
    if (chosen !== null) void store.pickModel(chosen);
  };

  return (
    <form
      className="workshop-row"
      onSubmit={(event) => {
        event.preventDefault();
        void store.pickModel(path.trim());
      }}
    >
      <label className="sr-only" htmlFor="workshop-model-path">
        {t('workshop.model')}
      </label>
      <input
        id="workshop-model-path"
        className="input mono"
        value={path}
        disabled={disabled}
        placeholder={t('workshop.modelPlaceholder')}
        spellCheck={false}
        data-testid="workshop-model-path"
        onChange={(e) => store.setModelPath(e.target.value)}
      />
      <button type="submit" className="btn" disabled={disabled || path.trim() === ''} data-testid="workshop-read">
        {t('workshop.read')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={disabled}
        data-testid="workshop-browse"
        onClick={() => void browse()}
      >
        {t('workshop.browse')}
      </button>
      {models.length > 0 && (
        <select
          className="input workshop-library"
          value=""
          disabled={disabled}
          aria-label={t('workshop.fromLibrary')}
          data-testid="workshop-library"
          onChange={(e) => e.target.value && void store.pickModel(e.target.value)}
        >
          <option value="">{t('workshop.fromLibraryNone')}</option>
          {models.map((model) => (
            <option key={model.path} value={model.path}>
              {model.name} {model.quantization ? `(${model.quantization})` : ''}
            </option>
          ))}
        </select>
      )}
    </form>
  );
}

function ImatrixSection({ store, disabled }: { store: WorkshopStore; disabled: boolean }) {
  const t = useT();
  const useImatrix = useStore(store.state, (s) => s.useImatrix);
  const text = useStore(store.state, (s) => s.calibrationText);
  const missing = useStore(store.state, (s) => s.plan?.tools.imatrix === null);
  // The page reads the file itself: the text goes to the core with the request, wherever the core runs.
  const readFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) store.set({ calibrationText: await file.text() });
  };
  return (
    <section className="workshop-imatrix">
      <Check
        label={t('workshop.imatrix')}
        checked={useImatrix}
        disabled={disabled || missing}
        testId="workshop-imatrix"
        onChange={(on) => store.set({ useImatrix: on })}
      />
      <p className="field-hint">{missing ? t('workshop.imatrixMissing') : t('workshop.imatrixHint')}</p>
      {useImatrix && (
        <div className="field">
          <label htmlFor="workshop-calibration">{t('workshop.calibration')}</label>
          <textarea
            id="workshop-calibration"
            className="input textarea"
            rows={6}
            value={text}
            disabled={disabled}
            placeholder={t('workshop.calibrationPlaceholder')}
            data-testid="workshop-calibration"
            onChange={(e) => store.set({ calibrationText: e.target.value })}
          />
          <p className="workshop-row small">
            <label className="btn btn-small">
              {t('workshop.calibrationFile')}
              <input
                type="file"
                accept=".txt,.md,text/*"
                className="sr-only"
                disabled={disabled}
                onChange={(e) => void readFile(e)}
              />
            </label>
            <span className="muted">{t('workshop.calibrationSize', { count: text.length })}</span>
          </p>
        </div>
      )}
    </section>
  );
}

function Check({
  label,
  checked,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  testId: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
