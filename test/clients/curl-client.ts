import { curlPath, run, type ClientReport } from './run-client.js';

const SSO_URL = 'https://sso.common.cloud.hpe.com/as/token.oauth2';
const BASE_URL = 'https://us5.api.central.arubanetworks.com';

/**
 * The curl client: plain `curl` invocations with no proxy or CA flags — https_proxy and
 * CURL_CA_BUNDLE come from the environment, as for any other server under test.
 */
export async function curlClient(env: NodeJS.ProcessEnv): Promise<ClientReport> {
  const curl = curlPath();
  const seen: number[] = [];
  const call = async (args: string[]): Promise<string> => {
    const { code, stdout, stderr } = await run(curl, ['-sS', '-w', '\n%{http_code}', ...args], env);
    const cut = stdout.lastIndexOf('\n');
    const status = Number(stdout.slice(cut + 1));
    if (code !== 0 || status !== 200) {
      throw new Error(`curl ${args.join(' ')}: exit ${code}, HTTP ${status}: ${stderr}${stdout}`);
    }
    return stdout.slice(0, cut);
  };
  const user = `${env.CENTRAL_CLIENT_ID ?? ''}:${env.CENTRAL_CLIENT_SECRET ?? ''}`;
  const token = JSON.parse(
    await call(['-u', user, '-d', 'grant_type=client_credentials', SSO_URL]),
  ) as { access_token: string };
  const macs: string[] = [];
  let pages = 0;
  let query = 'limit=2';
  let body: { items: { macAddress: string }[]; next?: string | null; total: number };
  for (;;) {
    body = JSON.parse(
      await call([
        '-H',
        `Authorization: Bearer ${token.access_token}`,
        `${BASE_URL}/network-monitoring/v1/clients?${query}`,
      ]),
    ) as typeof body;
    seen.push(200);
    pages += 1;
    macs.push(...body.items.map((item) => item.macAddress));
    // `next` is null or absent on the last page, as the vendor lists differ (SPEC.md §5).
    if (body.next === null || body.next === undefined) break;
    query = `limit=2&next=${body.next}`;
  }
  const escaped = await run(curl, ['-sS', '-o', '/dev/null', 'https://example.com/'], env);
  return {
    client: 'curl',
    pages,
    macs,
    total: body.total,
    seen,
    escape:
      escaped.code === 0
        ? { refused: false }
        : { refused: true, error: `exit ${escaped.code}: ${escaped.stderr.trim()}` },
  };
}
