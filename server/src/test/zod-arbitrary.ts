import fc from 'fast-check';
import type { z } from 'zod';

/** Strings that have broken parsers, databases and mail headers elsewhere. */
export const nastyStrings = [
  '',
  ' ',
  '\r\nBcc: victim@example.com',
  '\u0000',
  '\u202e',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  "' OR 1=1 --",
  '"; DROP TABLE projects; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '%00',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
  'ä'.repeat(300),
  '😀'.repeat(50),
  'x'.repeat(70_000),
];

/** NUL, C0 and C1 controls, bidi overrides, line separators: what a database or a mail header may choke on. */
const controlCharacters = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\u202e', '\u2028'];

/** The strings of `base`, often with a control character put in at any place. */
function withControls(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const spliced = fc
    .tuple(base, fc.constantFrom(...controlCharacters), fc.nat())
    .map(([text, control, at]) => text.slice(0, at % (text.length + 1)) + control + text.slice(at % (text.length + 1)));
  return fc.oneof(base, spliced);
}

const nastyString = fc.oneof(
  fc.constantFrom(...nastyStrings),
  withControls(fc.string({ maxLength: 40 })),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5, Number.MAX_VALUE),
  fc.integer(),
  fc.double(),
);
/** Any JSON value, including the ones that a schema should refuse. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

type Def = { type: string; [key: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;

/**
 * Values shaped like the schema (objects with its keys, arrays of its elements), with leaves
 * that are sometimes valid and often not: what a careless or hostile client sends.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const wild = depth > 3 ? anyJson : fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 4, arbitrary: shaped(def, depth) });
  return wild;
}

function shaped(def: Def, depth: number): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, z.ZodType>);
      const record = fc.record(Object.fromEntries(entries.map(([key, value]) => [key, arbitraryFor(value, depth + 1)])), {
        requiredKeys: [],
      });
      const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'admin', 'extra'), anyJson, {
        maxKeys: 2,
      });
      const mixed = fc.tuple(record, extra, fc.boolean()).map(([r, e, addExtra]) => (addExtra ? { ...e, ...r } : r));
      if (entries.length === 0) return mixed;
      // One field alone: where the others are optional, the request is valid but for that one,
      // so a hostile value gets past the schema's other checks to the code behind it.
      const single = fc
        .constantFrom(...entries)
        .chain(([key, value]) => arbitraryFor(value, depth + 1).map((v) => ({ [key]: v })));
      return fc.oneof(mixed, single);
    }
    case 'array':
      return fc.array(arbitraryFor(def.element, depth + 1), { maxLength: 4 });
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return arbitraryFor(def.innerType, depth);
    case 'pipe':
      // z.preprocess(fn, schema) is a pipe from a transform: the schema says what is expected.
      return arbitraryFor(defOf(def.in).type === 'transform' ? def.out : def.in, depth);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFor(o, depth)));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'number':
    case 'int':
      return nastyNumber;
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(nastyString, withControls(fc.emailAddress()), withControls(fc.string({ minLength: 1, maxLength: 30 })));
    default:
      return anyJson;
  }
}

/** Query-string and path values: always strings, often hostile. */
export const anyParam = fc.oneof(
  nastyString,
  fc.integer().map(String),
  withControls(fc.constantFrom('1', '2', '0', '-5', '1.5', 'abc')),
);
