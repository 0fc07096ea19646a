// The committed trusted-documents manifests: the facade's is what `npm run documents` writes from
// its operations today (a new operation() makes it stale and this fails), and every registered
// document, the example frontend's codegen output included, validates against the contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifest } from '@social/gateway';
import { facadeManifest, manifestProblems, ROOT } from '../cli/documents-manifest.js';

describe('trusted documents manifests', () => {
  it('are up to date and validate against gateway/api-schema.graphql', () => {
    expect(manifestProblems()).toEqual([]);
  });

  it("hold every facade operation, and the example frontend's screens", () => {
    expect(parseManifest(facadeManifest(), 'fresh').size).toBeGreaterThan(40);
    const example = parseManifest(readFileSync(path.join(ROOT, 'examples/frontend-codegen/src/gql/persisted-documents.json'), 'utf8'), 'example');
    expect([...example.values()].map((document) => /^(?:query|mutation) (\w+)/.exec(document)?.[1]).sort()).toEqual([
      'Favourite',
      'HomeScreen',
      'NotificationsScreen',
      'ProfileScreen',
      'PublishStatus',
      'ThreadScreen',
      'UploadImage',
    ]);
  });
});
