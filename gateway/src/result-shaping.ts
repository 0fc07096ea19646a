import * as resultShaping from '@apollo/gateway/dist/resultShaping.js';
import {
  ERRORS,
  Variable,
  isCompositeType,
  isListType,
  isNonNullType,
  isObjectType,
  isSubtype,
  isValidLeafValue,
  type CompositeType,
  type EnumType,
  type FieldSelection,
  type FragmentSelection,
  type OperationElement,
  type ScalarType,
  type Schema,
  type SelectionSet,
  type Type,
} from '@apollo/federation-internals';
import { inspect } from 'node:util';
import type { GraphQLError } from 'graphql';

type ComputeResponse = typeof resultShaping.computeResponse;
type ShapingInput = Parameters<ComputeResponse>[0];
type Operation = ShapingInput['operation'];
type Data = Record<string, unknown>;

/** One request's shaping state: what the interpreter passes down as `parameters` and `path`. */
interface Run {
  variables: Record<string, unknown>;
  errors: GraphQLError[];
  path: (string | number)[];
  /** Set by every value shaper before it returns (read at once by its caller): the value made its parent null. */
  invalid: boolean;
  /** Likewise: an error was recorded below this value. */
  hasErrors: boolean;
}

/** Whether a selection is left out: null when it never is, else its @skip/@include test of the variables. */
type SkipTest = ((variables: Record<string, unknown>) => boolean) | null;

/** Writes the selections of one selection set, read against one parent type, from input into output; false: null bubbles up. */
type SetShaper = (input: Data, output: Data, run: Run) => boolean;

/** Shapes one value of one field type; sets run.invalid and run.hasErrors. */
type ValueShaper = (outputValue: unknown, inputValue: unknown, run: Run, parentType: CompositeType) => unknown;

const TYPENAME = '__typename';

let installed = false;

/**
 * Makes the gateway shape each answer with code compiled once per operation
 * instead of interpreting the operation for every object of every answer.
 *
 * After a query plan's fetches, @apollo/gateway's `computeResponse` walks the
 * merged subgraph data against the operation: it drops what the plan added
 * (keys, `__typename`s), applies @skip/@include and type conditions, checks
 * leaf values and makes nulls bubble up to the nearest nullable field. It
 * looks up every selection's directives and type through federation-internals
 * getters and allocates a result object per field, for every status of a
 * page: 12-15 % of a home timeline's CPU in profiles (docs/data-access.md#result-shaping).
 *
 * This is the same walk with what depends only on the operation (the skip
 * tests, response names, field types, type conditions) worked out once per
 * selection set and parent type, the first time an answer reaches it, and
 * kept with the operation (cached per document, operation-cache.ts). Its
 * answers, errors and error paths are the interpreter's: the unit test runs
 * both over generated answers. Operations that select introspection fields
 * are left to the interpreter.
 *
 * @apollo/gateway calls `computeResponse` through its module's export at each
 * call, which is the seam (as for operationFromDocument).
 */
export function compileResultShaping(): void {
  if (installed) return;
  const interpreted = resultShaping.computeResponse;
  const compiled = new WeakMap<Operation, CompiledOperation | null>();
  const computeResponse: ComputeResponse = (args) => {
    let shaper = compiled.get(args.operation);
    if (shaper === undefined) {
      shaper = selectsIntrospection(args.operation.selectionSet) ? null : new CompiledOperation(args.operation);
      compiled.set(args.operation, shaper);
    }
    return shaper ? shaper.shape(args.input, args.variables) : interpreted(args);
  };
  Object.assign(resultShaping, { computeResponse });
  installed = true;
}

function selectsIntrospection(selectionSet: SelectionSet): boolean {
  for (const selection of selectionSet.selections()) {
    if (selection.kind === 'FieldSelection' && selection.element.definition.isSchemaIntrospectionField()) return true;
    if (selection.selectionSet && selectsIntrospection(selection.selectionSet)) return true;
  }
  return false;
}

/** An operation's shapers: one per selection set and parent type, built when first needed. */
export class CompiledOperation {
  private readonly schema: Schema;
  private readonly root: SetShaper;
  private readonly sets = new WeakMap<SelectionSet, Map<CompositeType, SetShaper>>();
  private readonly values = new Map<Type, Map<SelectionSet | undefined, ValueShaper>>();
  /** The variables' default values: the same for every request of the operation. */
  private readonly defaults: Record<string, unknown>;

  constructor(operation: Operation) {
    this.schema = operation.schema();
    this.defaults = operation.collectDefaultedVariableValues();
    const rootType = this.schema.schemaDefinition.rootType(operation.rootKind);
    if (!rootType) throw new Error(`The schema has no ${operation.rootKind} type`);
    this.root = this.setShaper(operation.selectionSet, rootType);
  }

  /** What computeResponse answers for this operation. */
  shape(input: Data | null | undefined, variables: Record<string, unknown> | undefined): ReturnType<ComputeResponse> {
    if (!input) return { data: input, errors: [] };
    const run: Run = {
      variables: { __proto__: null, ...this.defaults, ...variables },
      errors: [],
      path: [],
      invalid: false,
      hasErrors: false,
    };
    const data = Object.create(null) as Data;
    const ok = this.root(input, data, run);
    return { data: ok ? data : null, errors: run.errors };
  }

  private setShaper(selectionSet: SelectionSet, parentType: CompositeType): SetShaper {
    let byType = this.sets.get(selectionSet);
    if (!byType) this.sets.set(selectionSet, (byType = new Map<CompositeType, SetShaper>()));
    let shaper = byType.get(parentType);
    if (!shaper) {
      // Built on first use: a type condition's branches for types that never come are never built.
      let built: SetShaper | undefined;
      shaper = (input, output, run) => (built ??= this.buildSet(selectionSet, parentType))(input, output, run);
      byType.set(parentType, shaper);
    }
    return shaper;
  }

  private buildSet(selectionSet: SelectionSet, parentType: CompositeType): SetShaper {
    const steps = selectionSet.selections().map((selection) => {
      const skip = skipTest(selection.element, this.schema);
      const step =
        selection.kind === 'FieldSelection' ? this.fieldStep(selection, parentType) : this.fragmentStep(selection, parentType);
      return skip ? withSkip(skip, step) : step;
    });
    return (input, output, run) => {
      for (let i = 0; i < steps.length; i++) if (!steps[i](input, output, run)) return false;
      return true;
    };
  }

  private fieldStep(selection: FieldSelection, parentType: CompositeType): SetShaper {
    const field = selection.element;
    const responseName = field.responseName();
    if (field.name === TYPENAME) return this.typenameStep(responseName, parentType);
    const shapeValue = this.valueShaper(field.definition.type!, selection.selectionSet);
    return (input, output, run) => {
      const own = Object.hasOwn(input, responseName) ? input[responseName] : undefined;
      run.path.push(responseName);
      const updated = shapeValue(output[responseName], own ?? null, run, parentType);
      output[responseName] = updated;
      run.path.pop();
      return !run.invalid;
    };
  }

  private typenameStep(responseName: string, parentType: CompositeType): SetShaper {
    const schema = this.schema;
    return (input, output) => {
      if (output[responseName] !== undefined) return true;
      let inputValue: unknown = Object.hasOwn(input, responseName) ? input[responseName] : undefined;
      inputValue ??= null;
      if (inputValue === null && responseName !== TYPENAME) inputValue = input[TYPENAME] ?? null;
      const type = typeof inputValue === 'string' ? (schema.type(inputValue) ?? parentType) : parentType;
      if (!isObjectType(type)) return false;
      output[responseName] = type.name;
      return true;
    };
  }

  private fragmentStep(selection: FragmentSelection, parentType: CompositeType): SetShaper {
    const condition = selection.element.typeCondition;
    const inner = this.setShaper(selection.selectionSet, condition ?? parentType);
    if (!condition) return inner;
    const schema = this.schema;
    const withoutTypename = isSubtype(condition, parentType);
    const byTypename = new Map<string, boolean>();
    return (input, output, run) => {
      const typename = input[TYPENAME] as string | undefined;
      if (typename && typeof typename !== 'string') throw new Error(`Got unexpected value for __typename: ${inspect(typename)}`);
      let applies: boolean | undefined;
      if (!typename) applies = withoutTypename;
      else if ((applies = byTypename.get(typename)) === undefined) {
        const type = schema.type(typename);
        applies = !!type && isSubtype(condition, type);
        byTypename.set(typename, applies);
      }
      return applies ? inner(input, output, run) : true;
    };
  }

  private valueShaper(type: Type, selectionSet: SelectionSet | undefined): ValueShaper {
    let bySet = this.values.get(type);
    if (!bySet) this.values.set(type, (bySet = new Map<SelectionSet | undefined, ValueShaper>()));
    let shaper = bySet.get(selectionSet);
    if (!shaper) {
      shaper = this.buildValue(type, selectionSet);
      bySet.set(selectionSet, shaper);
    }
    return shaper;
  }

  /** The interpreter's updateOutputValue for one type, its first test (a value already written) included at every level. */
  private buildValue(type: Type, selectionSet: SelectionSet | undefined): ValueShaper {
    const alreadyWritten = (outputValue: unknown, run: Run): boolean => {
      if (outputValue === null || (outputValue !== undefined && !selectionSet)) {
        run.invalid = false;
        run.hasErrors = false;
        return true;
      }
      return false;
    };
    if (isNonNullType(type)) {
      const inner = this.valueShaper(type.ofType as Type, selectionSet);
      return (outputValue, inputValue, run, parentType) => {
        if (alreadyWritten(outputValue, run)) return outputValue;
        const updated = inner(outputValue, inputValue, run, parentType);
        if (updated === null) {
          if (!run.hasErrors) {
            const where = describeLast(run.path, type.ofType as Type, parentType);
            run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Cannot return null for non-nullable ${where}.`, { path: Array.from(run.path) }));
          }
          run.invalid = true;
          run.hasErrors = true;
          return null;
        }
        run.invalid = false;
        run.hasErrors = false;
        return updated;
      };
    }
    if (isListType(type)) {
      const element = this.valueShaper(type.ofType as Type, selectionSet);
      return (outputValue, inputValue, run, parentType) => {
        if (alreadyWritten(outputValue, run)) return outputValue;
        if (inputValue === null) return nullValue(run);
        if (!Array.isArray(inputValue)) throw new Error(`Invalid non-list value ${inspect(inputValue)} returned by subgraph for list type ${String(type)}`);
        if (outputValue !== undefined && !Array.isArray(outputValue)) {
          throw new Error(`Invalid non-list value ${inspect(outputValue)} returned by subgraph for list type ${String(type)}`);
        }
        const outputs = outputValue as unknown[] | undefined;
        if (outputs && outputs.length !== inputValue.length) throw new Error(`[${inspect(inputValue)}].length (${inputValue.length}) !== [${inspect(outputs)}].length (${outputs.length})`);
        const updated = new Array<unknown>(inputValue.length);
        let nullify = false;
        let hasErrors = false;
        for (let i = 0; i < inputValue.length; i++) {
          run.path.push(i);
          updated[i] = element(outputs?.[i], inputValue[i], run, parentType);
          run.path.pop();
          nullify ||= run.invalid;
          hasErrors ||= run.hasErrors;
        }
        run.invalid = false;
        run.hasErrors = hasErrors;
        return nullify ? null : updated;
      };
    }
    if (isCompositeType(type)) {
      if (!selectionSet) throw new Error(`Invalid empty selection set for composite type ${String(type)}`);
      const schema = this.schema;
      const ownSet = this.setShaper(selectionSet, type);
      const byTypename = new Map<string, SetShaper | null>();
      return (outputValue, inputValue, run, parentType) => {
        if (alreadyWritten(outputValue, run)) return outputValue;
        if (inputValue === null) return nullValue(run);
        if (typeof inputValue !== 'object') throw new Error(`Invalid non-object value ${inspect(inputValue)} returned by subgraph for composite type ${String(type)}`);
        if (outputValue !== undefined && typeof outputValue !== 'object') {
          throw new Error(`Invalid non-object value ${inspect(inputValue)} returned by subgraph for composite type ${String(type)}`);
        }
        const input = inputValue as Data;
        const typename = input[TYPENAME];
        if (typename !== undefined && typeof typename !== 'string') throw new Error(`Invalid non-string value ${inspect(typename)} for __typename at ${inspect(run.path)}`);
        let set = ownSet;
        if (typename) {
          let found = byTypename.get(typename);
          if (found === undefined) {
            const named = schema.type(typename);
            found = named && isCompositeType(named) ? this.setShaper(selectionSet, named) : null;
            byTypename.set(typename, found);
          }
          if (!found) {
            const where = describeLast(run.path, type, parentType);
            run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid __typename found for object at ${where}.`, { path: Array.from(run.path) }));
            run.invalid = false;
            run.hasErrors = true;
            return null;
          }
          set = found;
        }
        const output = (outputValue ?? Object.create(null)) as Data;
        const ok = set(input, output, run);
        run.invalid = false;
        run.hasErrors = !ok;
        return ok ? output : null;
      };
    }
    const schema = this.schema;
    const leaf = type as ScalarType | EnumType;
    return (outputValue, inputValue, run, parentType) => {
      if (alreadyWritten(outputValue, run)) return outputValue;
      if (inputValue === null) return nullValue(run);
      if (outputValue !== undefined) throw new Error(`Excepted output to be undefined but got ${String(type)} for type ${String(type)}`);
      run.invalid = false;
      if (isValidLeafValue(schema, inputValue, leaf)) {
        run.hasErrors = false;
        return inputValue;
      }
      const where = describeLast(run.path, type, parentType);
      run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid value found for ${where}.`, { path: Array.from(run.path) }));
      run.hasErrors = true;
      return null;
    };
  }
}

function nullValue(run: Run): null {
  run.invalid = false;
  run.hasErrors = false;
  return null;
}

function withSkip(skip: NonNullable<SkipTest>, step: SetShaper): SetShaper {
  return (input, output, run) => skip(run.variables) || step(input, output, run);
}

/** @skip(if:) and @include(if:) of one selection, literals decided now and variables read per answer. */
function skipTest(element: OperationElement, schema: Schema): SkipTest {
  const tests: ((variables: Record<string, unknown>) => boolean)[] = [];
  const add = (directiveName: 'skip' | 'include') => {
    const directive = element.appliedDirectivesOf(directiveName === 'skip' ? schema.skipDirective() : schema.includeDirective())[0];
    if (!directive) return;
    const condition = (directive.arguments() as { if: unknown }).if;
    const leaveOutWhen = directiveName === 'skip';
    if (condition instanceof Variable) {
      const name = condition.name;
      tests.push((variables) => {
        const value = variables[name];
        if (typeof value !== 'boolean') throw new Error(`Unexpected value ${inspect(value)} for variable $${name} of @${directiveName}`);
        return value === leaveOutWhen;
      });
    } else if (condition === leaveOutWhen) tests.push(() => true);
  };
  add('skip');
  add('include');
  if (tests.length === 0) return null;
  return (variables) => tests.some((test) => test(variables));
}

function describeLast(path: (string | number)[], currentType: Type, parentType: CompositeType): string {
  const element = path[path.length - 1];
  return typeof element === 'string' ? `field ${String(parentType)}.${element}` : `array element of type ${String(currentType)} at index ${String(element)}`;
}
