import 'reflect-metadata';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { Kind, parse, visit, type DirectiveNode, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, getMetadataStorage, type BuildSchemaOptions } from 'type-graphql';

type GraphQLResolverMap = NonNullable<Parameters<typeof buildSubgraphSchema>[0] extends infer O ? O extends { resolvers?: infer R } ? R : never : never>;

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", ' +
  'import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible"])';

/** `__resolveReference` per entity type name. */
/** Each entity's `__resolveReference`, given its key fields (`id`, or `shortcode` for a custom emoji). */
export type ReferenceResolvers = Record<string, ((reference: { id: string }, context: never) => unknown) | ((reference: { shortcode: string }, context: never) => unknown)>;

export interface SubgraphDefinition {
  /** Resolver instances, constructed with their services by the subgraph. */
  resolvers: object[];
  orphanedTypes?: BuildSchemaOptions['orphanedTypes'];
  referenceResolvers: ReferenceResolvers;
  /** Enums kept out of the API schema (@inaccessible): type-graphql puts no directive on an enum. */
  inaccessibleEnums?: string[];
}

/**
 * A plain `@Field` (a property, no field resolver) is read by graphql's
 * default resolution, which graphql-jit compiles into a property read,
 * rather than through the resolver type-graphql gives every field: a
 * closure that allocates its arguments object and runs the (empty)
 * middleware chain, for every field of every object of every answer
 * (type-graphql's own `simple` option, set here for every field it fits).
 * A field with middlewares or roles, or whose schema name differs from its
 * property, keeps type-graphql's resolver.
 */
function plainFieldsReadByDefault(): void {
  for (const field of getMetadataStorage().fields) {
    if (field.simple !== undefined || field.name !== field.schemaName || (field.middlewares?.length ?? 0) > 0 || (field.roles?.length ?? 0) > 0) continue;
    field.simple = true;
  }
}

type FieldResolve = (root: unknown, args: unknown, context: unknown, info: unknown) => unknown;

/**
 * A `@FieldResolver` method whose parameters are only `@Root()`, `@Ctx()`
 * and `@Info()` (no arguments to convert or validate), with no middlewares
 * or roles, is called directly: type-graphql's resolver sorts and maps the
 * parameter list, checks each value for a promise and runs the (empty)
 * middleware chain on every call, for every such field of every object of
 * every answer (a status has a dozen). A root that is not an instance of the
 * method's declared type still goes through type-graphql's resolver, which
 * copies it into one (the services hand over instances: `instanceOf`).
 */
function callFieldResolversDirectly(typeGraphqlSchema: GraphQLSchema, resolvers: GraphQLResolverMap, instances: Map<unknown, object>): void {
  const storage = getMetadataStorage();
  for (const meta of storage.fieldResolvers) {
    const instance = instances.get(meta.target) as Record<string, unknown> | undefined;
    if (!instance || meta.kind !== 'external' || (meta.middlewares?.length ?? 0) > 0 || (meta.roles?.length ?? 0) > 0) continue;
    const params = [...(meta.params ?? [])].sort((a, b) => a.index - b.index);
    const plain = params.every((p) => p.kind === 'info' || ((p.kind === 'root' || p.kind === 'context') && !p.propertyName));
    const objectClass = meta.getObjectType?.();
    const typeName = storage.objectTypes.find((type) => type.target === objectClass)?.name;
    const typeResolvers = typeName ? (resolvers[typeName] as Record<string, unknown> | undefined) : undefined;
    const original = typeResolvers?.[meta.schemaName];
    const method = instance[meta.methodName];
    if (!plain || !typeResolvers || typeof original !== 'function' || typeof method !== 'function' || !typeName || !typeGraphqlSchema.getType(typeName)) continue;
    const rootParam = params.find((p) => p.kind === 'root');
    const rootClass = rootParam?.kind === 'root' ? rootParam.getType?.() : undefined;
    const declared = typeof rootClass === 'function' ? rootClass : null;
    const kinds = params.map((p) => p.kind).join(',');
    const call = method as (...values: unknown[]) => unknown;
    const slow = original as FieldResolve;
    let direct: FieldResolve;
    if (kinds === 'root,context') direct = (root, args, context, info) => (declared && !(root instanceof declared) ? slow(root, args, context, info) : call.call(instance, root, context));
    else if (kinds === 'root') direct = (root, args, context, info) => (declared && !(root instanceof declared) ? slow(root, args, context, info) : call.call(instance, root));
    else {
      const read = params.map((p) => p.kind);
      direct = (root, args, context, info) => {
        if (declared && !(root instanceof declared)) return slow(root, args, context, info);
        return call.apply(instance, read.map((kind) => (kind === 'root' ? root : kind === 'context' ? context : info)));
      };
    }
    typeResolvers[meta.schemaName] = direct;
  }
}

const INACCESSIBLE: DirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'inaccessible' } };

/**
 * The federation glue, written once: build the type-graphql schema, print it
 * with its directives behind the Federation 2 link, and build the subgraph
 * schema from that SDL with type-graphql's resolvers plus each entity's
 * `__resolveReference`.
 */
export async function buildSubgraph(definition: SubgraphDefinition): Promise<GraphQLSchema> {
  plainFieldsReadByDefault();
  const instances = new Map<unknown, object>(definition.resolvers.map((resolver) => [resolver.constructor, resolver]));
  const typeGraphqlSchema = await buildSchema({
    resolvers: [...instances.keys()] as unknown as BuildSchemaOptions['resolvers'],
    container: { get: (resolverClass: unknown) => instances.get(resolverClass) },
    orphanedTypes: definition.orphanedTypes,
    skipCheck: true,
    validate: false,
  });
  const resolvers = createResolversMap(typeGraphqlSchema) as GraphQLResolverMap;
  callFieldResolversDirectly(typeGraphqlSchema, resolvers, instances);
  for (const [typeName, resolveReference] of Object.entries(definition.referenceResolvers)) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), __resolveReference: resolveReference } as never;
  }
  const sdl = `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(typeGraphqlSchema)}`;
  const hidden = new Set(definition.inaccessibleEnums ?? []);
  const typeDefs = visit(parse(sdl), {
    [Kind.ENUM_TYPE_DEFINITION]: (node) => (hidden.has(node.name.value) ? { ...node, directives: [...(node.directives ?? []), INACCESSIBLE] } : undefined),
  });
  return buildSubgraphSchema({ typeDefs, resolvers });
}
