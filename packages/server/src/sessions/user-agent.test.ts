import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeUserAgent } from './user-agent.ts';

describe('describeUserAgent (bowser)', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { Type: 'Desktop', Vendor: 'Apple', Model: null }, { Name: 'Chrome', Version: '126.0.0.0' }, { Name: 'macOS', Version: '10.15.7' }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { Type: 'Mobile', Vendor: 'Apple', Model: 'iPhone' }, { Name: 'Safari', Version: '17.5' }, { Name: 'iOS', Version: '17.5' }],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { Type: 'Tablet', Vendor: 'Apple', Model: 'iPad' }, { Name: 'Safari', Version: '17.5' }, { Name: 'iOS', Version: '17.5' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { Type: 'Desktop', Vendor: null, Model: null }, { Name: 'Firefox', Version: '127.0' }, { Name: 'Windows', Version: '10' }],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { Type: 'Mobile', Vendor: null, Model: null }, { Name: 'Chrome', Version: '126.0.0.0' }, { Name: 'Android', Version: '14' }],
  ])('%s', (ua, Device, Browser, OperatingSystem) => {
    expect(describeUserAgent(ua)).toEqual({ Device, Browser, OperatingSystem });
  });

  it('no User-Agent, or one it does not know: Unknown and nulls', () => {
    const unknown = { Device: { Type: 'Unknown', Vendor: null, Model: null }, Browser: { Name: null, Version: null }, OperatingSystem: { Name: null, Version: null } };
    for (const ua of [null, '', '   ', 'curl/8.5.0', 'lightMyRequest']) expect(describeUserAgent(ua)).toEqual(unknown);
  });

  it('never throws and keeps every name short, whatever the header says', () => {
    fc.assert(fc.property(fc.string({ maxLength: 512 }), (ua) => {
      const d = describeUserAgent(ua);
      for (const v of [d.Browser.Name, d.Browser.Version, d.OperatingSystem.Name, d.OperatingSystem.Version, d.Device.Vendor, d.Device.Model]) {
        expect(v === null || (v.length > 0 && v.length <= 100)).toBe(true);
      }
    }));
  });
});
