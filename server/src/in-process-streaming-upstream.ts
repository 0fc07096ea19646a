import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { SubscriptionExecutor } from '@social/gateway';
import type { Operation, StreamingUpstream, UpstreamCaller, UpstreamSink } from '@social/rest-facade';

/** The facade subscribing to the gateway in the same process: no WebSocket, the same subscription schema. */
export class InProcessStreamingUpstream implements StreamingUpstream {
  constructor(private readonly executor: SubscriptionExecutor) {}

  subscribe(operation: Operation, variables: Record<string, unknown>, caller: UpstreamCaller, sink: UpstreamSink): () => void {
    let stopped = false;
    let iterator: AsyncIterator<ExecutionResult> | null = null;
    const run = async () => {
      const result = await this.executor.subscribe(
        { query: operation.document, operationName: operation.name, variables },
        { authorization: caller.authorization ?? null, requestId: caller.requestId },
      );
      if (!(Symbol.asyncIterator in result)) {
        if (!stopped) {
          sink.next(plain(result));
          sink.complete();
        }
        return;
      }
      iterator = result[Symbol.asyncIterator]();
      if (stopped) {
        await iterator.return?.();
        return;
      }
      for (;;) {
        const step = await iterator.next();
        if (stopped) return;
        if (step.done) break;
        sink.next(plain(step.value));
      }
      sink.complete();
    };
    run().catch((error: unknown) => {
      if (!stopped) sink.error([formatted(error)]);
    });
    return () => {
      if (stopped) return;
      stopped = true;
      void iterator?.return?.();
    };
  }

  async close(): Promise<void> {}
}

function plain(result: ExecutionResult) {
  return { data: result.data ?? null, errors: result.errors?.map((error) => error.toJSON()) };
}

function formatted(error: unknown): GraphQLFormattedError {
  return error instanceof GraphQLError ? error.toJSON() : { message: 'Internal error', extensions: { code: 'INTERNAL' } };
}
