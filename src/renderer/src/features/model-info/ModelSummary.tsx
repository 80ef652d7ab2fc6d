// The Model info page's summary of a GGUF file: what the model is, how big,
// how it was trained and tokenized, how its bytes split between quantization
// types, and every metadata key (folded away).
import type { ModelInfo } from '@shared/model-info/model-info-types';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';
import { formatParameters, percentText } from './model-info-words';

export function ModelSummary({ info }: { info: ModelInfo }) {
  const t = useT();
  const count = (n: number | null): string | null => (n === null ? null : formatCount(n));
  const facts: Array<[MessageKey, string, string | null]> = [
    ['modelInfo.fact.name', 'name', info.name],
    ['modelInfo.fact.architecture', 'architecture', info.architecture],
    ['modelInfo.fact.fileType', 'file-type', info.fileType],
    ['modelInfo.fact.sizeLabel', 'size-label', info.sizeLabel],
    [
      'modelInfo.fact.parameters',
      'parameters',
      `${formatParameters(info.parameters)} (${formatCount(info.parameters)})`,
    ],
    ['modelInfo.fact.fileSize', 'file-size', formatBytes(info.fileSize)],
    [
      'modelInfo.fact.bitsPerWeight',
      'bits-per-weight',
      info.bitsPerWeight === null ? null : info.bitsPerWeight.toFixed(2),
    ],
    ['modelInfo.fact.context', 'context', count(info.contextLength)],
    ['modelInfo.fact.embedding', 'embedding', count(info.embeddingLength)],
    ['modelInfo.fact.layers', 'layers', count(info.layers)],
    [
      'modelInfo.fact.heads',
      'heads',
      info.heads === null ? null : t('modelInfo.headsValue', { heads: info.heads, kv: info.headsKv ?? info.heads }),
    ],
    ['modelInfo.fact.feedForward', 'feed-forward', count(info.feedForwardLength)],
    [
      'modelInfo.fact.experts',
      'experts',
      info.experts === null
        ? null
        : t('modelInfo.expertsValue', { experts: info.experts, used: info.expertsUsed ?? '?' }),
    ],
    ['modelInfo.fact.tensors', 'tensors', formatCount(info.tensorCount)],
    [
      'modelInfo.fact.tokenizer',
      'tokenizer',
      [info.tokenizer.model, info.tokenizer.pre].filter(Boolean).join(' / ') || null,
    ],
    [
      'modelInfo.fact.vocabulary',
      'vocabulary',
      t('modelInfo.vocabularyValue', {
        tokens: formatCount(info.tokenizer.vocabSize),
        merges: formatCount(info.tokenizer.mergesCount),
      }),
    ],
    ['modelInfo.fact.version', 'version', `GGUF v${info.ggufVersion}`],
  ];
  return (
    <>
      <section className="model-info-section">
        <h2>{t('modelInfo.summary')}</h2>
        <dl className="model-info-facts" data-testid="model-info-summary">
          {facts
            .filter(([, , value]) => value !== null)
            .map(([key, field, value]) => (
              <div key={field} data-field={field}>
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section className="model-info-section">
        <h2>{t('modelInfo.quantization')}</h2>
        <table className="model-info-table" data-testid="model-info-quant">
          <thead>
            <tr>
              <th>{t('modelInfo.col.type')}</th>
              <th className="num">{t('modelInfo.col.tensors')}</th>
              <th className="num">{t('modelInfo.col.weights')}</th>
              <th className="num">{t('modelInfo.col.bytes')}</th>
              <th>{t('modelInfo.col.share')}</th>
            </tr>
          </thead>
          <tbody>
            {info.quantization.map((share) => (
              <tr key={share.type} data-testid="quant-row" data-type={share.type}>
                <td className="mono">{share.type}</td>
                <td className="num">{formatCount(share.tensors)}</td>
                <td className="num">{formatParameters(share.elements)}</td>
                <td className="num">{formatBytes(share.bytes)}</td>
                <td>
                  <span className="model-info-bar" aria-hidden="true">
                    <span style={{ width: percentText(share.bytes, info.tensorBytes).replace('<', '') }} />
                  </span>{' '}
                  {percentText(share.bytes, info.tensorBytes)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <details className="model-info-section" data-testid="model-info-metadata">
        <summary>{t('modelInfo.metadata', { count: info.metadata.length })}</summary>
        <table className="model-info-table">
          <tbody>
            {info.metadata.map((entry) => (
              <tr key={entry.key}>
                <td className="mono">{entry.key}</td>
                <td className="muted small">{entry.type}</td>
                <td className="mono model-info-value">
                  {entry.arrayLength === null ? entry.value : t('modelInfo.arrayValue', { count: entry.arrayLength })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
