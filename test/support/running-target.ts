import type { RunningTarget } from '../../packages/testkit/src';

// globalSetup and globalTeardown share the jest parent process: the target travels on globalThis.
const KEY = Symbol.for('social.e2e.runningTarget');
type Holder = { [KEY]?: RunningTarget };

export function rememberTarget(target: RunningTarget): void {
  (globalThis as Holder)[KEY] = target;
}

export function forgetTarget(): RunningTarget | undefined {
  const holder = globalThis as Holder;
  const target = holder[KEY];
  delete holder[KEY];
  return target;
}
