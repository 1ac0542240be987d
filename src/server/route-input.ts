import type {
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { type AnyObjectSchema, type InferType, ObjectSchema, ValidationError } from 'yup';
import { parseInputSync, shapeInput } from '../domain/api/parse-input';

/**
 * A route input whose rules need what only the handler knows (the visitor's cart, the item sent): the
 * route checks its shape (`shapeInput`), and the handler runs the schema with that context.
 */
export interface ShapeOnly<S extends AnyObjectSchema = AnyObjectSchema> {
  readonly shapeOf: S;
}

export function shapeOnly<S extends AnyObjectSchema>(schema: S): ShapeOnly<S> {
  return { shapeOf: schema };
}

/** What a route declares in `schema: { body | querystring | params }`. */
export type RouteInput = AnyObjectSchema | ShapeOnly;

/**
 * The app's one validator compiler: every route's `schema.body`, `querystring` and `params` is a shared yup
 * schema (src/domain/api), run by `parseInputSync`; the handler reads the cast value from the request. A
 * refusal is the yup `ValidationError`, which the errors plugin answers 400 with its Traditional Chinese
 * message, as a handler's own refusal was.
 */
export const yupValidatorCompiler: FastifySchemaCompiler<RouteInput> = ({
  schema,
  method,
  url,
  httpPart,
}) => {
  const check = isShapeOnly(schema)
    ? (data: unknown) => shapeInput(schema.shapeOf, data)
    : schema instanceof ObjectSchema
      ? (data: unknown) => parseInputSync(schema, data)
      : undefined;
  if (!check) throw new Error(`${method} ${url}: the ${httpPart} schema is not a yup object schema`);
  return (data: unknown) => {
    try {
      return { value: check(data) };
    } catch (error) {
      if (ValidationError.isError(error)) return { error };
      throw error;
    }
  };
};

function isShapeOnly(schema: unknown): schema is ShapeOnly {
  return typeof schema === 'object' && schema !== null && 'shapeOf' in schema;
}

/** Types `request.body/query/params` as the route's schema casts them (`app.withTypeProvider`). */
export interface YupTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends AnyObjectSchema ? InferType<this['schema']> : unknown;
  serializer: this['schema'] extends AnyObjectSchema ? InferType<this['schema']> : unknown;
}

/** A plugin of API routes: its handlers read `request.body/query/params` as their route's schema casts them. */
export type RoutesPlugin<Options extends FastifyPluginOptions> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  YupTypeProvider
>;
