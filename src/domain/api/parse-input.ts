import { type AnyObjectSchema, type ArraySchema, type InferType, type ISchema, ValidationError } from 'yup';
import { messages } from '../messages';

type AnySchema = ISchema<unknown> & { type: string; spec: { label?: string } };
type AnyArraySchema = ArraySchema<unknown[] | undefined, unknown> & AnySchema;

/** The name of the whole input in a message, when it is not an object at all. */
const INPUT_LABEL = '資料';

/**
 * Validates a request's body or query with its schema, after reducing it to what the schema describes
 * (`shapeInput`). `context` is yup's validation context, for rules that read `$today` and the like.
 */
export async function parseInput<S extends AnyObjectSchema>(
  schema: S,
  input: unknown,
  options: { context?: object } = {},
): Promise<InferType<S>> {
  return schema.validate(shapeInput(schema, input), { context: options.context });
}

/** `parseInput` for schemas whose rules are all synchronous (the server's route schemas): no context. */
export function parseInputSync<S extends AnyObjectSchema>(schema: S, input: unknown): InferType<S> {
  return schema.validateSync(shapeInput(schema, input));
}

/**
 * Reduces an input to what its schema describes: only own, known keys (at every level); an object or list
 * where a single value belongs is refused, and a list longer than its schema allows is refused before its
 * items are looked at. So no input, however deep, large or oddly keyed, reaches yup's casting, and every
 * refusal (a yup `ValidationError`) names the field, never its value. Shaping a shaped input changes nothing.
 */
export function shapeInput(schema: AnyObjectSchema, input: unknown): Record<string, unknown> {
  if (!isRecord(input)) throw refusal(messages.badFormat(INPUT_LABEL));
  return shaped(schema as unknown as AnySchema, input, INPUT_LABEL) as Record<string, unknown>;
}

/** `outer` is the label of the enclosing field: a list's items are named by the list. */
function shaped(schema: AnySchema, value: unknown, outer: string): unknown {
  if (value === undefined || value === null) return value;
  const label = schema.spec.label || outer;
  switch (schema.type) {
    case 'object': {
      if (!isRecord(value)) throw refusal(messages.badFormat(label));
      const fields = (schema as unknown as AnyObjectSchema).fields as Record<string, AnySchema>;
      const known: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(fields)) {
        if (Object.hasOwn(value, key)) known[key] = shaped(field, value[key], key);
      }
      return known;
    }
    case 'array': {
      if (!Array.isArray(value)) throw refusal(messages.badFormat(label));
      const max = maxItems(schema as AnyArraySchema);
      if (max !== undefined && value.length > max) throw refusal(messages.maxCount(label, max));
      const item = (schema as AnyArraySchema).innerType as AnySchema | undefined;
      return item ? value.map((entry) => shaped(item, entry, label)) : [...value];
    }
    case 'mixed':
      // free-form (e.g. a campaign query): its own entries only; its tests say what they may hold
      return isRecord(value) ? Object.fromEntries(Object.entries(value)) : value;
    default:
      if (typeof value === 'object') throw refusal(messages.badFormat(label));
      return value;
  }
}

function maxItems(schema: AnyArraySchema): number | undefined {
  const max = schema.describe().tests.find((test) => test.name === 'max')?.params?.max;
  return typeof max === 'number' ? max : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refusal(message: string): ValidationError {
  return new ValidationError(message);
}
