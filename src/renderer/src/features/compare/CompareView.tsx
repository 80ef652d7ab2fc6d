// The Compare page (对比): one prompt, or a set of them, to two to four models
// or quantizations; their answers side by side as they stream, each with what it
// took on this machine; follow-ups to every column; blind votes; saved runs,
// exported and repeated later like for like.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { CompareFormView } from './CompareFormView';
import { CompareRunPanel } from './CompareRunPanel';
import { CompareSavedList } from './CompareSavedList';
import { useCompare } from './use-compare';
import './compare.css';

export function CompareView() {
  const t = useT();
  const store = useCompare();
  const run = useStore(store.state, (s) => s.run);
  const error = useStore(store.state, (s) => s.error);
  // A run on screen takes the form's place; the form opens again on demand, for that run.
  const [formFor, setFormFor] = useState<string | null>(null);
  useEffect(() => void store.refresh(), [store]);
  return (
    <div className="page compare-page" data-testid="compare-page">
      <h1>{t('compare.title')}</h1>
      <p className="muted">{t('compare.intro')}</p>
      {error && <AppErrorLine error={error} testId="compare-error" />}
      {run && <CompareRunPanel store={store} run={run} />}
      {run && formFor !== run.id ? (
        <button
          type="button"
          className="btn"
          aria-expanded={false}
          data-testid="compare-new"
          onClick={() => setFormFor(run.id)}
        >
          {t('compare.new')}
        </button>
      ) : (
        <CompareFormView store={store} />
      )}
      <CompareSavedList store={store} />
    </div>
  );
}
