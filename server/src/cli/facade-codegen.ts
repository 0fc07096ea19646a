/**
 * The REST facade's own operations (docs/graphql-codegen.md#the-facades-own-operations):
 * every `.graphql` file under rest-facade/src (operations beside the route module
 * that runs them, fragments beside the entity mapper that reads them), validated
 * against gateway/api-schema.graphql, becomes one generated module,
 * rest-facade/src/gql/operations.ts: GraphQL Codegen's typescript-operations
 * types (each operation's result and variables, each fragment's shape) and, per
 * operation, a typed constant holding its name and its document text with the
 * fragments it spreads, so nothing is parsed or read from disk at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import type { CodegenPlugin } from '@graphql-codegen/plugin-helpers';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import {
  Kind,
  buildSchema,
  parse,
  print,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { CONTRACT_FILE } from './contract.js';

/** Where the facade's documents live and where their module is written. */
const FACADE_SOURCES = 'rest-facade/src';
export const FACADE_OPERATIONS_MODULE = 'rest-facade/src/gql/operations.ts';

interface Source {
  file: string;
  document: DocumentNode;
}

function graphqlFiles(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return graphqlFiles(root, relative);
    return entry.name.endsWith('.graphql') ? [relative] : [];
  });
}

function spreadsOf(node: OperationDefinitionNode | FragmentDefinitionNode): string[] {
  const names: string[] = [];
  visit(node, {
    FragmentSpread(spread) {
      if (!names.includes(spread.name.value)) names.push(spread.name.value);
    },
  });
  return names;
}

/** The operation followed by every fragment it reaches, each once, in the order first spread. */
function documentText(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): string {
  const order: string[] = [];
  const walk = (names: string[]) => {
    for (const name of names) {
      if (order.includes(name)) continue;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`${operation.name?.value}: fragment ${name} is not defined in any .graphql file`);
      order.push(name);
      walk(spreadsOf(fragment));
    }
  };
  walk(spreadsOf(operation));
  return [operation, ...order.map((name) => fragments.get(name)!)].map((node) => print(node)).join('\n');
}

/** Emits, per operation, `export const Name = typedOperation<Result, Variables>('Name', text)`, then the fragments' texts. */
function operationsPlugin(fragments: Map<string, FragmentDefinitionNode>): CodegenPlugin {
  return {
    plugin(_schema, documents) {
      const constants: string[] = [];
      for (const file of documents) {
        for (const definition of file.document?.definitions ?? []) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
          const name = definition.name!.value;
          const kind = definition.operation.charAt(0).toUpperCase() + definition.operation.slice(1);
          const text = documentText(definition, fragments);
          constants.push(
            `/** ${file.location} */\nexport const ${name} = typedOperation<${name}${kind}, ${name}${kind}Variables>(${JSON.stringify(name)}, ${JSON.stringify(text)});`,
          );
        }
      }
      // Each fragment's own text, for operations still written as inline strings (entities/inline-fragments.ts).
      const definitions = [...fragments.keys()].sort().map((name) => `  ${name}: ${JSON.stringify(print(fragments.get(name)!))},`);
      constants.push(`/** Each fragment's own text, by name. */\nexport const FRAGMENT_DEFINITIONS: Readonly<Record<string, string>> = {\n${definitions.join('\n')}\n};`);
      return { prepend: [`import { typedOperation } from '../entities/operation.js';`], content: constants.join('\n\n') };
    },
  };
}

function readSources(root: string): Source[] {
  return graphqlFiles(root, FACADE_SOURCES).map((file) => {
    try {
      return { file, document: parse(readFileSync(path.join(root, file), 'utf8')) };
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  });
}

/** What is wrong with the facade's .graphql files: syntax, validation against the contract, names used twice. */
function problemsOf(schema: GraphQLSchema, sources: Source[], fragments: Map<string, FragmentDefinitionNode>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { file, document } of sources) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) {
        problems.push(`${file}: only operations and fragments belong in the facade's .graphql files`);
        continue;
      }
      const name = definition.name?.value;
      if (!name) {
        problems.push(`${file}: every operation needs a name`);
        continue;
      }
      const other = seen.get(name);
      if (other) problems.push(`${file}: ${name} is also defined in ${other}`);
      seen.set(name, file);
      if (definition.kind === Kind.OPERATION_DEFINITION) {
        let text: string;
        try {
          text = documentText(definition, fragments);
        } catch (error) {
          problems.push(`${file}: ${(error as Error).message}`);
          continue;
        }
        const errors = validate(schema, parse(text)).map((error) => error.message);
        if (errors.length > 0) problems.push(`${file}: ${name} does not validate against ${CONTRACT_FILE}: ${errors.join('; ')}`);
      }
    }
  }
  return problems;
}

/** The generated module's text for the .graphql files under rest-facade/src, or an error listing what is wrong with them. */
export async function facadeOperationsModule(root: string): Promise<string> {
  const schemaText = readFileSync(path.join(root, CONTRACT_FILE), 'utf8');
  const schema = buildSchema(schemaText);
  const sources = readSources(root);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of sources) {
    for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const problems = problemsOf(schema, sources, fragments);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const output = await codegen({
    filename: FACADE_OPERATIONS_MODULE,
    schema: parse(schemaText),
    schemaAst: schema,
    documents: sources.map(({ file, document }) => ({ location: file, document })),
    config: {
      // Fragment types by name (StatusFieldsFragment) rather than inlined into every operation: the mappers take them.
      inlineFragmentTypes: 'combine',
      // Timestamps arrive as ISO strings; files travel beside the variables (docs/graphql.md#uploading-media).
      scalars: { DateTimeISO: 'string', Upload: 'unknown' },
      strictScalars: true,
    },
    plugins: [{ 'typescript-operations': {} }, { 'facade-operations': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations, 'facade-operations': operationsPlugin(fragments) },
    skipDocumentsValidation: true,
  });
  return `// Generated by \`npm run codegen\` from rest-facade/src/**/*.graphql (docs/graphql-codegen.md#the-facades-own-operations). Do not edit.\n${output}`;
}
