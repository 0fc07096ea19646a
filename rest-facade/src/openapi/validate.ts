import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument } from './document.js';

/** One answer the end-to-end suite got: what it asked and what came back. */
export interface RecordedResponse {
  method: string;
  /** The path, without the query string. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body's text. */
  body: string;
}

export interface Violation {
  operation: string;
  status: number;
  path: string;
  problems: string[];
}

export interface ValidationReport {
  /** Responses checked against an operation of the document. */
  checked: number;
  /** Responses to paths the document has no operation for (health, streaming, files, 404s). */
  unmatched: number;
  /** Distinct operation and status pairs seen. */
  covered: string[];
  violations: Violation[];
}

interface CompiledOperation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  responses: Record<string, { content?: Record<string, unknown>; $ref?: string }>;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const JSON_CONTENT = /\bjson\b/i;

/**
 * Checks recorded responses against the OpenAPI document: each is matched to
 * its operation by method and path template (fixed segments before
 * parameters, as express mounts them), then its status to a response
 * (exact, else `4XX`-style, else `default`), and a JSON body is validated
 * with that response's schema (JSON Schema 2020-12).
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  private readonly operations: CompiledOperation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly sharedResponses: OpenApiDocument['components']['responses'];

  constructor(document: OpenApiDocument) {
    this.sharedResponses = document.components.responses ?? {};
    this.ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    this.ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    this.ajv.addFormat('binary', () => true);
    this.ajv.addSchema(document, 'openapi.json');
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const source = template.split('/').map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/');
        this.operations.push({
          method,
          template,
          pattern: new RegExp(`^${source}/?$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: operation.responses,
        });
      }
    }
    this.operations.sort((a, b) => a.params - b.params);
  }

  validateAll(responses: Iterable<RecordedResponse>): ValidationReport {
    const report: ValidationReport = { checked: 0, unmatched: 0, covered: [], violations: [] };
    const covered = new Set<string>();
    const seen = new Set<string>();
    for (const response of responses) {
      const operation = this.operations.find((op) => op.method === response.method.toLowerCase() && op.pattern.test(response.path));
      if (!operation) {
        report.unmatched += 1;
        continue;
      }
      report.checked += 1;
      const name = `${response.method.toUpperCase()} ${operation.template}`;
      covered.add(`${name} ${response.status}`);
      const problems = this.check(operation, response);
      // One report per operation, status and problem: the suite repeats calls.
      const key = `${name} ${response.status} ${problems.join('|')}`;
      if (problems.length > 0 && !seen.has(key)) {
        seen.add(key);
        report.violations.push({ operation: name, status: response.status, path: response.path, problems });
      }
    }
    report.covered = [...covered].sort();
    return report;
  }

  /** Problems of `value` as the entity schema `name` (components/schemas); none when it fits. */
  entityProblems(name: string, value: unknown): string[] {
    const pointer = `components/schemas/${escapePointer(name)}`;
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
  }

  private check(operation: CompiledOperation, response: RecordedResponse): string[] {
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
    if (!key) return [`status ${status} is not documented`];
    const content = this.response(operation, key).content ?? {};
    const isJson = response.contentType !== null && JSON_CONTENT.test(response.contentType);
    if (!isJson) {
      if (response.body === '' || Object.keys(content).some((type) => !JSON_CONTENT.test(type))) return [];
      return Object.keys(content).length === 0 ? [] : [`answered ${response.contentType ?? 'no content type'}, documented ${Object.keys(content).join(', ')}`];
    }
    const mediaType = Object.keys(content).find((type) => JSON_CONTENT.test(type));
    if (!mediaType) return [`answered JSON, documented ${Object.keys(content).join(', ') || 'no body'}`];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return ['the body is not valid JSON'];
    }
    const validate = this.validator(operation, key, mediaType);
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
  }

  /** The operation's response, or the shared one it refers to (components/responses). */
  private response(operation: CompiledOperation, key: string): { content?: Record<string, unknown> } {
    const response = operation.responses[key] ?? {};
    const shared = response.$ref?.split('/').pop();
    return shared ? (this.sharedResponses[shared] ?? {}) : response;
  }

  private validator(operation: CompiledOperation, responseKey: string, mediaType: string): ValidateFunction {
    const shared = operation.responses[responseKey]?.$ref?.split('/').pop();
    const location = shared ? ['components', 'responses', shared] : ['paths', operation.template, operation.method, 'responses', responseKey];
    const pointer = [...location, 'content', mediaType, 'schema'].map(escapePointer).join('/');
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}
