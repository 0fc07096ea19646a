import { GraphQLError } from 'graphql';
import { ErrorCode } from '@social/errors';

/**
 * The async iterator behind one GraphQL subscription. Events are resolved
 * one after another, so they arrive in the order they happened; at most
 * `limit` events may wait (being resolved or not yet taken by the
 * transport), after which the subscriber is too slow and the stream fails
 * instead of growing without bound.
 */
export class EventStream<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | null = null;
  private failure: unknown = null;
  private finished = false;
  private inFlight = 0;
  private chain: Promise<void> = Promise.resolve();
  private released = false;

  constructor(
    private readonly limit: number,
    private readonly onClose: () => void,
  ) {}

  /** Resolves an event in order; a null result is dropped (the event is not for this subscriber). */
  enqueue(resolve: () => Promise<T | null>): void {
    if (this.finished || this.failure !== null) return;
    if (this.inFlight + this.queue.length >= this.limit) {
      this.fail(new GraphQLError('The subscriber is too slow: events were dropped', { extensions: { code: ErrorCode.UNAVAILABLE } }));
      return;
    }
    this.inFlight += 1;
    this.chain = this.chain
      .then(resolve)
      .then(
        (value) => {
          this.inFlight -= 1;
          if (value !== null) this.push(value);
        },
        (error: unknown) => {
          this.inFlight -= 1;
          this.fail(error);
        },
      );
  }

  push(value: T): void {
    if (this.finished) return;
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting.resolve({ value, done: false });
    } else this.queue.push(value);
  }

  /** Ends the stream with an error, after the events already resolved. */
  fail(error: unknown): void {
    if (this.finished || this.failure) return;
    this.failure = error;
    this.release();
    if (this.waiting && this.queue.length === 0) {
      const waiting = this.waiting;
      this.waiting = null;
      this.finished = true;
      waiting.reject(error);
    }
  }

  /** Ends the stream normally, after the events already resolved. */
  end(): void {
    this.chain = this.chain.then(() => {
      if (this.finished) return;
      this.failure ??= DONE;
      this.release();
      if (this.waiting && this.queue.length === 0) {
        const waiting = this.waiting;
        this.waiting = null;
        this.finished = true;
        waiting.resolve({ value: undefined, done: true });
      }
    });
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.queue.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.failure !== null || this.finished) {
      const failure = this.failure;
      this.finished = true;
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the error the stream failed with, passed on as it came
      return failure === DONE || failure === null ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(failure);
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** The subscriber went away. */
  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<T>> {
    this.close();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private close(): void {
    if (this.finished) return;
    this.finished = true;
    this.queue.length = 0;
    this.release();
    this.failure ??= DONE;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ value: undefined, done: true });
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.onClose();
  }
}

const DONE = Symbol('done');
