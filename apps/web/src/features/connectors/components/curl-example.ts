/**
 * A ready first call for a new key: one account snapshot posted to the ingestion API of this very
 * server as a dry run (checked and answered, nothing kept: a made-up snapshot must not fail or pass a
 * real account). ACCOUNT_LOGIN is the one thing to replace (a trading account's login).
 */
export function curlExample(origin: string, key: string, now = new Date()): string {
  const body = {
    events: [
      {
        id: `first-call-${now.getTime()}`,
        type: 'snapshot',
        account: 'ACCOUNT_LOGIN',
        time: now.toISOString(),
        balance: 100000,
        equity: 100000,
        openPositions: 0,
      },
    ],
  };
  return [
    `curl -X POST '${origin}/api/integrations/trading/events?dryRun=true' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}
