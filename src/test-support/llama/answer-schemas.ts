// JSON schemas the tests hold the tiny random model's answers to. Bounded strings and numbers, so the grammar closes
// the JSON well inside an answer's token limit; ASCII strings, because random weights also write byte tokens that make
// no valid UTF-8, which the grammar lets through and llama-server's own output parser then refuses (a server error in
// about one answer in forty).

/** A person: a required string, integer and enum, nothing else. */
export const PERSON_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z ]{1,12}$' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    colour: { enum: ['red', 'green', 'blue'] },
  },
  required: ['name', 'age', 'colour'],
  additionalProperties: false,
};

/** The person with a short list of tags besides. */
export const TAGGED_PERSON_SCHEMA = {
  ...PERSON_SCHEMA,
  properties: {
    ...PERSON_SCHEMA.properties,
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]{1,6}$' }, maxItems: 3 },
  },
  required: [...PERSON_SCHEMA.required, 'tags'],
};

/** One to five small integers. */
export const SCORES_SCHEMA = {
  type: 'array',
  items: { type: 'integer', minimum: 0, maximum: 99 },
  minItems: 1,
  maxItems: 5,
};
