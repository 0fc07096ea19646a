import { Query, Resolver } from 'type-graphql';
import { Instance } from './instance.type.js';
import type { InstanceService } from './instance.service.js';

@Resolver(() => Instance)
export class InstanceResolver {
  constructor(private readonly service: InstanceService) {}

  @Query(() => Instance, { description: 'This server: version, registrations, usage, limits. Public.' })
  instance(): Promise<Instance> {
    return this.service.describe();
  }
}
