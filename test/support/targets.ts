// Which deployment this run of the suite tests (E2E_TARGET, as test/run-targets.js sets it), and
// describe blocks that run on some targets only. Every target runs every file; a block gated off a
// target is reported as skipped there.
import { isTargetName, TARGET_NAMES, type TargetName } from '@social/testkit';

function currentTarget(): TargetName {
  const name = process.env.E2E_TARGET || 'embedded';
  if (!isTargetName(name)) throw new Error(`E2E_TARGET must be one of ${TARGET_NAMES.join(', ')}; got "${name}"`);
  return name;
}

/** The target this run tests (embedded when E2E_TARGET is unset, as the global setup does). */
export const TARGET: TargetName = currentTarget();

/** `describe` when the condition holds, else `describe.skip`. */
export function describeIf(condition: boolean): jest.Describe {
  return condition ? describe : describe.skip;
}

/** Whether this run tests one of the named targets. */
export function onTargets(...targets: TargetName[]): boolean {
  return targets.includes(TARGET);
}

/** `describe` on the named targets only. */
export function describeOnTargets(...targets: TargetName[]): jest.Describe {
  return describeIf(onTargets(...targets));
}

/**
 * For tests that start their own server processes (and their own PostgreSQL database, Redis or
 * processes) whatever the suite's target is: on every target they would test the same thing again,
 * so they run once, with the single target, which has PostgreSQL and Redis at hand and a lane of
 * its own (test/run-targets.js).
 */
export const describeOnSingleTarget = describeOnTargets('single');

/** For tests that start their own split deployment: run once, with the multi target. */
export const describeOnMultiTarget = describeOnTargets('multi');

/**
 * The target that runs the checks of what every deployment does alike (what the facade alone
 * decides: documents and headers it serves, the HTTP parser's limits, the SSE framing): any one
 * target would do, and the others would test nothing more. The embedded target has them: it starts
 * fastest, and the single target's lane also carries every own-process test.
 */
export const ANY_ONE_TARGET: TargetName = 'embedded';

/** `describe` on ANY_ONE_TARGET only: for tests of what is the same on every target. */
export const describeOnAnyOneTarget = describeOnTargets(ANY_ONE_TARGET);

/**
 * For tests whose outcome depends on the process layout (one process, or the split deployment's
 * HTTP between processes) and on where state lives (PGlite and memory, or PostgreSQL and Redis),
 * and on nothing else: input refusals, authorization, rate limits, the OAuth pages. Embedded is
 * one process on PGlite and memory, multi is split on PostgreSQL and Redis; single, one process on
 * PostgreSQL and Redis, would repeat the one's layout and the other's backends.
 */
export const onEmbeddedAndMulti = onTargets('embedded', 'multi');
export const describeOnEmbeddedAndMulti = describeIf(onEmbeddedAndMulti);
