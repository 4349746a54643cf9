import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isPostmasterOf, liveOwnerOf, readPostmasterPid, recordOwner } from './postmaster';

/**
 * How a start tells its data directory's server from anything else: stand-ins for a postmaster
 * are copies of `sleep` named `postgres`, run in a directory, as a postmaster runs in its cluster.
 */
describe('postmaster identity', () => {
  let scratch: string;
  let cluster: string;
  let elsewhere: string;
  const children: ChildProcess[] = [];
  const run = (program: string, cwd: string) => {
    const child = spawn(program, ['30'], { cwd, stdio: 'ignore' });
    children.push(child);
    return child.pid!;
  };

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'suite-postmaster-'));
    cluster = path.join(scratch, 'postgres');
    elsewhere = path.join(scratch, 'other');
    await Promise.all([mkdir(cluster), mkdir(elsewhere)]);
    await copyFile('/bin/sleep', path.join(scratch, 'postgres-bin'));
    await mkdir(path.join(scratch, 'bin'));
    await copyFile('/bin/sleep', path.join(scratch, 'bin', 'postgres'));
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await rm(scratch, { recursive: true, force: true });
  });

  it('reads the postmaster pid from postmaster.pid, and nothing when there is none', async () => {
    await expect(readPostmasterPid(cluster)).resolves.toBeUndefined();
    await writeFile(path.join(cluster, 'postmaster.pid'), `4242\n${cluster}\n1795490721\n5432\n`);
    await expect(readPostmasterPid(cluster)).resolves.toBe(4242);
    await rm(path.join(cluster, 'postmaster.pid'));
  });

  it('is a postgres program running in the cluster directory, and nothing else', async () => {
    const postgres = path.join(scratch, 'bin', 'postgres');
    await expect(isPostmasterOf(run(postgres, cluster), cluster)).resolves.toBe(true);
    await expect(isPostmasterOf(run(postgres, elsewhere), cluster)).resolves.toBe(false); // another data directory's
    await expect(isPostmasterOf(run('/bin/sleep', cluster), cluster)).resolves.toBe(false); // not postgres
    await expect(isPostmasterOf(run(path.join(scratch, 'postgres-bin'), cluster), cluster)).resolves.toBe(false);
    await expect(isPostmasterOf(2 ** 22 + 1, cluster)).resolves.toBe(false); // no such process
  });

  it('names the owner of a server only while that owner runs, and never itself', async () => {
    const owner = run('/bin/sleep', elsewhere);
    const file = path.join(scratch, 'embedded-postgres.owner');
    await writeFile(file, JSON.stringify({ pid: owner, postmasterPid: 777 }));
    await expect(liveOwnerOf(scratch, 777)).resolves.toBe(owner);
    await expect(liveOwnerOf(scratch, 778)).resolves.toBeUndefined(); // another server than the one it started
    await writeFile(file, JSON.stringify({ pid: owner, startTime: '1', postmasterPid: 777 }));
    await expect(liveOwnerOf(scratch, 777)).resolves.toBeUndefined(); // the pid now belongs to another process
    await writeFile(file, JSON.stringify({ pid: 2 ** 22 + 1, postmasterPid: 777 }));
    await expect(liveOwnerOf(scratch, 777)).resolves.toBeUndefined(); // gone
    await recordOwner(scratch, 777);
    await expect(liveOwnerOf(scratch, 777)).resolves.toBeUndefined(); // this process
  });
});
