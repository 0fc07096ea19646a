export { documentHash, parseManifest, readManifests, writeManifest } from './manifest.js';
export { DOCUMENT_MODES, NOT_IN_LIST, TrustedDocuments, type DocumentMode, type DocumentRequest } from './registry.js';
export { trustedDocumentsHttp } from './http.js';
