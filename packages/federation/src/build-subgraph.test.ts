import { execute, parse, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Field, FieldResolver, ID, Info, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { buildSubgraph } from './build-subgraph.js';

@ObjectType()
class Gadget {
  @Field(() => ID)
  id!: string;

  name!: string;

  /** Present on instances only: a root copied into one has it. */
  kind = 'gadget';
}

interface GadgetContext {
  prefix: string;
}

const calls: Array<{ field: string; self: unknown; root: unknown }> = [];

@Resolver(() => Gadget)
class GadgetResolver {
  @Query(() => [Gadget])
  gadgets(): unknown[] {
    const instance = Object.assign(new Gadget(), { id: '1', name: 'lamp' });
    // A plain object where an instance is declared: type-graphql's own resolver copies it into one.
    return [instance, { id: '2', name: 'fan' }];
  }

  @FieldResolver(() => String)
  label(@Root() gadget: Gadget, @Ctx() ctx: GadgetContext): string {
    calls.push({ field: 'label', self: this, root: gadget });
    return `${ctx.prefix}${gadget.name} (${gadget.kind})`;
  }

  @FieldResolver(() => String)
  where(@Info() info: GraphQLResolveInfo, @Root() gadget: Gadget): string {
    calls.push({ field: 'where', self: this, root: gadget });
    return `${info.parentType.name}.${info.fieldName} of ${gadget.id}`;
  }

  @FieldResolver(() => String)
  shout(@Root() gadget: Gadget, @Arg('times', () => Number) times: number): string {
    calls.push({ field: 'shout', self: this, root: gadget });
    return gadget.name.toUpperCase().repeat(times);
  }
}

describe('buildSubgraph', () => {
  it('calls field resolvers of root, context and info directly, and answers as type-graphql does', async () => {
    const resolver = new GadgetResolver();
    const schema = await buildSubgraph({ resolvers: [resolver], referenceResolvers: {} });
    const fields = (schema.getType('Gadget') as GraphQLObjectType).getFields();
    calls.length = 0;

    const result = await execute({
      schema,
      document: parse('{ gadgets { id label where shout(times: 2) } }'),
      contextValue: { prefix: '> ' } satisfies GadgetContext,
    });

    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      gadgets: [
        { id: '1', label: '> lamp (gadget)', where: 'Gadget.where of 1', shout: 'LAMPLAMP' },
        { id: '2', label: '> fan (gadget)', where: 'Gadget.where of 2', shout: 'FANFAN' },
      ],
    });
    // Every call ran on the subgraph's own resolver instance, with an instance of the declared type.
    expect(calls.every((call) => call.self === resolver && call.root instanceof Gadget)).toBe(true);
    expect(calls).toHaveLength(6);
    // The direct resolvers are in the schema; the one with an argument keeps type-graphql's (which builds its resolverData per call).
    expect(fields.label?.resolve?.toString()).not.toContain('resolverData');
    expect(fields.where?.resolve?.toString()).not.toContain('resolverData');
    expect(fields.shout?.resolve?.toString()).toContain('resolverData');
  });
});
