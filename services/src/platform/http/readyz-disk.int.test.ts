import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** More MB than the disk holding the test's DATA_DIR has free: to the gateway, a full disk. */
const moreThanFree = () => {
  const disk = statfsSync(tmpdir());
  return String(Math.ceil((disk.bavail * disk.bsize) / 2 ** 20) + 1_000_000);
};

describe('/readyz and the disk DATA_DIR is on', () => {
  it('answers 503 "disk-full" while DATA_DIR has less than READYZ_MIN_FREE_MB free: every write would fail', async () => {
    t = await createTestApp({ env: { READYZ_MIN_FREE_MB: moreThanFree() } });
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'disk-full', message: expect.stringMatching(/^The disk holding DATA_DIR has \d+ MB free/) });
  });

  it('answers 200 with room on the disk (default 100 MB), and READYZ_MIN_FREE_MB=0 turns the check off', async () => {
    t = await createTestApp();
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    await t.close();
    t = await createTestApp({ env: { READYZ_MIN_FREE_MB: '0' } });
    expect((await t.app.inject('/readyz')).json().status).toBe('ready');
  });
});
