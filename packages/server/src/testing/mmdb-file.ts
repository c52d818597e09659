import { writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';

/**
 * Writes a small MaxMind DB (.mmdb) file for tests: the real format (MaxMind DB File Format
 * Specification 2.0: a binary search tree of 24-bit records, the data section, the metadata
 * after "\xAB\xCD\xEFMaxMind.com"), read by the same `maxmind` reader the server uses. No npm
 * package writes MMDB files (`mmdb-writer` is Python-only) and none ships a test database, and
 * GeoLite2 cannot be downloaded offline, so the tests make their own. IPv6 tree; IPv4 networks
 * sit under ::/96 as in MaxMind's own databases.
 */
export type MmdbValue = string | number | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** `203.0.113.0/24` or `2001:db8::/32`. */
  cidr: string;
  data: { [key: string]: MmdbValue };
}

const EMPTY = -1;
type Tree = number[][]; // node → [left, right]: a node index, EMPTY, or -(2 + data offset)

function control(type: number, size: number): Buffer {
  const sizeBytes: number[] = [];
  let bits: number;
  if (size < 29) bits = size;
  else if (size < 285) { bits = 29; sizeBytes.push(size - 29); }
  else if (size < 65_821) { bits = 30; const n = size - 285; sizeBytes.push(n >> 8, n & 255); }
  else { bits = 31; const n = size - 65_821; sizeBytes.push((n >> 16) & 255, (n >> 8) & 255, n & 255); }
  const head = type <= 7 ? [(type << 5) | bits] : [bits, type - 7];
  return Buffer.from([...head, ...sizeBytes]);
}

function uint(value: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.concat([control(6, bytes.length), Buffer.from(bytes)]);
}

/** The data section's encoding of one value (strings, unsigned 32-bit integers, doubles, booleans, maps, arrays). */
export function encodeMmdbValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') { const b = Buffer.from(value, 'utf8'); return Buffer.concat([control(2, b.length), b]); }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) return uint(value);
    const b = Buffer.alloc(8); b.writeDoubleBE(value); return Buffer.concat([control(3, 8), b]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encodeMmdbValue)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encodeMmdbValue(k), encodeMmdbValue(v)])]);
}

/** The 128 bits of an address (IPv4 mapped under ::/96) and the prefix length in that tree. */
function bitsOf(cidr: string): { bits: number[]; prefix: number } {
  const [address, length] = cidr.split('/') as [string, string | undefined];
  const bytes: number[] = Array(16).fill(0);
  if (isIPv4(address)) {
    address.split('.').forEach((part, i) => { bytes[12 + i] = Number(part); });
  } else {
    const [head, tail = ''] = address.split('::') as [string, string?];
    const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
    const h = groups(head);
    const t = groups(tail);
    const all = [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
    all.forEach((g, i) => { bytes[2 * i] = g >> 8; bytes[2 * i + 1] = g & 255; });
  }
  const bits = bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => (b >> (7 - i)) & 1));
  const max = isIPv4(address) ? 32 : 128;
  return { bits, prefix: (isIPv4(address) ? 96 : 0) + Number(length ?? max) };
}

export function writeMmdb(networks: MmdbNetwork[], opts: { databaseType?: string; buildEpoch?: number } = {}): Buffer {
  const data: Buffer[] = [];
  let dataSize = 0;
  const tree: Tree = [[EMPTY, EMPTY]];
  for (const network of networks) {
    const encoded = encodeMmdbValue(network.data);
    const record = -(2 + dataSize);
    data.push(encoded);
    dataSize += encoded.length;
    const { bits, prefix } = bitsOf(network.cidr);
    let node = 0;
    for (let depth = 0; depth < prefix - 1; depth += 1) {
      const side = bits[depth]!;
      let next = tree[node]![side]!;
      if (next < 0) { next = tree.length; tree.push([EMPTY, EMPTY]); tree[node]![side] = next; }
      node = next;
    }
    tree[node]![bits[prefix - 1]!] = record;
  }
  const nodeCount = tree.length;
  const recordValue = (r: number) => (r === EMPTY ? nodeCount : r >= 0 ? r : nodeCount + 16 + (-r - 2));
  const treeBytes = Buffer.alloc(nodeCount * 6);
  tree.forEach(([left, right], i) => {
    treeBytes.writeUIntBE(recordValue(left!), i * 6, 3);
    treeBytes.writeUIntBE(recordValue(right!), i * 6 + 3, 3);
  });
  const metadata = encodeMmdbValue({
    node_count: nodeCount, record_size: 24, ip_version: 6, database_type: opts.databaseType ?? 'Portico-Test-City',
    languages: ['en'], binary_format_major_version: 2, binary_format_minor_version: 0,
    build_epoch: opts.buildEpoch ?? 1_767_225_600, description: { en: 'Portico test GeoIP database' },
  });
  return Buffer.concat([treeBytes, Buffer.alloc(16), ...data, Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'), metadata]);
}

/** Networks of the tests' GeoIP database, shaped like GeoLite2-City records (networks must not nest: the writer keeps it simple). */
export const TEST_GEO_NETWORKS: MmdbNetwork[] = [
  { cidr: '198.51.100.0/24', data: { city: { names: { en: 'Lisbon', pt: 'Lisboa' } }, country: { iso_code: 'PT', names: { en: 'Portugal' } } } },
  { cidr: '203.0.113.0/24', data: { country: { iso_code: 'NZ', names: { en: 'New Zealand' } } } },
  { cidr: '2001:db8::/32', data: { city: { names: { en: 'Berlin' } }, country: { iso_code: 'DE', names: { en: 'Germany', de: 'Deutschland' } } } },
  { cidr: '192.0.2.0/24', data: { registered_country: { iso_code: 'US', names: { en: 'United States' } } } },
];

/** Writes the tests' GeoIP database into `folder` and returns its path (for `auth.geoIpDatabase`). */
export function writeTestGeoDatabase(folder: string): string {
  const file = path.join(folder, 'test-city.mmdb');
  writeFileSync(file, writeMmdb(TEST_GEO_NETWORKS));
  return file;
}

