import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { ENTITY_POLICIES } from './policy.js';
import { MUTATION_EFFECTS } from './writes.js';

const schema = buildSchema(readFileSync(join(__dirname, '../../api-schema.graphql'), 'utf8'));

describe('the entity cache policy', () => {
  it.each(Object.keys(ENTITY_POLICIES))('classifies every field of %s, and only fields it has', (typename) => {
    const type = schema.getType(typename);
    if (!isObjectType(type)) throw new Error(`${typename} is not an object type of the API schema`);
    const fields = Object.keys(type.getFields()).sort();
    expect(Object.keys(ENTITY_POLICIES[typename]?.fields ?? {}).sort()).toEqual(fields);
  });

  it('knows what every mutation of the composed schema retires, and names no mutation the schema lacks', () => {
    const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {}).sort();
    expect(Object.keys(MUTATION_EFFECTS).sort()).toEqual(mutations);
  });
});
