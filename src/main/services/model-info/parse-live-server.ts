// llama-server's /props and /slots answers read into what the Model info page
// shows. Fields differ between builds (older ones had n_past, newer ones
// n_prompt_tokens), so everything is optional and a missing figure is null. Pure.
import type { LiveProps, LiveSlot } from '@shared/model-info/model-info-types';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** /props: the model, the context per slot, the slot count, whether /slots is on (null: this build does not say). */
export function parseProps(body: unknown): { props: LiveProps; slotsEndpoint: boolean | null } {
  const props = record(body);
  const settings = record(props.default_generation_settings);
  const modalities = record(props.modalities);
  return {
    props: {
      modelPath: str(props.model_path),
      modelAlias: str(props.model_alias),
      nCtx: num(settings.n_ctx) ?? num(props.n_ctx) ?? 0,
      totalSlots: num(props.total_slots),
      build: str(props.build_info),
      vision: modalities.vision === true,
      audio: modalities.audio === true,
      sleeping: props.is_sleeping === true,
    },
    slotsEndpoint: typeof props.endpoint_slots === 'boolean' ? props.endpoint_slots : null,
  };
}

/** /slots: one entry per slot; the prompt and answer texts it also carries are left behind. */
export function parseSlots(body: unknown): LiveSlot[] {
  if (!Array.isArray(body)) return [];
  return body.map((item, index) => {
    const slot = record(item);
    const next = record(Array.isArray(slot.next_token) ? slot.next_token[0] : slot.next_token);
    return {
      id: num(slot.id) ?? index,
      nCtx: num(slot.n_ctx) ?? 0,
      processing: slot.is_processing === true,
      tokens: num(slot.n_prompt_tokens) ?? num(slot.n_past),
      promptProcessed: num(slot.n_prompt_tokens_processed),
      promptCached: num(slot.n_prompt_tokens_cache),
      decoded: num(next.n_decoded),
    };
  });
}
