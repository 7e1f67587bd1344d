import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config/load-bench-config.js';
import type { StdioServerConfig } from '../../config/types.js';
import { serverEnvironment } from './server-environment.js';

const config: StdioServerConfig = {
  transport: 'stdio',
  command: 'x',
  args: [],
  env: { BASE: '${fake.url}', LANG: 'en_US.UTF-8', SHARED: 'env' },
  gates: { write: { SHARED: 'gate', WRITES: '1' } },
  network: 'proxy',
  timeouts: { startupMs: 1, callMs: 1, scenarioMs: 1 },
  writable: [],
  limits: DEFAULT_LIMITS,
};
const host = {
  PATH: '/usr/bin',
  LANG: 'C.UTF-8',
  HOME: '/home/runner',
  GITHUB_TOKEN: 'ghp_secret',
  OPENAI_API_KEY: 'sk-secret',
  USER: 'runner',
};
const input = {
  config,
  fakeEnv: { HTTPS_PROXY: 'http://127.0.0.1:1', SSL_CERT_FILE: '/ca.pem' },
  variables: { 'fake.url': 'http://127.0.0.1:1' },
  home: '/work/run-1/home-a',
  tmp: '/work/run-1/tmp-a',
  host,
};

describe('serverEnvironment', () => {
  it('builds the read environment from PATH/LANG, fresh dirs, the fake and the config only', () => {
    expect(serverEnvironment({ ...input, writeGate: 'read' })).toEqual({
      PATH: '/usr/bin',
      HOME: '/work/run-1/home-a',
      TMPDIR: '/work/run-1/tmp-a',
      LANG: 'en_US.UTF-8', // the configured value wins over the harness's
      HTTPS_PROXY: 'http://127.0.0.1:1',
      SSL_CERT_FILE: '/ca.pem',
      BASE: 'http://127.0.0.1:1',
      SHARED: 'env',
    });
  });

  it('adds the gate entry last, so it wins over env', () => {
    expect(serverEnvironment({ ...input, writeGate: 'write' })).toMatchObject({
      SHARED: 'gate',
      WRITES: '1',
    });
    expect(serverEnvironment({ ...input, writeGate: 'destructive' })).not.toHaveProperty('WRITES');
  });

  it('falls back to a default PATH and LANG when the harness has none', () => {
    const env = serverEnvironment({
      ...input,
      config: { ...config, env: {} },
      writeGate: 'read',
      host: {},
    });
    expect(env.PATH).toBe('/usr/local/bin:/usr/bin:/bin');
    expect(env.LANG).toBe('C.UTF-8');
  });
});
