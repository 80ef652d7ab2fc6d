// A server's question (`elicitation/create`, form mode) as EVA asks it: the
// requested schema read into fields the form can show, and the user's answer
// checked against them. Pure, so the card, `eva run` and the core apply the
// same rules: the card refuses a bad value before it is sent, the core again
// before it goes to the server.

/** One input of the form, read from a property of the requested schema. */
export type ElicitField = {
  name: string;
  /** the schema's title, else the property's name */
  label: string;
  description?: string;
  required: boolean;
} & (
  | { type: 'string'; minLength?: number; maxLength?: number; format?: string; default?: string }
  | { type: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number }
  | { type: 'boolean'; default?: boolean }
  | { type: 'enum'; options: { value: string; label: string }[]; default?: string }
);

/** What the user answered: the values (accept), no (decline), or not now (cancel: the card was closed or stopped). */
export type ElicitAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** Why a value was refused; the card and the terminal word it in the user's language. */
export type ElicitProblemCode =
  | 'required'
  | 'not_number'
  | 'not_integer'
  | 'too_small'
  | 'too_large'
  | 'too_short'
  | 'too_long'
  | 'not_option'
  | 'not_boolean'
  | 'bad_format'
  | 'unknown_field';

export interface ElicitProblem {
  field: string;
  code: ElicitProblemCode;
  /** the bound that was crossed, or the format expected */
  limit?: number | string;
}

export type ElicitCheck =
  { ok: true; content: Record<string, string | number | boolean> } | { ok: false; problems: ElicitProblem[] };

/** The fields of a requested schema, or what in it EVA cannot ask for, said exactly. */
export function readElicitSchema(schema: unknown): { ok: true; fields: ElicitField[] } | { ok: false; why: string } {
  if (!isRecord(schema) || schema.type !== 'object' || !isRecord(schema.properties))
    return { ok: false, why: 'the requested schema is not an object with "properties"' };
  const required = Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [];
  const fields: ElicitField[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const field = readField(name, property, required.includes(name));
    if (typeof field === 'string') return { ok: false, why: `field "${name}": ${field}` };
    fields.push(field);
  }
  return { ok: true, fields };
}

function readField(name: string, property: unknown, required: boolean): ElicitField | string {
  if (!isRecord(property)) return 'not a schema';
  const base = {
    name,
    label: text(property.title) ?? name,
    required,
    ...(text(property.description) ? { description: text(property.description)! } : {}),
  };
  const type = property.type;
  if (type === 'string' && (Array.isArray(property.enum) || Array.isArray(property.oneOf))) {
    const options = enumOptions(property);
    if (options.length === 0) return 'a choice with no options';
    return { ...base, type: 'enum', options, ...withDefault(text(property.default)) };
  }
  if (type === 'string')
    return {
      ...base,
      type: 'string',
      ...numberKey('minLength', property.minLength),
      ...numberKey('maxLength', property.maxLength),
      ...(text(property.format) ? { format: text(property.format)! } : {}),
      ...withDefault(typeof property.default === 'string' ? property.default : undefined),
    };
  if (type === 'number' || type === 'integer')
    return {
      ...base,
      type,
      ...numberKey('minimum', property.minimum),
      ...numberKey('maximum', property.maximum),
      ...withDefault(finite(property.default)),
    };
  if (type === 'boolean')
    return {
      ...base,
      type: 'boolean',
      ...withDefault(typeof property.default === 'boolean' ? property.default : undefined),
    };
  if (type === 'array') return 'lists of choices (type "array") are not supported; EVA asks for one value per field';
  return `the type ${JSON.stringify(type ?? null)} is not one a form can ask for (string, number, integer, boolean, enum)`;
}

function enumOptions(property: Record<string, unknown>): { value: string; label: string }[] {
  if (Array.isArray(property.oneOf))
    return property.oneOf.flatMap((option) =>
      isRecord(option) && typeof option.const === 'string'
        ? [{ value: option.const, label: text(option.title) ?? option.const }]
        : [],
    );
  const names = Array.isArray(property.enumNames) ? property.enumNames : [];
  return (property.enum as unknown[]).flatMap((value, i) =>
    typeof value === 'string' ? [{ value, label: text(names[i]) ?? value }] : [],
  );
}

/** The values a form starts with: the schema's defaults; booleans start unticked. */
export function initialElicitValues(fields: readonly ElicitField[]): Record<string, string | boolean> {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.type === 'boolean' ? (field.default ?? false) : field.default === undefined ? '' : String(field.default),
    ]),
  );
}

const FORMATS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
};

/**
 * Checks the answer against the fields: `values` as a form holds them (text for text and number inputs) or as typed
 * values; an empty optional field is left out. The content has the schema's types.
 */
export function checkElicitValues(fields: readonly ElicitField[], values: Record<string, unknown>): ElicitCheck {
  const problems: ElicitProblem[] = [];
  const content: Record<string, string | number | boolean> = {};
  const known = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(values)) if (!known.has(name)) problems.push({ field: name, code: 'unknown_field' });
  for (const field of fields) {
    const raw = values[field.name];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (field.type !== 'boolean' && empty) {
      if (field.required) problems.push({ field: field.name, code: 'required' });
      continue;
    }
    const checked = checkValue(field, raw);
    if ('code' in checked) problems.push({ field: field.name, ...checked });
    else if (checked.value !== undefined) content[field.name] = checked.value;
  }
  return problems.length === 0 ? { ok: true, content } : { ok: false, problems };
}

type Checked = { value: string | number | boolean | undefined } | { code: ElicitProblemCode; limit?: number | string };

function checkValue(field: ElicitField, raw: unknown): Checked {
  switch (field.type) {
    case 'boolean':
      if (raw === undefined) return { value: field.required ? false : undefined };
      return typeof raw === 'boolean' ? { value: raw } : { code: 'not_boolean' };
    case 'enum': {
      const value = String(raw);
      return field.options.some((option) => option.value === value) ? { value } : { code: 'not_option' };
    }
    case 'string': {
      if (typeof raw !== 'string') return { code: 'bad_format', limit: 'text' };
      const length = [...raw].length;
      if (field.minLength !== undefined && length < field.minLength)
        return { code: 'too_short', limit: field.minLength };
      if (field.maxLength !== undefined && length > field.maxLength)
        return { code: 'too_long', limit: field.maxLength };
      const format = field.format ? FORMATS[field.format] : undefined;
      if (format && !format.test(raw.trim())) return { code: 'bad_format', limit: field.format };
      return { value: raw };
    }
    default: {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(value)) return { code: 'not_number' };
      if (field.type === 'integer' && !Number.isInteger(value)) return { code: 'not_integer' };
      if (field.minimum !== undefined && value < field.minimum) return { code: 'too_small', limit: field.minimum };
      if (field.maximum !== undefined && value > field.maximum) return { code: 'too_large', limit: field.maximum };
      return { value };
    }
  }
}

/** A problem in plain English, for the server and the log (the card and the terminal use their own words). */
export function describeElicitProblem(problem: ElicitProblem): string {
  const limit = problem.limit === undefined ? '' : ` (${problem.limit})`;
  return `${problem.field}: ${problem.code.replace(/_/g, ' ')}${limit}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function numberKey<K extends string>(key: K, value: unknown): Partial<Record<K, number>> {
  const number = finite(value);
  return number === undefined ? {} : ({ [key]: number } as Record<K, number>);
}

function withDefault<T>(value: T | undefined): { default?: T } {
  return value === undefined ? {} : { default: value };
}
