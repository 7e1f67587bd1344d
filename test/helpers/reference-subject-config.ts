import { join } from 'node:path';

/**
 * A bench config (YAML text) that runs a subject built on the reference server
 * (test/mcp-servers/subject-*.ts, from source with tsx) under the server name `reference`, so the
 * scenarios' `reference` plans and a reference baseline apply to it unchanged.
 */
export function referenceSubjectConfig(root: string, subject: string): string {
  return [
    'servers:',
    '  reference:',
    '    transport: stdio',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ['--import', 'tsx', ${JSON.stringify(join(root, 'test/mcp-servers', subject))}]`,
    `    cwd: ${JSON.stringify(root)}`,
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
    '',
  ].join('\n');
}
