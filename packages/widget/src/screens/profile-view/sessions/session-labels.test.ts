import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../i18n/translator.ts';
import { enSessions } from './en-sessions.ts';
import { deviceName, lastActive, placeName, sessionLabel, sessionName } from './session-labels.ts';
import type { ProfileSession } from './sessions-calls.ts';

const { t } = createTranslator('en', { profileSessions: enSessions });

const session = (over: Partial<ProfileSession> = {}): ProfileSession => ({
  Uid: 's1', IsCurrent: false, IpAddress: '198.51.100.7', Location: null,
  Device: { Type: 'Desktop', Vendor: 'Apple', Model: null }, Browser: { Name: 'Chrome', Version: '126.0.0.0' }, OperatingSystem: { Name: 'macOS', Version: '10.15.7' },
  Created: '2026-03-15T10:00:00.000Z', LastSeen: '2026-03-15T11:55:00.000Z', ...over,
});

describe('session labels', () => {
  it('names the browser and system, the device, and what the buttons say', () => {
    expect(sessionName(session(), t)).toBe('Chrome on macOS');
    expect(sessionName(session({ OperatingSystem: { Name: null, Version: null } }), t)).toBe('Chrome');
    expect(sessionName(session({ Browser: { Name: null, Version: null }, OperatingSystem: { Name: null, Version: null } }), t)).toBe('Unknown browser');
    expect(deviceName(session(), t)).toBe('Computer');
    expect(deviceName(session({ Device: { Type: 'Mobile', Vendor: 'Apple', Model: 'iPhone' } }), t)).toBe('iPhone');
    expect(deviceName(session({ Device: { Type: 'Unknown', Vendor: null, Model: null } }), t)).toBe('Unknown device');
    expect(sessionLabel(session(), t)).toBe('Chrome on macOS, 198.51.100.7');
    expect(sessionLabel(session({ IpAddress: null }), t)).toBe('Chrome on macOS');
  });

  it('names the place in the widget\'s language from the country code', () => {
    const lisbon = { City: 'Lisbon', Country: 'Portugal', CountryCode: 'PT' };
    expect(placeName(lisbon, 'en')).toBe('Lisbon, Portugal');
    expect(placeName(lisbon, 'de')).toBe('Lisbon, Portugal'.replace('Portugal', new Intl.DisplayNames(['de'], { type: 'region' }).of('PT')!));
    expect(placeName({ City: null, Country: 'New Zealand', CountryCode: null }, 'en')).toBe('New Zealand');
    expect(placeName({ City: null, Country: null, CountryCode: null }, 'en')).toBeNull();
    expect(placeName(null, 'en')).toBeNull();
  });

  it('says when a session was last used: relative within a week, else the date', () => {
    const now = new Date('2026-03-15T12:00:00.000Z');
    expect(lastActive('2026-03-15T11:59:30.000Z', now, 'en')).toEqual({ kind: 'now', text: 'now' });
    expect(lastActive('2026-03-15T11:55:00.000Z', now, 'en')).toEqual({ kind: 'relative', text: '5 minutes ago' });
    expect(lastActive('2026-03-15T09:00:00.000Z', now, 'en')).toEqual({ kind: 'relative', text: '3 hours ago' });
    expect(lastActive('2026-03-14T11:00:00.000Z', now, 'en')).toEqual({ kind: 'relative', text: 'yesterday' });
    expect(lastActive('2026-03-01T11:00:00.000Z', now, 'en')).toEqual({ kind: 'date', text: 'Mar 1, 2026' });
    expect(lastActive('2026-03-15T11:55:00.000Z', now, 'fr').text).toBe('il y a 5 minutes');
    // A clock a little behind the server's never says 'in 2 minutes'.
    expect(lastActive('2026-03-15T12:02:00.000Z', now, 'en').text).toBe('now');
  });
});
