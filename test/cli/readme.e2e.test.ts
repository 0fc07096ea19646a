// The admin commands as the README gives them, run as written (`npx social-admin ...`, from the
// repository's root) against a new embedded data folder, in the README's order; and the commands
// the package.json files declare, executable however the tree was built: committed with their
// execute bit, so every clone has it, in front of a build whose entry points are executable too
// (tsc writes them without the bit, and turbo's cache restores what it was given).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCommand, type Run } from '../support/commands';
import { png } from '../support/images';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '../..');

/** The `npx social-admin` lines of the first shell block of the README's "Admin CLI" section. */
function readmeAdminCommands(): string[] {
  const section = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split(/^## Admin CLI$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('npx social-admin '));
}

/** Each workspace's (and the root's) package.json `bin` entries, as paths from the root. */
function declaredCommands(): Array<{ name: string; file: string }> {
  const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const folders = ['.', ...rootPackage.workspaces.flatMap((pattern) => execFileSync('sh', ['-c', `ls -d ${pattern}`], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean))];
  return folders.flatMap((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
    return Object.entries(manifest.bin ?? {}).map(([name, file]) => ({ name, file: path.normalize(path.join(folder, file)) }));
  });
}

describeOnSingleTarget('the README\'s admin commands, run as written on a new data folder', () => {
  let dataDir: string;
  const runs: Array<{ command: string } & Run> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'social-readme-'));
    // The README's emoji image is the reader's own file: here a real PNG in the test's folder stands in for it.
    const image = path.join(dataDir, 'blobcat.png');
    await writeFile(image, (await png(128, 128)).data);
    for (const command of readmeAdminCommands()) {
      const run = await runCommand('sh', ['-c', command.replace('./blobcat.png', image)], { DATA_DIR: dataDir }, { cwd: ROOT, timeout: 180_000 });
      runs.push({ command, ...run });
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are the twenty-two of the README, starting with accounts create', () => {
    expect(runs.map((run) => run.command)).toHaveLength(22);
    expect(runs[0]?.command).toBe('npx social-admin accounts create alice --email alice@example.com');
  });

  it('each exits 0, with no error on stderr', () => {
    for (const run of runs) {
      const errors = run.stderr.split('\n').filter((line) => /error|denied|does not exist/i.test(line));
      expect({ command: run.command, code: run.code, errors }).toEqual({ command: run.command, code: 0, errors: [] });
    }
  });

  it('migrate the new folder at the first command, and do what each says', () => {
    const out = (start: string) => runs.find((run) => run.command.startsWith(`npx social-admin ${start}`))?.stdout ?? '';
    expect(out('accounts create')).toMatch(/^Created alice \(id \d+\)\.\nPassword: \S+/);
    expect(out('accounts create bob')).toMatch(/^Created bob \(id \d+\)\.\nbob is now Moderator\.\nPassword: \S+/);
    expect(out('tokens list')).toContain('0 tokens (0 live).');
    expect(out('accounts suspend')).toMatch(/^Suspended alice \(id \d+\)\.$/m);
    expect(out('migrate --status')).toMatch(/^Database is up to date\.$/m);
    expect(out('doctor')).toMatch(/^No problems found\.$/m);
    expect(out('role set')).toBe('alice is now Moderator.\n');
    expect(out('role remove')).toBe('alice is no longer Moderator.\n');
    expect(out('audit-log')).toMatch(/\(operator\) {2}change_role {2}User \d+ {2}alice: none -> Moderator\n/);
    expect(out('audit-log')).toMatch(/\(operator\) {2}suspend {2}Account \d+ {2}alice\n/);
    expect(out('emoji add')).toMatch(/^Added :blobcat: \(\S+\)\.$/m);
    expect(out('emoji list')).toMatch(/^:blobcat: {2}Blobs {2}.*\n1 custom emoji\.$/m);
    expect(out('emoji remove')).toBe('Removed :blobcat:.\n');
    expect(out('announcements create')).toMatch(/^Created announcement \d+ \((published|draft)\)\.$/m);
    expect(out('announcements list')).toMatch(/Maintenance tonight[\s\S]*\n1 announcement\.$/m);
    expect(out('accounts delete')).toMatch(/^Deleted alice \(id \d+\): /);
  });
});

describeOnSingleTarget('the commands the package.json files declare', () => {
  it('are committed with their execute bit, so a clone has them executable whatever builds it', () => {
    const commands = declaredCommands();
    expect(commands.map((command) => command.name).sort()).toEqual(['social-admin', 'social-server']);
    const modes = execFileSync('git', ['ls-files', '-s', '--', ...commands.map((command) => command.file)], { cwd: ROOT, encoding: 'utf8' });
    const tracked = new Map(modes.trim().split('\n').filter(Boolean).map((line) => [line.split('\t')[1], line.split(' ')[0]]));
    for (const { file } of commands) expect({ file, mode: tracked.get(file) ?? 'not committed' }).toEqual({ file, mode: '100755' });
  });

  it('run the build: --help answers through npx and each file directly', async () => {
    const viaNpx = await runCommand('npx', ['social-admin', '--help'], {}, { cwd: ROOT });
    expect({ code: viaNpx.code, usage: viaNpx.stdout.split('\n')[0] }).toEqual({ code: 0, usage: 'Usage: social-admin [options] [command]' });
    const direct = await runCommand(path.join(ROOT, 'server/bin/social-admin.js'), ['--help'], {});
    expect({ code: direct.code, usage: direct.stdout.split('\n')[0] }).toEqual({ code: 0, usage: 'Usage: social-admin [options] [command]' });
  });

  it("leave the build's entry points executable too (what older npx links point at)", () => {
    for (const file of ['server/dist/main.js', 'server/dist/cli/admin.js']) {
      expect(() => accessSync(path.join(ROOT, file), constants.X_OK)).not.toThrow();
    }
  });
});
