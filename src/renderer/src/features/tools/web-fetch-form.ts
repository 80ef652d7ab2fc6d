// The Tools panel's web_fetch allow-list: the hosts the model may fetch from
// though they are on this computer or a private network, typed as one line
// (`nas.local, 192.168.1.5:8080, [fd00::5]:80`). The core reads each entry the
// way the URL parser reads a host (url-guard.ts); here only its shape is
// checked, so a typo is caught before it is saved.

/** Entries the settings keep at most, and characters an entry may have (ToolSettingsSchema). */
export const MAX_ALLOW_HOSTS = 200;
const MAX_ENTRY_CHARS = 300;

/** A host, an address, `[IPv6]`, each with an optional `:port`; no scheme, path or user. */
const ENTRY = /^(?:\[[0-9a-fA-F:.]+\](?::\d{1,5})?|[^\s,/@?#[\]\\]+)$/;

export function allowHostsText(hosts: readonly string[]): string {
  return hosts.join(', ');
}

/** The entries of the field, or null when one is not a host (a URL, a path, a space inside). */
export function allowHostsList(text: string): string[] | null {
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length > MAX_ALLOW_HOSTS) return null;
  const valid = entries.every((entry) => entry.length <= MAX_ENTRY_CHARS && ENTRY.test(entry));
  return valid ? [...new Set(entries)] : null;
}
