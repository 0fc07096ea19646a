import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status } from '../status/status.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { FilterService } from './filter.service.js';
import {
  AddFilterKeywordInput,
  AddFilterKeywordPayload,
  AddFilterStatusInput,
  AddFilterStatusPayload,
  CreateFilterPayload,
  DeleteFilterInput,
  DeleteFilterKeywordInput,
  DeleteFilterKeywordPayload,
  DeleteFilterPayload,
  DeleteFilterStatusInput,
  DeleteFilterStatusPayload,
  UpdateFilterKeywordInput,
  UpdateFilterKeywordPayload,
  UpdateFilterPayload,
} from './filter.payload.js';
import { CreateFilterInput, Filter, FilterContext, FilterKeyword, FilterResult, FilterStatus, UpdateFilterInput } from './filter.type.js';

const READ = { scopes: acceptedScopes('read:filters'), user: true };
const WRITE = { scopes: acceptedScopes('write:filters'), user: true };
const idArg = (description: string) => Arg('id', () => ID, { description });

/** Filters and their keywords and statuses (docs/api/filters.md). */
@Resolver(() => Filter)
export class FilterResolver {
  constructor(private readonly service: FilterService) {}

  @Query(() => [Filter], { description: "The caller's filters, expired ones included, oldest first (me.filters answers the same nested)." })
  @Access(READ)
  filters(@Ctx() ctx: StatusesContext): Promise<Filter[]> {
    return this.service.list(ctx);
  }

  @Query(() => Filter, { description: "One of the caller's filters; another's is Record not found." })
  @Access(READ)
  filter(@idArg("One of the caller's filters.") id: string, @Ctx() ctx: StatusesContext): Promise<Filter> {
    return this.service.get(id, ctx);
  }

  @Query(() => FilterKeyword, { description: "A keyword of one of the caller's filters." })
  @Access(READ)
  filterKeyword(@idArg('The keyword.') id: string, @Ctx() ctx: StatusesContext): Promise<FilterKeyword> {
    return this.service.keyword(id, ctx);
  }

  @Query(() => FilterStatus, { description: "A status entry of one of the caller's filters." })
  @Access(READ)
  filterStatus(@idArg('The entry.') id: string, @Ctx() ctx: StatusesContext): Promise<FilterStatus> {
    return this.service.filterStatus(id, ctx);
  }

  @Mutation(() => CreateFilterPayload, { description: 'Creates a filter, with keywords.' })
  @Access(WRITE)
  createFilter(@Arg('input', () => CreateFilterInput, { description: 'The filter.' }) input: CreateFilterInput, @Ctx() ctx: StatusesContext): Promise<CreateFilterPayload> {
    return payload(async () => ({ filter: await this.service.create(input, ctx) }), { filter: null });
  }

  @Mutation(() => UpdateFilterPayload, { description: 'Changes a filter and adds, changes or removes its keywords.' })
  @Access(WRITE)
  updateFilter(@Arg('input', () => UpdateFilterInput, { description: 'The filter and its changes.' }) input: UpdateFilterInput, @Ctx() ctx: StatusesContext): Promise<UpdateFilterPayload> {
    return payload(async () => ({ filter: await this.service.update(input, ctx) }), { filter: null });
  }

  @Mutation(() => DeleteFilterPayload, { description: 'Deletes a filter with its keywords and statuses.' })
  @Access(WRITE)
  deleteFilter(@Arg('input', () => DeleteFilterInput, { description: 'The filter.' }) input: DeleteFilterInput, @Ctx() ctx: StatusesContext): Promise<DeleteFilterPayload> {
    return deletedPayload('deletedFilterId', input.filterId, () => this.service.delete(input.filterId, ctx));
  }

  @Mutation(() => AddFilterKeywordPayload, { description: 'Adds a keyword to a filter.' })
  @Access(WRITE)
  addFilterKeyword(@Arg('input', () => AddFilterKeywordInput, { description: 'The filter and the keyword.' }) input: AddFilterKeywordInput, @Ctx() ctx: StatusesContext): Promise<AddFilterKeywordPayload> {
    return payload(async () => ({ filterKeyword: await this.service.addKeyword(input.filterId, input.keyword, input.wholeWord, ctx) }), { filterKeyword: null });
  }

  @Mutation(() => UpdateFilterKeywordPayload, { description: "Changes a keyword, and its filter's context, action or expiry when given." })
  @Access(WRITE)
  updateFilterKeyword(
    @Arg('input', () => UpdateFilterKeywordInput, { description: 'The keyword and its changes.' }) input: UpdateFilterKeywordInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<UpdateFilterKeywordPayload> {
    return payload(async () => ({ filterKeyword: await this.service.updateKeyword(input.filterKeywordId, input, ctx) }), { filterKeyword: null });
  }

  @Mutation(() => DeleteFilterKeywordPayload, { description: 'Removes a keyword from its filter.' })
  @Access(WRITE)
  deleteFilterKeyword(
    @Arg('input', () => DeleteFilterKeywordInput, { description: 'The keyword.' }) input: DeleteFilterKeywordInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<DeleteFilterKeywordPayload> {
    return deletedPayload('deletedFilterKeywordId', input.filterKeywordId, () => this.service.deleteKeyword(input.filterKeywordId, input.deleteEmptyFilter ?? false, ctx));
  }

  @Mutation(() => AddFilterStatusPayload, { description: 'Adds a status the caller may see to a filter (the existing entry when it has it).' })
  @Access(WRITE)
  addFilterStatus(@Arg('input', () => AddFilterStatusInput, { description: 'The filter and the status.' }) input: AddFilterStatusInput, @Ctx() ctx: StatusesContext): Promise<AddFilterStatusPayload> {
    return payload(async () => ({ filterStatus: await this.service.addStatus(input.filterId, input.statusId, ctx) }), { filterStatus: null });
  }

  @Mutation(() => DeleteFilterStatusPayload, { description: 'Removes a status from its filter.' })
  @Access(WRITE)
  deleteFilterStatus(
    @Arg('input', () => DeleteFilterStatusInput, { description: 'The entry.' }) input: DeleteFilterStatusInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<DeleteFilterStatusPayload> {
    return deletedPayload('deletedFilterStatusId', input.filterStatusId, () => this.service.deleteStatus(input.filterStatusId, ctx));
  }
}

@Resolver(() => FilterKeyword)
export class FilterKeywordFieldsResolver {
  constructor(private readonly service: FilterService) {}

  @FieldResolver(() => Filter, { description: 'The filter it belongs to (a v1 filter is one keyword with its filter).' })
  filter(@Root() keyword: FilterKeyword, @Ctx() ctx: StatusesContext): Promise<Filter> {
    return this.service.get(keyword.filterId, ctx);
  }
}

@Resolver(() => Viewer)
export class ViewerFiltersResolver {
  constructor(private readonly service: FilterService) {}

  @FieldResolver(() => [Filter], { description: "The user's filters, expired ones included, oldest first. Scope read:filters." })
  @Access(READ)
  filters(@Ctx() ctx: StatusesContext): Promise<Filter[]> {
    return this.service.list(ctx);
  }
}

@Resolver(() => Status)
export class StatusFilteredResolver {
  constructor(private readonly service: FilterService) {}

  @FieldResolver(() => [FilterResult], {
    nullable: true,
    description: "The viewer's unexpired filters that match it (its text, content warning, media descriptions, poll options, or it by id), for the context it is shown in (any when none is named); null without a user.",
  })
  filtered(
    @Root() status: Status,
    @Arg('context', () => FilterContext, { nullable: true, description: 'Where the status is shown; absent: every filter applies.' }) context: FilterContext | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<FilterResult[] | null> {
    return this.service.filtered(status, context, ctx);
  }
}
