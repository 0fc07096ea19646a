import type { CacheInvalidation } from '@social/cache';
import DataLoader from 'dataloader';
import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import { exceedsGraphemes } from '@social/content';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { NewPoll, PollData, PollRecord } from './poll.data.js';
import type { Poll, PollInput } from './poll.type.js';

/** Mastodon's poll limits (poll_options_validator.rb, poll_expiration_validator.rb), as /api/v2/instance reports them. */
const POLL_LIMITS = { maxOptions: 4, maxCharactersPerOption: 50, minExpiration: 300, maxExpiration: 2629746 } as const;


/**
 * The poll of a new status, validated with Mastodon's messages (labels
 * "Choices" and "Deadline"); null when none was asked for. A poll with media
 * is refused (docs/api/polls.md#creating) (Mastodon does not check it).
 */
export function newPoll(input: PollInput | null | undefined, hasMedia: boolean, now = new Date()): NewPoll | null {
  if (!input) return null;
  const options = (input.options ?? []).map((option) => option.trim()).filter((option) => option !== '');
  const expiresIn = input.expiresIn ?? null;
  if (options.length === 0 && expiresIn === null) return null;
  if (hasMedia) throw AppError.unprocessable('Cannot attach files to a post with a poll', ['input', 'poll']);
  const errors: string[] = [];
  if (options.length === 0) errors.push("Choices can't be blank");
  if (options.length < 2) errors.push('Choices must have more than one item');
  if (options.length > POLL_LIMITS.maxOptions) errors.push(`Choices can't contain more than ${POLL_LIMITS.maxOptions} items`);
  if (options.some((option) => exceedsGraphemes(option, POLL_LIMITS.maxCharactersPerOption))) {
    errors.push(`Choices cannot be longer than ${POLL_LIMITS.maxCharactersPerOption} characters each`);
  }
  if (new Set(options).size !== options.length) errors.push('Choices contain duplicate items');
  const optionErrors = errors.length;
  if (expiresIn === null) errors.push("Deadline can't be blank");
  else if (expiresIn < POLL_LIMITS.minExpiration) errors.push('Deadline is too soon');
  else if (expiresIn > POLL_LIMITS.maxExpiration) errors.push('Deadline is too far into the future');
  // The field at fault: the options, the deadline, or the poll when both are.
  const field = optionErrors === errors.length ? 'options' : optionErrors === 0 ? 'expiresIn' : null;
  if (errors.length > 0) throw AppError.validation(errors, undefined, field ? ['input', 'poll', field] : ['input', 'poll']);
  return {
    options,
    expiresAt: new Date(now.getTime() + (expiresIn as number) * 1000),
    multiple: Boolean(input.multiple),
    hideTotals: Boolean(input.hideTotals),
  };
}

interface PollLoaders {
  byStatus: DataLoader<string, PollRecord | null>;
  tallies: DataLoader<string, Map<number, number>>;
  ownVotes: DataLoader<string, number[]> | null;
}

/** Reading and voting in polls (Mastodon's VoteService and VoteValidator). */
export class PollService {
  // Per-request loaders, kept beside the request's context rather than in it.
  private readonly loaders = new WeakMap<StatusesContext, PollLoaders>();

  constructor(
    private readonly data: PollData,
    private readonly statuses: StatusService,
    private readonly invalidation: CacheInvalidation,
  ) {
    // The delete answer carries the poll, whose rows go with the status: read them first.
    statuses.beforeDelete(async (record, ctx) => {
      const loaders = this.loadersFor(ctx);
      const poll = await loaders.byStatus.load(record.id.toString());
      if (poll) await Promise.all([loaders.tallies.load(poll.id.toString()), loaders.ownVotes?.load(poll.id.toString())]);
    });
  }

  /** The poll if the caller may see its status; otherwise the same 404 as a missing one. */
  async view(id: string, ctx: StatusesContext): Promise<Poll> {
    const poll = await this.visible(id, ctx);
    return this.toPoll(poll, ctx);
  }

  async vote(id: string, choices: number[], ctx: StatusesContext): Promise<Poll> {
    // Rails' params.require(:choices).
    if (choices.length === 0) throw AppError.badRequest('param is missing or the value is empty: choices', ['input', 'choices']);
    const poll = await this.visible(id, ctx);
    const accountId = BigInt(ctx.principal.accountId as string);
    const unique = [...new Set(choices)];
    const voted = await this.data.vote(poll.id, accountId, unique, (locked, alreadyVoted) => {
      const errors: string[] = [];
      if (isExpired(locked)) errors.push('The poll has already ended');
      const unknownChoice = unique.some((choice) => !Number.isInteger(choice) || choice < 0 || choice >= locked.options.length);
      if (unknownChoice) errors.push('The chosen vote option does not exist');
      if (locked.accountId === accountId) errors.push('You cannot vote in your own polls');
      if (alreadyVoted || (!locked.multiple && unique.length > 1)) errors.push('You have already voted on this poll');
      // The choices are at fault when they are the only problem; otherwise the poll is.
      if (errors.length > 0) throw AppError.validation(errors, undefined, unknownChoice && errors.length === 1 ? ['input', 'choices'] : undefined);
    });
    if (!voted) throw AppError.notFound();
    await this.invalidation.countersChanged({ statuses: [poll.statusId] });
    const fresh = await this.data.byId(poll.id);
    if (!fresh) throw AppError.notFound();
    return this.toPoll(fresh, ctx);
  }

  /** Status.poll: one batched query per request for all statuses shown. */
  async ofStatus(statusId: string, ctx: StatusesContext): Promise<Poll | null> {
    // The status read already said it has none, and a status never gains a poll after it is made (there is no
    // edit; a poll is written with its status): true after this request's writes too (a favourite's answer, ...).
    if (ctx.statusesWithoutPoll?.has(statusId)) return null;
    if (ctx.published?.get(statusId)?.hasPoll === false) return null;
    const poll = await this.loadersFor(ctx).byStatus.load(statusId);
    return poll ? this.toPoll(poll, ctx) : null;
  }

  private async visible(id: string, ctx: StatusesContext): Promise<PollRecord> {
    const pollId = parseId(id) ? BigInt(id) : null;
    const poll = pollId === null ? null : await this.data.byId(pollId);
    if (!poll) throw AppError.notFound();
    await this.statuses.view(poll.statusId.toString(), ctx);
    return poll;
  }

  private async toPoll(poll: PollRecord, ctx: StatusesContext): Promise<Poll> {
    const loaders = this.loadersFor(ctx);
    const key = poll.id.toString();
    const [tally, own] = await Promise.all([loaders.tallies.load(key), loaders.ownVotes?.load(key) ?? null]);
    const expired = isExpired(poll);
    const showTotals = !poll.hideTotals || expired;
    return {
      id: key,
      expiresAt: poll.expiresAt,
      expired,
      multiple: poll.multiple,
      votesCount: poll.votesCount,
      votersCount: poll.votersCount,
      options: poll.options.map((title, index) => ({ title, votesCount: showTotals ? (tally.get(index) ?? 0) : null })),
      voted: own === null ? null : own.length > 0 || poll.accountId.toString() === ctx.principal.accountId,
      ownVotes: own,
    };
  }

  private loadersFor(ctx: StatusesContext): PollLoaders {
    let loaders = this.loaders.get(ctx);
    if (!loaders) {
      const viewer = ctx.principal.kind === 'user' && ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
      loaders = {
        byStatus: new DataLoader((ids) => this.data.byStatusIds(ids)),
        tallies: new DataLoader((ids) => this.data.tallies(ids)),
        ownVotes: viewer === null ? null : new DataLoader((ids) => this.data.ownVotes(viewer, ids)),
      };
      this.loaders.set(ctx, loaders);
    }
    return loaders;
  }
}

function isExpired(poll: { expiresAt: Date | null }): boolean {
  return poll.expiresAt !== null && poll.expiresAt.getTime() <= Date.now();
}
