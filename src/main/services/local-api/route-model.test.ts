import { describe, expect, it } from 'vitest';
import { listModels, routeModel, type ModelCatalog } from './route-model';

const catalog: ModelCatalog = {
  loaded: 'qwen',
  pool: ['llama', 'qwen'],
  links: [{ linkId: 'l1', model: 'gpt-4o', name: 'OpenAI' }],
};

describe('routing a model name', () => {
  it('sends a name to the loaded model, then the pool, then a shared link', () => {
    expect(routeModel(catalog, 'qwen')).toEqual({ kind: 'loaded', model: 'qwen' });
    expect(routeModel(catalog, 'llama')).toEqual({ kind: 'pool', model: 'llama' });
    expect(routeModel(catalog, 'gpt-4o')).toEqual({ kind: 'link', linkId: 'l1', model: 'gpt-4o' });
    expect(routeModel(catalog, 'OpenAI/gpt-4o')).toEqual({ kind: 'link', linkId: 'l1', model: 'gpt-4o' });
    expect(routeModel(catalog, 'mistral')).toBeNull();
  });

  it("takes no name as the loaded model, else the pool's first", () => {
    expect(routeModel(catalog, undefined)).toEqual({ kind: 'loaded', model: 'qwen' });
    expect(routeModel({ ...catalog, loaded: null }, '')).toEqual({ kind: 'pool', model: 'llama' });
    expect(routeModel({ loaded: null, pool: [], links: [] }, null)).toBeNull();
  });

  it('lists each model once, only those the key may use', () => {
    expect(listModels(catalog, () => true).map((model) => model.id)).toEqual(['qwen', 'llama', 'gpt-4o']);
    expect(listModels(catalog, (model) => model !== 'llama').map((model) => model.id)).toEqual(['qwen', 'gpt-4o']);
  });
});
