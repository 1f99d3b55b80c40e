import { ingestRequestSchema } from '@app/contracts/trading';
import { describe, expect, it } from 'vitest';
import { curlExample } from './curl-example';

describe('curlExample', () => {
  it('posts a body the ingestion API accepts, with the key and this server', () => {
    const cmd = curlExample('https://firm.example', 'fpc_KEY123', new Date('2026-11-23T10:00:00Z'));
    // A dry run: a made-up snapshot must not fail or pass the real account it names.
    expect(cmd).toContain("curl -X POST 'https://firm.example/api/integrations/trading/events?dryRun=true'");
    expect(cmd).toContain("-H 'Authorization: Bearer fpc_KEY123'");
    const body = JSON.parse(/-d '(.*)'$/m.exec(cmd)![1]!);
    const parsed = ingestRequestSchema.safeParse({
      ...body,
      events: body.events.map((e: object) => ({ ...e, account: '50000001' })),
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});
