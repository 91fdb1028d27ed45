import fc from 'fast-check';
import type { Json, JsonSchema } from './route-schemas.ts';

/** Valid values by field name, for what a JSON Schema cannot say (patterns, refinements, pairings). */
export type FieldExamples = Record<string, Json>;

export function branches(s: JsonSchema): JsonSchema[] {
  return s.anyOf ?? s.oneOf ?? [];
}

/** A value the schema accepts: the field's example if one is given, else built from the schema. */
export function sampleValid(s: JsonSchema, examples: FieldExamples, key?: string): Json {
  if (key !== undefined && key in examples) return examples[key]!;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0]!;
  const options = branches(s);
  if (options.length) {
    const nonNull =
      options.find((o) => o.type !== 'null' && o.const !== '' && !branches(o).length) ?? options[0]!;
    return sampleValid(nonNull, examples, key);
  }
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleValid(v, examples, k);
      if (!s.properties && typeof s.additionalProperties === 'object')
        out.fuzzKey = sampleValid(s.additionalProperties, examples);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sampleValid(s.items ?? {}, examples, key),
      );
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'email') return 'fuzz@test.pvstar.local';
      if (s.format === 'date-time') return '2025-06-01T12:00:00Z';
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 64;
      return 'fuzzvalue'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 9)));
    }
    default:
      return 'fuzz';
  }
}

/**
 * Values of the schema's shape that keep every field's JSON type and stay within its declared lengths
 * and ranges, with anything inside them: random text, text matching the field's pattern, and text of
 * exactly the longest allowed length (digits, an e-mail, a phone). What the hostile generator does not
 * reach: input the schemas accept that is longer than a column behind them.
 */
export function schemaShaped(s: JsonSchema, examples: FieldExamples, key?: string): fc.Arbitrary<Json> {
  const example = key !== undefined && key in examples ? [fc.constant(examples[key]!)] : [];
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const options = branches(s);
  if (options.length) return fc.oneof(...example, ...options.map((o) => schemaShaped(o, examples, key)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, schemaShaped(v, examples, k)]),
      );
      return fc.record(props, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Json>;
    }
    case 'array':
      return fc.array(schemaShaped(s.items ?? {}, examples, key), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'integer':
    case 'number':
      return fc.oneof(
        ...example,
        fc.integer({
          min: Math.max(s.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(s.maximum ?? 2_147_483_647, Number.MAX_SAFE_INTEGER),
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 300;
      const longest = (fill: (n: number) => string) => fc.integer({ min, max }).map(fill);
      const matching: fc.Arbitrary<Json>[] = [];
      if (s.pattern)
        try {
          matching.push(fc.stringMatching(new RegExp(s.pattern)));
        } catch {
          // A pattern fast-check cannot generate from (look-aheads): the other branches still run.
        }
      return fc.oneof(
        ...example,
        ...matching,
        fc.string({ unit: 'binary', minLength: min, maxLength: max }),
        longest((n) => '4'.repeat(n)),
        longest((n) => `${'x'.repeat(Math.max(1, n - 17))}@test.pvstar.local`.slice(-n)),
        longest((n) => `+49${'1'.repeat(Math.max(0, n - 3))}`),
        longest((n) => 'ä'.repeat(n)),
      );
    }
    default:
      return fc.oneof(...example, fc.string({ maxLength: 40 }));
  }
}
