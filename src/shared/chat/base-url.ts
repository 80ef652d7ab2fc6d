// What a link-mode base URL may be: http or https, with a host, and no user name
// or password in it. Anything else would be fetched by the core on the user's
// behalf: `file:`, `data:` or `ftp:` would make the core read what it should
// not (or fail later with an unclear message), `javascript:` has no business in
// a URL we request, and `ws:` is not an OpenAI-compatible endpoint. Credentials
// in the URL would be saved in plain settings.json and sent with every request;
// the API key field keeps a key in the secret store instead.

/** Why a base URL is refused; the form maps these to its own messages. */
export type BaseUrlProblemCode = 'required' | 'not_a_url' | 'scheme' | 'credentials';

export interface BaseUrlProblem {
  code: BaseUrlProblemCode;
  message: string;
}

/** null when `text` is a usable base URL. */
export function baseUrlProblem(text: string): BaseUrlProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return { code: 'required', message: 'the base URL is empty' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { code: 'not_a_url', message: `"${clip(trimmed)}" is not a URL; enter one like https://api.example.com/v1` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { code: 'scheme', message: `the base URL must start with http:// or https://, not ${clip(url.protocol)}` };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      code: 'credentials',
      message: 'the base URL must not contain a user name or password; put the key in the API key field',
    };
  }
  return null;
}

// Error messages echo what was typed, but not a pasted novel.
function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
