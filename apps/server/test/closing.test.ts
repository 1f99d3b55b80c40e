import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../src/lib/passwords.ts';
import { createTestApp } from './test-app.ts';

/** A hasher whose verify waits until released: a login stays in flight while the server closes. */
function heldHasher(real: PasswordHasher) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inVerify = new Promise<void>((r) => (entered = r));
  const hasher: PasswordHasher = {
    hash: (p) => real.hash(p),
    verify: async (h, p) => {
      entered();
      await released;
      return real.verify(h, p);
    },
    close: () => real.close(),
    shed: () => real.shed(),
  };
  return { hasher, release, inVerify };
}

const loginText = (host: string) => {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong123!', userGeolocation: null });
  return (
    `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`
  );
};

describe('a request arriving while the server closes', () => {
  it('is answered 503 SERVICE_UNAVAILABLE in our shape, with Retry-After and the security headers', async () => {
    const real = await createPasswordHasher(1);
    const held = heldHasher(real);
    const t = await createTestApp({ deps: { passwords: held.hasher } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const host = `127.0.0.1:${port}`;

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    const ended = new Promise<void>((r) => socket.on('close', () => r()));
    socket.write(loginText(host));
    await held.inVerify; // the first login is in flight

    const closed = t.app.close(); // waits for the first login
    await new Promise((r) => setTimeout(r, 50));
    socket.write(`GET /api/config HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    held.release();
    await closed;
    await ended;
    await t.database.close();
    await real.close();

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 401/); // the login in flight was finished
    const [head, body] = answers[1]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(head).toMatch(/\r\ncontent-security-policy: /i);
    expect(JSON.parse(body!)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  }, 30_000);
});
