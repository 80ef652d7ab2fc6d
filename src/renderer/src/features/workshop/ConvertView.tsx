// The workshop's convert pane: pick a Hugging Face model folder (by path or with
// the app's file browser), see what the check found (architecture, weights,
// tokenizer, or what is missing), choose the output type and file, and convert
// with progress, a log and Cancel; the Python environment the script needs is
// set up on the first conversion, or at once with its own button. A folder that
// ships Python code gets a card that names it and is the only way to run it.
import { useStore } from 'zustand';
import { CONVERT_OUT_TYPES, type ConvertOutOption, type ConvertOutType } from '@shared/workshop/convert-types';
import { useAppModel } from '../../app-model';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { useLibrary } from '../models/use-library';
import { ConvertJobPanel } from './ConvertJobPanel';
import { convertStoreFor, type ConvertStore } from './convert-store';
import { FolderCodeCard } from './FolderCodeCard';
import { HfFolderFacts } from './HfFolderFacts';
import type { WorkshopStore } from './workshop-store';
import { workshopErrorText } from './workshop-words';

export function ConvertView({ workshop }: { workshop: WorkshopStore }) {
  const t = useT();
  const { api } = useAppModel();
  const store = convertStoreFor(api);
  const s = useStore(store.state);
  const busy = s.job !== null;
  const option = s.plan?.options.find((o) => o.type === s.outType) ?? null;
  // The plan knows of its suggestion only; a finished job's field moves on to a free name (where the folder could not
  // be listed, it stays: no warning about the file just written right under the success).
  const output = s.outputPath.trim();
  const existsWarning = option?.exists === true && option.suggestedPath === output && s.result?.outputPath !== output;
  const blocked =
    !s.plan || s.plan.tools.script === null || s.plan.folder.problems.length > 0 || s.outputPath.trim() === '';
  return (
    <section className="workshop-pane" role="tabpanel" data-testid="convert-pane">
      <h1>{t('convert.title')}</h1>
      <p className="muted">{t('convert.intro')}</p>
      <FolderPicker store={store} disabled={busy} />
      {s.planning && <p className="muted">{t('convert.checking')}</p>}
      {s.planError && (
        <p className="inline-error" role="alert" title={s.planError.message} data-testid="convert-plan-error">
          {workshopErrorText(t, s.planError, s.folderPath)}
        </p>
      )}
      <PythonStatus store={store} />
      {s.plan && (
        <>
          {s.plan.tools.script === null && <p className="warning-text">{t('convert.scriptMissing')}</p>}
          <HfFolderFacts folder={s.plan.folder} />
          <FolderCodeCard store={store} code={s.plan.folder.code} disabled={busy} />
          <OutTypeList options={s.plan.options} value={s.outType} disabled={busy} onChange={store.setOutType} />
          <div className="field">
            <label htmlFor="convert-output">{t('convert.output')}</label>
            <input
              id="convert-output"
              className="input mono"
              value={s.outputPath}
              disabled={busy}
              spellCheck={false}
              data-testid="convert-output"
              onChange={(e) => store.setOutputPath(e.target.value)}
            />
            <p className="field-hint">{t('convert.outputHint')}</p>
            {existsWarning && <p className="warning-text">{t('workshop.exists')}</p>}
            <label className="check">
              <input
                type="checkbox"
                checked={s.overwrite}
                disabled={busy}
                data-testid="convert-overwrite"
                onChange={(e) => store.setOverwrite(e.target.checked)}
              />
              <span>{t('workshop.overwrite')}</span>
            </label>
          </div>
        </>
      )}
      {(s.plan || s.job) && <ConvertJobPanel store={store} workshop={workshop} blocked={blocked} />}
    </section>
  );
}

function FolderPicker({ store, disabled }: { store: ConvertStore; disabled: boolean }) {
  const t = useT();
  const { browser } = useLibrary();
  const path = useStore(store.state, (s) => s.folderPath);
  // The app's own browser in both hosts: it picks folders, and a page in a browser cannot see the disk.
  const browse = async (): Promise<void> => {
    const chosen = await browser.open('folder', path.trim());
    if (chosen !== null) void store.pickFolder(chosen);
  };
  return (
    <form
      className="workshop-row"
      onSubmit={(event) => {
        event.preventDefault();
        void store.pickFolder(path.trim());
      }}
    >
      <label className="sr-only" htmlFor="convert-folder">
        {t('convert.folder')}
      </label>
      <input
        id="convert-folder"
        className="input mono"
        value={path}
        disabled={disabled}
        placeholder={t('convert.folderPlaceholder')}
        spellCheck={false}
        data-testid="convert-folder"
        onChange={(e) => store.setFolderPath(e.target.value)}
      />
      <button type="submit" className="btn" disabled={disabled || path.trim() === ''} data-testid="convert-check">
        {t('convert.check')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={disabled}
        data-testid="convert-browse"
        onClick={() => void browse()}
      >
        {t('convert.browse')}
      </button>
    </form>
  );
}

const OUT_TYPE_HINTS: Record<ConvertOutType, MessageKey> = {
  f32: 'convert.outType.f32',
  f16: 'convert.outType.f16',
  bf16: 'convert.outType.bf16',
  q8_0: 'convert.outType.q8_0',
};

function OutTypeList({
  options,
  value,
  disabled,
  onChange,
}: {
  options: ConvertOutOption[];
  value: ConvertOutType;
  disabled: boolean;
  onChange: (type: ConvertOutType) => void;
}) {
  const t = useT();
  const byType = new Map(options.map((option) => [option.type, option]));
  return (
    <fieldset className="workshop-types" disabled={disabled} data-testid="convert-types">
      <legend>{t('convert.outType')}</legend>
      {CONVERT_OUT_TYPES.map((type) => {
        const estimated = byType.get(type)?.estimatedBytes ?? null;
        return (
          <label
            key={type}
            className={`workshop-type convert-type${type === value ? ' is-chosen' : ''}`}
            data-testid="convert-type"
            data-type={type}
          >
            <input
              type="radio"
              name="convert-type"
              value={type}
              checked={type === value}
              onChange={() => onChange(type)}
            />
            <span className="workshop-type-name mono">{type}</span>
            <span className="workshop-type-size">
              {estimated === null ? '' : t('workshop.estimated', { size: formatBytes(estimated) })}
            </span>
            <span className="muted small">{t(OUT_TYPE_HINTS[type])}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

function PythonStatus({ store }: { store: ConvertStore }) {
  const t = useT();
  const python = useStore(store.state, (s) => s.plan?.python ?? null);
  const busy = useStore(store.state, (s) => s.job !== null);
  if (!python) return null;
  if (python.ready) {
    return (
      <p className="muted small" data-testid="convert-python">
        {t('convert.python.ready', { python: python.python ?? '?', torch: python.torch ?? '?' })}
      </p>
    );
  }
  return (
    <div className="workshop-row" data-testid="convert-python">
      <span className="muted small">{t('convert.python.missing')}</span>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        data-testid="convert-setup-python"
        onClick={() => void store.setupPython()}
      >
        {t('convert.python.setup')}
      </button>
    </div>
  );
}
