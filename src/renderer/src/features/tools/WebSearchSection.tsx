// Where web_search sends its queries: the provider, and what it needs (a
// SearXNG address, a sealed key, or an MCP server and its search tool).
import type { Ref } from 'react';
import { PROVIDER_NAMES, type WebSearchProvider } from '@shared/tools/web-search/web-search-settings';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import type { WebSearchKeys } from '@shared/tools/web-search/web-search-contract';
import { useT, type Translate } from '../../i18n';
import { protectionText } from '../../ui/ApiKeyField';
import { Field, SelectField, TextField } from '../../ui/form-fields';
import { SecretKeyField, type SecretKeyTexts } from '../../ui/SecretKeyField';
import type { ToolsErrors } from './tools-form';
import { likelySearchTool, mcpChoices, needsKey, type WebSearchForm } from './web-search-form';

export function WebSearchSection({
  form,
  errors,
  keys,
  mcpServers,
  sectionRef,
  onChange,
  onSetKey,
}: {
  form: WebSearchForm;
  errors: ToolsErrors;
  keys: WebSearchKeys | null;
  mcpServers: readonly McpServerStatus[];
  /** the panel scrolls here from its "set up web search" line */
  sectionRef?: Ref<HTMLElement>;
  onChange: (change: Partial<WebSearchForm>) => void;
  onSetKey: (provider: 'brave' | 'tavily', apiKey: string | null) => Promise<boolean>;
}) {
  const t = useT();
  const { provider } = form;
  const choices = mcpChoices(mcpServers, form);
  const server = choices.find((choice) => choice.name === form.mcpServer);
  const providers: Array<{ value: WebSearchProvider; label: string }> = [
    { value: 'none', label: t('tools.webSearch.none') },
    { value: 'searxng', label: t('tools.webSearch.searxng') },
    { value: 'brave', label: t('tools.webSearch.brave') },
    { value: 'tavily', label: t('tools.webSearch.tavily') },
    { value: 'mcp', label: t('tools.webSearch.mcp') },
  ];
  return (
    <section className="side-section" ref={sectionRef} data-testid="web-search-section">
      <h3>{t('tools.webSearch')}</h3>
      <SelectField
        label={t('tools.webSearch.provider')}
        value={provider}
        options={providers}
        hint={t('tools.webSearch.providerHint')}
        testId="web-search-provider"
        onChange={(next) => onChange({ provider: next })}
      />
      {provider === 'searxng' && (
        <TextField
          label={t('tools.webSearch.searxngUrl')}
          value={form.searxngUrl}
          mono
          placeholder="https://search.example.org"
          error={errors.searxngUrl}
          hint={t('tools.webSearch.searxngUrlHint')}
          testId="web-search-searxng-url"
          onChange={(searxngUrl) => onChange({ searxngUrl })}
        />
      )}
      {needsKey(provider) && (
        <SecretKeyField
          key={provider}
          id="web-search-key"
          testId="web-search-key"
          hasKey={keys?.keys[provider] ?? false}
          texts={keyTexts(t, PROVIDER_NAMES[provider], protectionText(t, keys?.protection ?? ''))}
          onSet={(apiKey) => onSetKey(provider, apiKey)}
        />
      )}
      {provider === 'mcp' && choices.length === 0 && (
        <p className="field-error" data-testid="web-search-mcp-none">
          {t('tools.webSearch.mcpNone')}
        </p>
      )}
      {provider === 'mcp' && choices.length > 0 && (
        <>
          <Field label={t('tools.webSearch.mcpServer')} error={errors.mcpServer}>
            {(id, describedBy) => (
              <select
                id={id}
                className="input"
                value={form.mcpServer}
                aria-describedby={describedBy}
                aria-invalid={errors.mcpServer !== undefined}
                data-testid="web-search-mcp-server"
                onChange={(event) => {
                  const name = event.target.value;
                  const tools = choices.find((choice) => choice.name === name)?.tools ?? [];
                  onChange({ mcpServer: name, mcpTool: likelySearchTool(tools) });
                }}
              >
                <option value="">{t('tools.webSearch.mcpChoose')}</option>
                {choices.map((choice) => (
                  <option key={choice.name} value={choice.name}>
                    {choice.ready ? choice.name : t('tools.webSearch.mcpNotReady', { name: choice.name })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('tools.webSearch.mcpTool')} error={errors.mcpTool} hint={t('tools.webSearch.mcpHint')}>
            {(id, describedBy) => (
              <select
                id={id}
                className="input mono"
                value={form.mcpTool}
                disabled={!server}
                aria-describedby={describedBy}
                aria-invalid={errors.mcpTool !== undefined}
                data-testid="web-search-mcp-tool"
                onChange={(event) => onChange({ mcpTool: event.target.value })}
              >
                <option value="">{t('tools.webSearch.mcpChoose')}</option>
                {(server?.tools ?? []).map((tool) => (
                  <option key={tool} value={tool}>
                    {tool}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </>
      )}
    </section>
  );
}

/** The provider's key is sealed by the core (`web-search:set-key`), never shown or sent back. */
function keyTexts(t: Translate, provider: string, protection: string): SecretKeyTexts {
  return {
    label: t('tools.webSearch.key', { provider }),
    stored: t('tools.webSearch.keySet', { protection }),
    none: t('tools.webSearch.keyNone'),
    placeholder: t('tools.webSearch.keyPlaceholder'),
    save: t('tools.webSearch.keySave'),
    saving: t('tools.webSearch.keySaving'),
    replace: t('tools.webSearch.keyReplace'),
    remove: t('tools.webSearch.keyRemove'),
    cancel: t('tools.webSearch.keyCancel'),
    hint: t('tools.webSearch.keyHint', { protection }),
  };
}
