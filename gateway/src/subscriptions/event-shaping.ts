import {
  createSourceEventStream,
  execute,
  getOperationAST,
  getVariableValues,
  isObjectType,
  Kind,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
} from 'graphql';
import { collectFields } from 'graphql/execution/collectFields.js';
import { mapAsyncIterator } from 'graphql/execution/mapAsyncIterator.js';
import type { StreamPayload } from './streams.js';

/** The fields of StreamEvent whose value the stream resolved through the gateway with the subscriber's own selection. */
const RENDERED = new Set(['status', 'notification', 'conversation', 'announcement']);
/** Leaves of StreamEvent, carried on the payload as they are answered. */
const LEAVES = new Set(['type', 'deletedStatusId', 'deletedAnnouncementId']);

/** Builds one event's answer, or null where graphql-js must execute the selection (a value shaped here would differ). */
type EventShaper = (payload: StreamPayload) => ExecutionResult | null;

/**
 * graphql-js's `subscribe`, but each event is answered without executing the
 * subscriber's selection over it where that selection would only copy it.
 *
 * A stream resolves a status (notification, conversation, announcement)
 * through the gateway with the subscriber's own selection of it, aliases and
 * directives included (`resolutionQuery`): the gateway's answer is already
 * that selection's answer. graphql-js would still walk it field by field for
 * every recipient (a fifth of a home stream's CPU per recipient, in
 * profiles). For a stream whose resolutions added nothing to the selection
 * (`EventStream.answersAsSelected`: no `__typename` for an abstract type)
 * the event object is built from the StreamEvent selection
 * (its fields collected once per subscription, with its variables) and the
 * rendered values are taken as they are. Selections this cannot vouch for
 * run through graphql-js as before: a rendered field under two response
 * keys (the gateway rendered their union), or a reaction event (its object
 * has a selection of its own).
 */
export async function subscribeShaped(args: ExecutionArgs): Promise<AsyncIterable<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source;
  const shape = (source as { answersAsSelected?: boolean }).answersAsSelected === true ? eventShaper(args) : null;
  return mapAsyncIterator(source as AsyncIterable<StreamPayload>, (payload) => shape?.(payload) ?? execute({ ...args, rootValue: payload }));
}

function eventShaper(args: ExecutionArgs): EventShaper | null {
  const operation = getOperationAST(args.document, args.operationName);
  const subscriptionType = args.schema.getSubscriptionType();
  if (!operation || !subscriptionType) return null;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (coerced.errors) return null;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of args.document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const roots = [...collectFields(args.schema, fragments, coerced.coerced, subscriptionType, operation.selectionSet)];
  if (roots.length !== 1) return null;
  const [rootKey, rootNodes] = roots[0];
  const eventType = args.schema.getType('StreamEvent');
  if (!isObjectType(eventType) || subscriptionType.getFields()[rootNodes[0].name.value]?.type.toString() !== 'StreamEvent!') return null;
  const eventFields = new Map<string, string>();
  const renderedKeys = new Map<string, string>();
  for (const node of rootNodes) {
    if (!node.selectionSet) return null;
    for (const [key, nodes] of collectFields(args.schema, fragments, coerced.coerced, eventType, node.selectionSet)) {
      const name = nodes[0].name.value;
      const seen = eventFields.get(key);
      if (seen !== undefined && seen !== name) return null;
      if (RENDERED.has(name)) {
        const other = renderedKeys.get(name);
        if (other !== undefined && other !== key) return null;
        renderedKeys.set(name, key);
      } else if (!LEAVES.has(name) && name !== '__typename' && name !== 'announcementReaction') return null;
      eventFields.set(key, name);
    }
  }
  const fields = [...eventFields];
  const selectsReaction = fields.some(([, name]) => name === 'announcementReaction');
  return (payload) => {
    if (selectsReaction && payload.announcementReaction) return null;
    const event: Record<string, unknown> = {};
    for (const [key, name] of fields) {
      event[key] = name === '__typename' ? 'StreamEvent' : ((payload as unknown as Record<string, unknown>)[name] ?? null);
    }
    return { data: { [rootKey]: event } };
  };
}
