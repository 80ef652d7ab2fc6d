// "From an MCP server…": a dialog to browse the resources of the connected
// servers (name, MIME type, size; paged) and attach one to the message. Text is
// quoted into the message box, images become attachments; the logic is in
// resource-picker.ts. Tab stays inside, Esc closes.
import { memo, useRef } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorTextWithCause } from '../../ui/app-error-text';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { LeftOutNotice } from './LeftOutNotice';
import type { ResourcePicker as ResourcePickerModel } from './resource-picker';

export const ResourcePicker = memo(function ResourcePicker({ picker }: { picker: ResourcePickerModel }) {
  const t = useT();
  const {
    open,
    servers,
    server,
    supported,
    resources,
    templates,
    nextCursor,
    loading,
    error,
    reading,
    values,
    leftOut,
  } = useStore(picker.state);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, open, picker.close, '[data-testid="resource-server"]');
  if (!open) return null;

  return (
    <div
      className="overlay overlay-top"
      onMouseDown={(event) => event.target === event.currentTarget && picker.close()}
    >
      <div
        className="dialog resource-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="resource-title"
        data-testid="resource-picker"
        ref={dialog}
      >
        <div className="dialog-head">
          <h2 id="resource-title">{t('chat.resources.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={picker.close}>
            ×
          </button>
        </div>
        <div className="dialog-body resource-body">
          <label className="resource-server-field">
            <span className="small">{t('chat.resources.server')}</span>
            <select
              className="input"
              data-testid="resource-server"
              value={server ?? ''}
              disabled={servers.length === 0}
              onChange={(event) => void picker.choose(event.target.value)}
            >
              {servers.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {!loading && servers.length === 0 && !error && (
            <p className="small muted" data-testid="resource-no-servers">
              {t('chat.resources.noServers')}
            </p>
          )}
          {!supported && (
            <p className="small muted" data-testid="resource-unsupported">
              {t('chat.resources.unsupported', { server: server ?? '' })}
            </p>
          )}
          {error && (
            <p className="field-error small" role="alert" data-testid="resource-error">
              {appErrorTextWithCause(t, error)}
            </p>
          )}
          <LeftOutNotice
            items={leftOut}
            onDismiss={() => picker.state.setState({ leftOut: [] })}
            testId="resource-left-out"
          />
          {supported && server !== null && !loading && resources.length === 0 && templates.length === 0 && !error && (
            <p className="small muted">{t('chat.resources.empty')}</p>
          )}
          {resources.length > 0 && (
            <ul className="resource-list" aria-label={t('chat.resources.listLabel', { server: server ?? '' })}>
              {resources.map((resource) => (
                <li key={resource.uri} className="resource-row" data-testid="resource-row" data-uri={resource.uri}>
                  <span className="resource-name" title={resource.uri}>
                    {resource.title || resource.name}
                  </span>
                  <span className="resource-meta muted small" data-testid="resource-mime">
                    {resource.mimeType ?? t('chat.resources.unknownType')}
                    {resource.size !== null && ` · ${formatBytes(resource.size)}`}
                  </span>
                  {resource.description && (
                    <span className="resource-description small muted">{resource.description}</span>
                  )}
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid="resource-attach"
                    disabled={reading !== null}
                    aria-label={t('chat.resources.attachOne', { name: resource.name })}
                    onClick={() => void picker.attach(resource.uri)}
                  >
                    {reading === resource.uri ? t('chat.resources.reading') : t('chat.resources.attach')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {nextCursor !== null && (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              data-testid="resource-more"
              disabled={loading}
              onClick={() => void picker.more()}
            >
              {t('chat.resources.more')}
            </button>
          )}
          {loading && <p className="small muted">{t('chat.resources.loading')}</p>}
          {templates.length > 0 && (
            <section className="resource-templates" aria-label={t('chat.resources.templates')}>
              <h3 className="small">{t('chat.resources.templates')}</h3>
              {templates.map((template) => {
                const filled = values[template.uriTemplate] ?? {};
                const ready = template.variables.every((name) => (filled[name] ?? '').trim() !== '');
                return (
                  <form
                    key={template.uriTemplate}
                    className="resource-template"
                    data-testid="resource-template"
                    data-template={template.uriTemplate}
                    onSubmit={(event) => {
                      event.preventDefault();
                      void picker.attachTemplate(template);
                    }}
                  >
                    <span className="resource-name" title={template.description}>
                      {template.title || template.name}
                    </span>
                    <span className="resource-meta muted small mono">{template.uriTemplate}</span>
                    {template.variables.map((name) => (
                      <input
                        key={name}
                        className="input resource-variable"
                        data-testid={`resource-var-${name}`}
                        aria-label={name}
                        placeholder={name}
                        value={filled[name] ?? ''}
                        onChange={(event) => picker.setValue(template.uriTemplate, name, event.target.value)}
                      />
                    ))}
                    <button
                      type="submit"
                      className="btn btn-small"
                      data-testid="resource-template-attach"
                      disabled={!ready || reading !== null}
                    >
                      {t('chat.resources.attach')}
                    </button>
                  </form>
                );
              })}
            </section>
          )}
        </div>
      </div>
    </div>
  );
});
