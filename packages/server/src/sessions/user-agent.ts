import Bowser from 'bowser';

export const DEVICE_TYPES = ['Desktop', 'Mobile', 'Tablet', 'TV', 'Bot', 'Unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What a person recognises a signed-in browser by: the device, the browser and the operating system. */
export interface ClientDescription {
  Device: { Type: DeviceType; Vendor: string | null; Model: string | null };
  Browser: { Name: string | null; Version: string | null };
  OperatingSystem: { Name: string | null; Version: string | null };
}

const PLATFORM: Record<string, DeviceType> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', tv: 'TV', bot: 'Bot' };
const text = (value: string | undefined) => (value && value.trim() ? value.trim().slice(0, 100) : null);

/**
 * Reads a User-Agent with bowser (MIT; docs/decisions.md says why not ua-parser-js). Anything it
 * does not recognise, or no User-Agent at all, gives nulls and 'Unknown': the list still shows the
 * address and times. Windows is named by its marketing version ('10'), not 'NT 10.0'.
 */
export function describeUserAgent(userAgent: string | null): ClientDescription {
  const unknown: ClientDescription = {
    Device: { Type: 'Unknown', Vendor: null, Model: null }, Browser: { Name: null, Version: null }, OperatingSystem: { Name: null, Version: null },
  };
  if (!userAgent || !userAgent.trim()) return unknown;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return unknown;
  }
  const { browser, os, platform } = parsed;
  return {
    Device: { Type: PLATFORM[platform.type ?? ''] ?? 'Unknown', Vendor: text(platform.vendor), Model: text(platform.model) },
    Browser: { Name: text(browser.name), Version: text(browser.version) },
    OperatingSystem: { Name: text(os.name), Version: text(os.name === 'Windows' ? os.versionName ?? os.version : os.version) },
  };
}
