import { describe, expect, it } from 'vitest';
import { buildWeb, type Spawn } from './web-build.js';

describe('the web build that npm start runs', () => {
  it('is a production bundle even when the gateway is started with NODE_ENV=development', () => {
    const calls: { command: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
    const spawn: Spawn = (command, args, options) => {
      calls.push({ command, args, env: options.env });
      return { status: 0 };
    };
    expect(buildWeb('/repo', { NODE_ENV: 'development', PATH: '/usr/bin' }, spawn)).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args).toEqual(['run', 'build', '-w', 'web']);
    expect(calls[0]!.env.NODE_ENV).toBe('production');
    expect(calls[0]!.env.PATH).toBe('/usr/bin');
  });

  it("reports the build's failure", () => {
    expect(buildWeb('/repo', {}, () => ({ status: 2 }))).toBe(2);
  });
});
