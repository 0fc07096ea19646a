import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { StatusesContext } from '../context.js';
import { Status } from '../status/status.type.js';
import { PreviewCard } from './card.type.js';
import type { CardService } from './card.service.js';

@Resolver(() => Status)
export class StatusCardResolver {
  constructor(private readonly service: CardService) {}

  @FieldResolver(() => PreviewCard, { nullable: true, description: 'Preview of its first link; null until fetched, or when there is none.' })
  card(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<PreviewCard | null> {
    // A boost shows its original's card through reblog.
    return status.reblogOfId ? Promise.resolve(null) : this.service.ofStatus(status.id, ctx);
  }
}
