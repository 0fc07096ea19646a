import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ADMIN_CLI, REPO_ROOT } from './paths';
import { serverEnvironment } from './service-process';

const run = promisify(execFile);

/** A staff account made before the target started: sign in with its e-mail and password (docs/api/moderation.md). */
export interface StaffAccount {
  username: string;
  email: string;
  password: string;
  role: 'Admin' | 'Moderator';
}

/** Where the end-to-end globalSetup publishes the target's staff accounts (JSON). */
export const STAFF_ENV = 'E2E_STAFF';

/** An Admin (every permission but administrator and view_devops) and a Moderator (below it), as every target has them. */
const STAFF: ReadonlyArray<Pick<StaffAccount, 'username' | 'role'>> = [
  { username: 'e2e_admin', role: 'Admin' },
  { username: 'e2e_moderator', role: 'Moderator' },
];

/**
 * Gives a target its staff before its processes start, with the admin CLI on the target's own
 * data (DATA_DIR, or a migrated DATABASE_URL): the only way to a role, and the embedded target's
 * PGlite can be opened by one process at a time, so it is done while the server is not running.
 */
export async function seedStaff(settings: Record<string, string>): Promise<StaffAccount[]> {
  const staff: StaffAccount[] = [];
  for (const { username, role } of STAFF) {
    const email = `${username}@e2e.test`;
    const args = [ADMIN_CLI, 'accounts', 'create', username, '--email', email, '--role', role];
    const { stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, env: serverEnvironment({ ...settings, LOG_LEVEL: 'warn' }) });
    const password = /^Password: (\S+)$/m.exec(stdout)?.[1];
    if (!password || !stdout.includes(`is now ${role}.`)) throw new Error(`social-admin accounts create ${username} --role ${role} answered:\n${stdout}`);
    staff.push({ username, email, password, role });
  }
  return staff;
}
