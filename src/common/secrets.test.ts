// needs: processes
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { takeSecrets, withSecretEnv } from './secrets.js';

describe('takeSecrets', () => {
  it('removes the secrets from the environment and keeps them for whoever asks by name', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/bin',
      GITHUB_TOKEN: 'ghp_x',
      'INPUT_GITHUB-TOKEN': 'ghs_y',
      ANTHROPIC_API_KEY: 'sk-ant-z',
      OPENAI_API_KEY: '',
    };
    const secrets = takeSecrets(env);
    expect(env).toEqual({ PATH: '/usr/bin' });
    expect(secrets.get('GITHUB_TOKEN')).toBe('ghp_x');
    expect(secrets.get('INPUT_GITHUB-TOKEN')).toBe('ghs_y');
    expect(secrets.get('OPENAI_API_KEY')).toBeUndefined();
    expect(secrets.values().sort()).toEqual(['ghp_x', 'ghs_y', 'sk-ant-z']);
    expect(secrets.entries().sort()).toEqual([
      ['ANTHROPIC_API_KEY', 'sk-ant-z'],
      ['GITHUB_TOKEN', 'ghp_x'],
      ['INPUT_GITHUB-TOKEN', 'ghs_y'],
    ]);
    // Nothing kept in the module: the value is the only holder, a second take finds nothing.
    expect(takeSecrets(env).values()).toEqual([]);
    expect(secrets.get('ANTHROPIC_API_KEY')).toBe('sk-ant-z');
  });

  it('keeps two benches of one process apart, even when both take from one environment', () => {
    // Bench A takes its tokens; later in the same process bench B's token is set and taken.
    // Module state (one store per environment object) handed B the model key A took, and
    // rewrote A's GITHUB_TOKEN with B's: A's cache calls would run with B's token, and a leak
    // of A's own token would go unredacted.
    const env: NodeJS.ProcessEnv = { GITHUB_TOKEN: 'ghp_benchA', ANTHROPIC_API_KEY: 'sk-ant-A' };
    const a = takeSecrets(env);
    env.GITHUB_TOKEN = 'ghp_benchB';
    const b = takeSecrets(env);
    expect(a.get('GITHUB_TOKEN')).toBe('ghp_benchA');
    expect(a.values().sort()).toEqual(['ghp_benchA', 'sk-ant-A']);
    expect(b.get('ANTHROPIC_API_KEY')).toBeUndefined();
    expect(b.values()).toEqual(['ghp_benchB']);
  });

  it('keeps a child the process starts afterwards from inheriting them (real process)', async () => {
    const script = `
      import { takeSecrets } from './src/common/secrets.ts';
      import { execFileSync } from 'node:child_process';
      const secrets = takeSecrets();
      const child = execFileSync('sh', ['-c', 'echo "[$GITHUB_TOKEN][$ANTHROPIC_API_KEY]"'], { encoding: 'utf8' });
      process.stdout.write(child.trim() + ' ' + secrets.get('GITHUB_TOKEN'));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, GITHUB_TOKEN: 'ghp_child', ANTHROPIC_API_KEY: 'sk-ant-child' } },
    );
    expect(stdout).toBe('[][] ghp_child');
  });
});

describe('withSecretEnv', () => {
  it('puts a secret back only while a call runs', async () => {
    const env: NodeJS.ProcessEnv = { ACTIONS_RUNTIME_TOKEN: 'rt' };
    const secrets = takeSecrets(env);
    const seen: (string | undefined)[] = [];
    const store = withSecretEnv(
      {
        restore: () => {
          seen.push(env.ACTIONS_RUNTIME_TOKEN);
          return Promise.resolve('ok');
        },
      },
      secrets,
      ['ACTIONS_RUNTIME_TOKEN'],
      env,
    );
    expect(await store.restore()).toBe('ok');
    expect(seen).toEqual(['rt']);
    expect(env.ACTIONS_RUNTIME_TOKEN).toBeUndefined();
  });
});
