import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload, payload, type Payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from './status.data.js';
import type { StatusService } from './status.service.js';
import { Status } from './status.type.js';

/** A payload answering one status (docs/graphql.md#mutations). */
export interface StatusPayload extends Payload {
  status: Status | null;
}

/**
 * The `<Name>Input` and `<Name>Payload` types of a mutation acting on one
 * status (favouriteStatus, pinStatus, muteStatus, ...): the status's id in,
 * the status as it is afterwards out. One pair per mutation, so each can grow
 * on its own.
 */
export function statusActionTypes(name: string, target: string, answer: string) {
  const mutation = name.charAt(0).toLowerCase() + name.slice(1);

  @InputType(`${name}Input`, { description: `The input of ${mutation}.` })
  class StatusActionInput {
    @Field(() => ID, { description: target })
    statusId!: string;
  }

  @ObjectType(`${name}Payload`, { description: `What ${mutation} answers.` })
  class StatusActionPayload extends MutationPayload implements StatusPayload {
    @Field(() => Status, { nullable: true, description: `${answer}; null when there are errors.` })
    status!: Status | null;
  }

  return { Input: StatusActionInput, Payload: StatusActionPayload };
}

/** Runs a status write and answers the status it returns in a payload (user errors in `errors`). */
export function statusPayload(work: () => Promise<StatusRecord>, statuses: StatusService, ctx: StatusesContext): Promise<StatusPayload> {
  return payload(async () => ({ status: await statuses.toStatus(await work(), ctx) }), { status: null });
}
