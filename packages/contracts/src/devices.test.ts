import { describe, expect, it } from 'vitest';
import { deviceOf } from './devices.ts';

const agents = {
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  operaLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceOf', () => {
  it('names the browser and the system a person would, where agents name several', () => {
    expect(deviceOf(agents.edgeWindows)).toEqual({ browser: 'Edge', os: 'Windows', other: null });
    expect(deviceOf(agents.chromeAndroid)).toEqual({ browser: 'Chrome', os: 'Android', other: null });
    expect(deviceOf(agents.safariIphone)).toEqual({ browser: 'Safari', os: 'iOS', other: null });
    expect(deviceOf(agents.firefoxMac)).toEqual({ browser: 'Firefox', os: 'macOS', other: null });
    expect(deviceOf(agents.operaLinux)).toEqual({ browser: 'Opera', os: 'Linux', other: null });
    expect(deviceOf(agents.chromebook)).toEqual({ browser: 'Chrome', os: 'ChromeOS', other: null });
  });

  it('a tool is named by the start of its agent; no agent is no device', () => {
    expect(deviceOf('curl/8.11.0')).toEqual({ browser: null, os: null, other: 'curl/8.11.0' });
    expect(deviceOf(`python-requests/2.32.3 ${'x'.repeat(100)}`)?.other).toHaveLength(60);
    expect(deviceOf('')).toBeNull();
    expect(deviceOf(null)).toBeNull();
    expect(deviceOf(undefined)).toBeNull();
  });
});
