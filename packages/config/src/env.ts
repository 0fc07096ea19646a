import { z } from 'zod';

/**
 * Parses environment variables with a zod schema and reports every problem at
 * once, so an operator fixes a bad configuration in one go.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv | Record<string, string | undefined>): Readonly<z.infer<T>> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return Object.freeze(result.data);
}

/** Reusable field parsers for environment variables. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url(),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  /** A boolean whose absence the caller resolves (e.g. from NODE_ENV). */
  optionalBoolean: () =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};
