// GraphQL Codegen for a frontend of this server (docs/graphql-codegen.md): types from the
// committed contract, typed documents from the graphql() calls in src/, and the
// trusted-documents manifest the gateway loads (GRAPHQL_TRUSTED_DOCUMENTS).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  // The contract file, not introspection: production gateways have introspection off.
  schema: '../../gateway/api-schema.graphql',
  documents: ['src/**/*.ts', '!src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    './src/gql/': {
      preset: 'client',
      presetConfig: {
        // Writes src/gql/persisted-documents.json: { "<sha256>": "<document>" }.
        persistedDocuments: true,
        fragmentMasking: false,
      },
      config: {
        // Multipart uploads (docs/graphql.md#uploading-media): a browser File.
        scalars: { Upload: 'File' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
