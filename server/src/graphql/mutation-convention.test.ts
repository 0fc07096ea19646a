// Issue #20: every mutation follows docs/graphql.md#mutations (one `input`, one payload with `errors`).
import { readSupergraph } from '@social/gateway';
import { buildSchema, getNamedType, isListType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import { frontendSchema } from '../cli/contract.js';

/** The mutation fields that break the convention, each with what is wrong. */
function offConvention(schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const name = field.name.charAt(0).toUpperCase() + field.name.slice(1);
    const where = `Mutation.${field.name}`;
    const args = field.args.map((arg) => `${arg.name}: ${String(arg.type)}`);
    if (args.length > 0 && (args.length !== 1 || args[0] !== `input: ${name}Input!`)) problems.push(`${where} takes (${args.join(', ')}), not (input: ${name}Input!)`);
    if (String(field.type) !== `${name}Payload!`) {
      problems.push(`${where} answers ${String(field.type)}, not ${name}Payload!`);
      continue;
    }
    const payload = getNamedType(field.type);
    const errors = isObjectType(payload) ? payload.getFields().errors : undefined;
    if (!errors || String(errors.type) !== '[UserError!]!') problems.push(`${where}: ${name}Payload has no errors: [UserError!]!`);
    if (!isObjectType(payload)) continue;
    for (const other of Object.values(payload.getFields())) {
      // What a mutation changed is null when there are errors.
      if (other.name !== 'errors' && isNonNullType(other.type)) problems.push(`${where}: ${name}Payload.${other.name} is not nullable`);
    }
  }
  return problems;
}

describe('the mutation convention', () => {
  it('holds for every mutation of the frontend schema', () => {
    const schema = frontendSchema(readSupergraph());
    expect(offConvention(schema)).toEqual([]);
    // The payloads' UserError is the one of the convention.
    const userError = schema.getType('UserError');
    expect(isObjectType(userError) && Object.keys(userError.getFields())).toEqual(['code', 'message', 'field', 'detail']);
    expect(isObjectType(userError) && isListType(userError.getFields().field.type)).toBe(true);
  });

  it('reports bare ids, bare answers, a misnamed input and a payload without errors', () => {
    const schema = buildSchema(`
      type Status { id: ID! }
      type UserError { code: String! message: String! field: [String!] detail: String }
      input FavouriteStatusInput { statusId: ID! }
      input StatusInput { statusId: ID! }
      type PinStatusPayload { status: Status! }
      type UnpinStatusPayload { status: Status errors: [UserError!]! }
      type Query { status: Status }
      type Mutation {
        deleteStatus(id: ID!): Status!
        favouriteStatus(input: FavouriteStatusInput!, visibility: String): Boolean!
        muteStatus(input: StatusInput!): UnpinStatusPayload!
        pinStatus: PinStatusPayload!
        unpinStatus(input: StatusInput): UnpinStatusPayload!
        clearNotifications: ClearNotificationsPayload!
      }
      type ClearNotificationsPayload { cleared: Boolean errors: [UserError!]! }
    `);
    expect(offConvention(schema)).toEqual([
      'Mutation.deleteStatus takes (id: ID!), not (input: DeleteStatusInput!)',
      'Mutation.deleteStatus answers Status!, not DeleteStatusPayload!',
      'Mutation.favouriteStatus takes (input: FavouriteStatusInput!, visibility: String), not (input: FavouriteStatusInput!)',
      'Mutation.favouriteStatus answers Boolean!, not FavouriteStatusPayload!',
      'Mutation.muteStatus takes (input: StatusInput!), not (input: MuteStatusInput!)',
      'Mutation.muteStatus answers UnpinStatusPayload!, not MuteStatusPayload!',
      'Mutation.pinStatus: PinStatusPayload has no errors: [UserError!]!',
      'Mutation.pinStatus: PinStatusPayload.status is not nullable',
      'Mutation.unpinStatus takes (input: StatusInput), not (input: UnpinStatusInput!)',
    ]);
  });
});
