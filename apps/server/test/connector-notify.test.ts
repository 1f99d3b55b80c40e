import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { connectorsRepository } from '../src/modules/connectors/connectors.repository.ts';
import { secondInstance, settle } from './second-instance.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { createAccount, ev, setupWorld, type TradingWorld } from './trading-fixtures.ts';

// Two server instances on one database: a connector key revoked or rotated on one stops on the
// other at once, not when the other's 5-second key cache runs out.
describe('connector keys across instances', () => {
  let a: TestContext;
  let b: App;
  let world: TradingWorld;
  let login: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await secondInstance(a);
    world = await setupWorld(a);
    login = (await createAccount(a, world)).login;
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  let n = 0;
  /** A fresh snapshot posted to instance b with `key`: its status. */
  const postOnB = async (key: string) =>
    (
      await b.app.inject({
        method: 'POST',
        url: '/api/integrations/trading/events',
        headers: { authorization: `Bearer ${key}` },
        payload: { events: [ev.snapshot(`notify-${++n}`, login, '2026-03-02T10:00:00Z', 100000, 100000)] },
      })
    ).statusCode;
  const adminOnA = (url: string, payload: object) =>
    a.app.inject({ method: 'POST', url, headers: world.admin.headers, payload });
  const createConnector = async (name: string) => {
    const res = await adminOnA('/api/admin/connectors', { name });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string };
  };

  it('a key revoked on one instance is refused on the other within a second', async () => {
    const c = await createConnector('Bridge revoked elsewhere');
    expect(await postOnB(c.key)).toBe(200); // cached on b
    expect((await adminOnA(`/api/admin/connectors/${c.id}/revoke`, {})).statusCode).toBe(200);
    expect(await settle(() => postOnB(c.key), 401)).toBe(401);
  });

  it('a key rotated without grace on one instance is refused on the other; the new one posts', async () => {
    const c = await createConnector('Bridge rotated elsewhere');
    expect(await postOnB(c.key)).toBe(200);
    const rotated = await adminOnA(`/api/admin/connectors/${c.id}/rotate`, { graceMinutes: 0 });
    expect(rotated.statusCode).toBe(200);
    expect(await settle(() => postOnB(c.key), 401)).toBe(401);
    expect(await postOnB(rotated.json().key)).toBe(200);
  });

  it('while changes from other instances cannot be heard, every key is read from the database', async () => {
    const service = a.services.connectors;
    /** Revoked where no notification reaches a (as if sent while its LISTEN connection was down). */
    const revokeUnheard = (id: string) =>
      a.database.db.execute(sql`update connectors set revoked_at = now() where id = ${id}`);
    const heard = await createConnector('Bridge revoked unheard');
    expect((await service.authenticate(heard.key)).id).toBe(heard.id);
    await revokeUnheard(heard.id);
    expect((await service.authenticate(heard.key)).id).toBe(heard.id); // listening: the cache answers

    service.lost();
    const c = await createConnector('Bridge revoked while not listening');
    expect((await service.authenticate(c.key)).id).toBe(c.id);
    await revokeUnheard(c.id);
    await expect(service.authenticate(c.key)).rejects.toMatchObject({ status: 401 });
    service.restored();
  });

  it('a key read while it is being revoked is not cached: the next request is refused', async () => {
    const service = a.services.connectors;
    const c = await createConnector('Bridge revoked mid-read');
    const read = connectorsRepository.findActiveByHash;
    let fetched = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(connectorsRepository, 'findActiveByHash').mockImplementationOnce(async (...args) => {
      const row = await read.apply(connectorsRepository, args);
      fetched = true;
      await held; // the revocation commits while this answer is on its way
      return row;
    });
    const reading = service.authenticate(c.key);
    await vi.waitFor(() => expect(fetched).toBe(true));
    expect((await adminOnA(`/api/admin/connectors/${c.id}/revoke`, {})).statusCode).toBe(200);
    release();
    expect((await reading).id).toBe(c.id); // the request that came first is let through
    await expect(service.authenticate(c.key)).rejects.toMatchObject({ status: 401 });
  });
});
