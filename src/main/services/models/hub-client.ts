// The Hugging Face API (or a mirror speaking it): search GGUF repositories, list
// a repository's files, and the address a file downloads from. Every request
// carries an AbortSignal with a time limit; failures are AppFailures in words.
import type { HubModel } from '@shared/models/model-library';
import { hubNetworkFailure, hubStatusFailure } from './hub-failure';
import { nextPageLink, parseSearch, parseTree, type TreeGguf } from './hub-parse';

export type Fetch = typeof fetch;

const API_TIMEOUT_MS = 30_000;
// A repository with more files than this many pages is not one to pick a model from.
const MAX_TREE_PAGES = 20;

export interface HubClient {
  search(query: string, limit: number): Promise<HubModel[]>;
  files(repo: string): Promise<TreeGguf[]>;
  /** where `GET` gets the file's bytes (the hub redirects to its CDN) */
  fileUrl(repo: string, file: string): string;
}

export function createHubClient(endpoint: () => string, fetchImpl: Fetch = fetch): HubClient {
  const base = () => endpoint().replace(/\/+$/, '');

  async function getJson(url: string, what: string): Promise<{ body: unknown; link: string | null }> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (error) {
      throw hubNetworkFailure(error, what, base());
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw hubStatusFailure(response.status, what, url);
    }
    try {
      return { body: await response.json(), link: response.headers.get('link') };
    } catch (error) {
      throw hubNetworkFailure(error, what, base());
    }
  }

  return {
    async search(query, limit) {
      const params = new URLSearchParams({
        search: query.trim(),
        filter: 'gguf',
        sort: 'downloads',
        direction: '-1',
        limit: String(limit),
      });
      const { body } = await getJson(`${base()}/api/models?${params}`, `the search "${query}"`);
      return parseSearch(body);
    },
    async files(repo) {
      const files: TreeGguf[] = [];
      let url: string | null = `${base()}/api/models/${repo}/tree/main?recursive=true`;
      for (let page = 0; url && page < MAX_TREE_PAGES; page++) {
        const answer = await getJson(url, `the files of ${repo}`);
        files.push(...parseTree(answer.body));
        const next = nextPageLink(answer.link);
        url = next ? new URL(next, base()).toString() : null;
      }
      return files;
    },
    fileUrl(repo, file) {
      return `${base()}/${repo}/resolve/main/${file.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
