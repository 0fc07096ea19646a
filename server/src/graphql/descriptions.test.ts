// Issue #8: every type, field, argument and enum value a frontend sees has a description.
import { readSupergraph } from '@social/gateway';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { frontendSchema } from '../cli/contract.js';

const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

function undescribed(): string[] {
  const missing: string[] = [];
  const schema = frontendSchema(readSupergraph());
  // The root types are described by their fields; type-graphql gives them no description of their own.
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name, schema.getSubscriptionType()?.name]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || BUILT_IN.has(type.name)) continue;
    if (!type.description && !roots.has(type.name)) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

/** Fields whose description admits they never carry a value, but that are not @deprecated. */
function undeprecatedStubs(): string[] {
  const schema = frontendSchema(readSupergraph());
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      if (/always (null|false|empty)|none can exist|not supported yet/i.test(field.description ?? '') && !field.deprecationReason) found.push(`${type.name}.${field.name}`);
    }
  }
  return found;
}

describe('the frontend schema', () => {
  it('describes every type, field, argument and enum value', () => {
    expect(undescribed()).toEqual([]);
  });

  it('deprecates every stub and always-null field, saying so', () => {
    expect(undeprecatedStubs()).toEqual([]);
  });
});
