import {
  type Serializer,
  type SerializerFactory,
  SerializerSelector,
} from '@fastify/fast-json-stringify-compiler';
import { discriminatorOf, unionSerializer } from './discriminated-union.js';

/**
 * Compiled validators and serializers, kept for every app this process builds. ajv and
 * fast-json-stringify generate and compile code for each route's schemas, which was most of an app's
 * start; a server builds one app, but the tests build hundreds per process from the same schemas
 * (docs/architecture.md, "Tests"). A compiled function depends only on the schema's text and on the
 * compiler and its options, so that text is the key.
 */
export function compiledOnce<T>(cache: Map<string, T>, schema: unknown, compile: () => T): T {
  const key = JSON.stringify(schema);
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile();
    cache.set(key, compiled);
  }
  return compiled;
}

const defaultSerializers = SerializerSelector();
const serializers = new Map<string, Map<string, Serializer>>();

/**
 * Fastify's own serializer factory (`schemaController.compilersFactory.buildSerializer`), with each
 * response schema compiled once per set of shared schemas (`addSchema`) and options, and a union
 * told apart by one property serialized branch by branch (http/plugins/discriminated-union.ts).
 */
export const buildSerializerOnce: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  const setKey = JSON.stringify([externalSchemas, options ?? null]);
  let cache = serializers.get(setKey);
  if (cache === undefined) {
    cache = new Map();
    serializers.set(setKey, cache);
  }
  const compiled = cache;
  return (route) =>
    compiledOnce(compiled, route.schema, () => {
      const discriminator = discriminatorOf(route.schema);
      if (discriminator === undefined) return compile(route);
      const branches = (route.schema as { anyOf: unknown[] }).anyOf.map((branch) =>
        compile({ ...route, schema: branch }),
      );
      return unionSerializer(discriminator, branches, () => compile(route));
    });
};
