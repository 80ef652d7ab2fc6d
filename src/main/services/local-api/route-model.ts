// Which server answers a model name sent to the Local API: the loaded single
// model, one of the pool's models (loaded on first use by the pool), or a link
// the user shares. The same list is what GET /v1/models answers.

/** The models that can answer now, as the Local API lists them. */
export interface ModelCatalog {
  /** the single model's name while its server is ready */
  loaded: string | null;
  /** the pool's model ids while the pool runs */
  pool: readonly string[];
  /** shared links: the model name each answers to */
  links: readonly { linkId: string; model: string; name: string }[];
}

export type ModelRoute =
  { kind: 'loaded'; model: string } | { kind: 'pool'; model: string } | { kind: 'link'; linkId: string; model: string };

export interface ListedModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/**
 * The route for `requested`; the loaded model first, then the pool, then links, so a name two of them share goes to
 * the local one. No name (or "default") is the loaded model, else the pool's first model. null: no such model.
 */
export function routeModel(catalog: ModelCatalog, requested: string | null | undefined): ModelRoute | null {
  const name = requested?.trim() ?? '';
  if (name === '' || name === 'default') {
    if (catalog.loaded) return { kind: 'loaded', model: catalog.loaded };
    return catalog.pool[0] !== undefined ? { kind: 'pool', model: catalog.pool[0] } : null;
  }
  if (catalog.loaded === name) return { kind: 'loaded', model: name };
  if (catalog.pool.includes(name)) return { kind: 'pool', model: name };
  const link = catalog.links.find((entry) => entry.model === name || `${entry.name}/${entry.model}` === name);
  return link ? { kind: 'link', linkId: link.linkId, model: link.model } : null;
}

/** The models a key may see, as GET /v1/models lists them (each name once). */
export function listModels(catalog: ModelCatalog, allowed: (model: string) => boolean): ListedModel[] {
  const seen = new Set<string>();
  const listed: ListedModel[] = [];
  const add = (id: string, owner: string) => {
    if (seen.has(id) || !allowed(id)) return;
    seen.add(id);
    listed.push({ id, object: 'model', created: 0, owned_by: owner });
  };
  if (catalog.loaded) add(catalog.loaded, 'eva');
  for (const id of catalog.pool) add(id, 'eva-pool');
  for (const link of catalog.links) add(link.model, `link:${link.name}`);
  return listed;
}
