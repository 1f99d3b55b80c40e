import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { bearer, login, loginRequest, signedInMember, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-04-01T09:00:00Z') });
});
afterAll(() => t.close());

const mailsTo = async (to: string) => (await t.database.db.select().from(emailOutbox)).filter((m) => m.to === to);
const call = (method: 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const linkToken = (text: string) => /confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(text)![1]!;
const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2, 9)}@example.com`;

async function requestChange(m: { token: string; password: string }, email: string) {
  const res = await call('POST', '/api/user/email', m.token, { email, currentPassword: m.password });
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(email);
  return decodeURIComponent(linkToken(mail!.text));
}

describe('email change', () => {
  it('a link to the new address; confirming changes it, tells the old address and ends the sessions', async () => {
    const m = await signedInMember(t);
    const newEmail = unique('new');
    const token = await requestChange(m, newEmail);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(m.token) });
    expect(profile.json().profile).toMatchObject({ email: m.email.toLowerCase(), pendingEmail: newEmail });

    const ok = await call('POST', '/api/user/email/confirm', null, { token });
    expect(ok.statusCode).toBe(200);
    const ended = await verify(t, m.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Your email address was changed. Please login again.');
    const old = await mailsTo(m.email.toLowerCase());
    expect(old.map((x) => x.subject)).toContain('Your email address was changed');
    expect(old.find((x) => x.subject === 'Your email address was changed')!.text).toContain(newEmail);
    expect((await loginRequest(t, newEmail, m.password)).statusCode).toBe(200);
    expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(401);

    // The link works once.
    const again = await call('POST', '/api/user/email/confirm', null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_EMAIL_TOKEN');
  });

  it('the present address is told of the request; a password change voids the link (an intruder’s request ends with it)', async () => {
    const m = await signedInMember(t);
    const intruder = unique('intruder');
    const token = await requestChange(m, intruder);
    const told = (await mailsTo(m.email.toLowerCase())).find(
      (x) => x.subject === 'Someone asked to change your email address',
    );
    expect(told?.text).toContain(intruder);

    const changed = await call('POST', '/api/user/password', m.token, {
      currentPassword: m.password,
      newPassword: 'Another456!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await call('POST', '/api/user/email/confirm', null, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_EMAIL_TOKEN');
    expect((await loginRequest(t, m.email, 'Another456!')).statusCode).toBe(200);
  });

  it('an expired link is refused and nothing changes', async () => {
    const m = await signedInMember(t);
    const token = await requestChange(m, unique('late'));
    t.clock.advance(24 * 3_600_000 + 1);
    const res = await call('POST', '/api/user/email/confirm', null, { token });
    expect(res.statusCode).toBe(400);
    expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(200);
  });

  it('a wrong current password is a 400 and sends nothing', async () => {
    const m = await signedInMember(t);
    const email = unique('nope');
    const res = await call('POST', '/api/user/email', m.token, { email, currentPassword: 'Wrong123!' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { currentPassword: 'The current password is incorrect' },
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('the address the account has already is a 409 naming the email field, and sends nothing', async () => {
    const m = await signedInMember(t);
    const before = (await mailsTo(m.email.toLowerCase())).length;
    const res = await call('POST', '/api/user/email', m.token, {
      email: m.email.toUpperCase(),
      currentPassword: m.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', fields: { email: 'This is already your email address' } });
    expect(await mailsTo(m.email.toLowerCase())).toHaveLength(before);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(m.token) });
    expect(profile.json().profile.pendingEmail).toBeNull();
  });

  it('an address taken answers the request like any other; its link is refused (409) and nothing changes', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const free = await call('POST', '/api/user/email', a.token, { email: unique('free'), currentPassword: a.password });
    const taken = await call('POST', '/api/user/email', a.token, {
      email: b.email.toLowerCase(),
      currentPassword: a.password,
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    const [mail] = (await mailsTo(b.email.toLowerCase())).filter((x) => x.subject === 'Confirm your new email address');
    const res = await call('POST', '/api/user/email/confirm', null, {
      token: decodeURIComponent(linkToken(mail!.text)),
    });
    expect(res.statusCode).toBe(409);
    expect((await verify(t, a.token)).statusCode).toBe(200);
    expect((await loginRequest(t, a.email, a.password)).statusCode).toBe(200);
  });
});

describe('security mails', () => {
  it("in the person's language: password changed, two-factor on and off", async () => {
    const m = await signedInMember(t);
    await call('PUT', '/api/user/preferences', m.token, { language: 'de' });
    await call('POST', '/api/user/password', m.token, { currentPassword: m.password, newPassword: 'Another456?' });
    const setup = await call('POST', '/api/user/mfa/setup', m.token);
    const { secret } = setup.json();
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    await call('POST', '/api/user/mfa/confirm', m.token, { code: await generate({ secret, epoch }) });
    t.clock.advance(30_000);
    await call('POST', '/api/user/mfa/disable', m.token, {
      currentPassword: 'Another456?',
      code: await generate({ secret, epoch: epoch + 30 }),
    });
    const subjects = (await mailsTo(m.email.toLowerCase())).map((x) => x.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Ihr Passwort wurde geändert',
        'Zwei-Faktor-Anmeldung ist aktiv',
        'Zwei-Faktor-Anmeldung ist deaktiviert',
      ]),
    );
  });

  it("in the person's language: the email change's link, and the old address told of the change", async () => {
    const m = await signedInMember(t);
    await call('PUT', '/api/user/preferences', m.token, { language: 'de' });
    const newEmail = unique('neu');
    const token = await requestChange(m, newEmail);
    const [link] = await mailsTo(newEmail);
    expect(link!.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse');
    expect((await call('POST', '/api/user/email/confirm', null, { token })).statusCode).toBe(200);
    const told = (await mailsTo(m.email.toLowerCase())).find((x) => x.subject === 'Ihre E-Mail-Adresse wurde geändert');
    expect(told!.text).toContain(`Die E-Mail-Adresse Ihres Kontos wurde in ${newEmail} geändert.`);
    expect(told!.text).not.toContain('Your email address');
  });

  it("a new sign-in in the person's language: device words translated, the time in their zone, named", async () => {
    const m = await signedInMember(t);
    await call('PUT', '/api/user/preferences', m.token, { language: 'de', timeZone: 'Asia/Tokyo' });
    const email = m.email.toLowerCase();
    const newSignIns = async () => (await mailsTo(email)).filter((x) => x.subject === 'Neue Anmeldung bei Ihrem Konto');
    const signIn = (userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: m.password, userGeolocation: { country: 'CZ', city: 'Prague' } },
        headers: { 'user-agent': userAgent },
      });
    expect((await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36')).statusCode).toBe(200);
    const [mail] = await newSignIns();
    expect(mail!.text).toContain('Gerät: Chrome unter Windows');
    // Tokyo keeps no summer time: nine hours ahead of UTC all year.
    const now = t.clock.now();
    const tokyo = `${String((now.getUTCHours() + 9) % 24).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    expect(mail!.text).toMatch(new RegExp(`Wann: .*${tokyo} \\(Asia/Tokyo\\)`));
    expect(mail!.text).not.toContain('UTC');
    // No user agent at all: the unknown device, in German too.
    expect((await signIn('')).statusCode).toBe(200);
    const texts = (await newSignIns()).map((x) => x.text);
    expect(texts.some((x) => x.includes('Gerät: Unbekanntes Gerät'))).toBe(true);
    expect(texts.join('\n')).not.toMatch(/ on |Unknown device/);
  });

  it('only a sign-in that queued a mail asks for a delivery run', async () => {
    const m = await signedInMember(t);
    const notify = vi.spyOn(t.services.outbox, 'notify');
    try {
      await login(t, m.email, m.password); // the same device and country: nothing to tell
      expect(notify).not.toHaveBeenCalled();
      const phone = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: m.password, userGeolocation: null },
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit Safari/604' },
      });
      expect(phone.statusCode).toBe(200);
      expect(notify).toHaveBeenCalledTimes(1);
    } finally {
      notify.mockRestore();
    }
  });

  it('a sign-in from a new device or country is told; the same device and country again is not', async () => {
    const m = await signedInMember(t); // vitest, CZ: the first sign-in is not news
    const email = m.email.toLowerCase();
    const newSignIns = async () => (await mailsTo(email)).filter((x) => x.subject === 'New sign-in to your account');
    await login(t, m.email, m.password);
    expect(await newSignIns()).toHaveLength(0);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password, userGeolocation: { country: 'CZ', city: 'Brno' } },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit Safari/604' },
      remoteAddress: '10.9.9.9',
    });
    expect(phone.statusCode).toBe(200);
    const [mail] = await newSignIns();
    expect(mail!.text).toContain('Safari on iOS');
    // No display time zone chosen: UTC, named.
    expect(mail!.text).toMatch(/When: .+ \(UTC\)/);
    expect(mail!.text).toContain('10.9.9.9');
    expect(mail!.text).toContain('Brno, CZ');
    const abroad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password, userGeolocation: { country: 'BR', city: 'Recife' } },
      headers: { 'user-agent': 'vitest' },
    });
    expect(abroad.statusCode).toBe(200);
    expect(await newSignIns()).toHaveLength(2);
    // HTML escapes what came from the request.
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password, userGeolocation: { country: 'PT', city: '<b>x</b>' } },
      headers: { 'user-agent': 'vitest' },
    });
    expect(odd.statusCode).toBe(200);
    const last = (await newSignIns()).find((x) => x.text.includes('<b>x</b>'))!;
    expect(last.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('a new-device sign-in whose mail cannot be queued leaves nothing: the next one is told', async () => {
    const m = await signedInMember(t);
    const email = m.email.toLowerCase();
    const newSignIns = async () => (await mailsTo(email)).filter((x) => x.subject === 'New sign-in to your account');
    const fromTablet = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: m.password, userGeolocation: null },
        headers: { 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit Safari/604' },
      });
    const history = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user/login-history', headers: bearer(m.token) })).json()
        .items as Array<{ outcome: string }>;
    const before = (await history()).length;
    const enqueue = vi.spyOn(t.services.outbox, 'enqueue').mockRejectedValueOnce(new Error('the database went away'));
    try {
      expect((await fromTablet()).statusCode).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    // Neither the session nor a successful sign-in was kept, so the device is still new.
    expect(await history()).toHaveLength(before);
    expect((await fromTablet()).statusCode).toBe(200);
    expect(await newSignIns()).toHaveLength(1);
  });
});
