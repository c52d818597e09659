/**
 * Tax id formats per type code (Stripe's codes, geo/tax-id-types.ts), checked by stdnum
 * (koblas/stdnum-js, a port of python-stdnum: lengths, check digits, prefixes). Heavy-ish
 * (~16 KB gzip): the server imports it directly; the widget loads it as its own chunk when a form
 * shows a tax id (forms/use-tax-id-check.ts), so the register screen's first chunk does not carry it.
 * The per-country modules are imported one by one (the package index pulls in every country, ~50 KB).
 */
import * as atUid from 'stdnum/lib/cjs/at/uid.js';
import * as beVat from 'stdnum/lib/cjs/be/vat.js';
import * as bgVat from 'stdnum/lib/cjs/bg/vat.js';
import * as cyVat from 'stdnum/lib/cjs/cy/vat.js';
import * as czDic from 'stdnum/lib/cjs/cz/dic.js';
import * as deVat from 'stdnum/lib/cjs/de/vat.js';
import * as dkCvr from 'stdnum/lib/cjs/dk/cvr.js';
import * as eeKmkr from 'stdnum/lib/cjs/ee/kmkr.js';
import * as esNif from 'stdnum/lib/cjs/es/nif.js';
import * as fiAlv from 'stdnum/lib/cjs/fi/alv.js';
import * as frTva from 'stdnum/lib/cjs/fr/tva.js';
import * as grVat from 'stdnum/lib/cjs/gr/vat.js';
import * as hrOib from 'stdnum/lib/cjs/hr/oib.js';
import * as huAnum from 'stdnum/lib/cjs/hu/anum.js';
import * as ieVat from 'stdnum/lib/cjs/ie/vat.js';
import * as itIva from 'stdnum/lib/cjs/it/iva.js';
import * as ltPvm from 'stdnum/lib/cjs/lt/pvm.js';
import * as luTva from 'stdnum/lib/cjs/lu/tva.js';
import * as lvPvn from 'stdnum/lib/cjs/lv/pvn.js';
import * as mtVat from 'stdnum/lib/cjs/mt/vat.js';
import * as nlBtw from 'stdnum/lib/cjs/nl/btw.js';
import * as plNip from 'stdnum/lib/cjs/pl/nip.js';
import * as ptNif from 'stdnum/lib/cjs/pt/nif.js';
import * as roCif from 'stdnum/lib/cjs/ro/cif.js';
import * as seVat from 'stdnum/lib/cjs/se/vat.js';
import * as siDdv from 'stdnum/lib/cjs/si/ddv.js';
import * as skDph from 'stdnum/lib/cjs/sk/dph.js';
import * as gbVat from 'stdnum/lib/cjs/gb/vat.js';
import * as usEin from 'stdnum/lib/cjs/us/ein.js';
import * as caBn from 'stdnum/lib/cjs/ca/bn.js';
import * as caGst from 'stdnum/lib/cjs/ca/gst.js';
import * as auAbn from 'stdnum/lib/cjs/au/abn.js';
import * as nzIrd from 'stdnum/lib/cjs/nz/ird.js';
import * as chVat from 'stdnum/lib/cjs/ch/vat.js';
import * as noMva from 'stdnum/lib/cjs/no/mva.js';
import * as inGstin from 'stdnum/lib/cjs/in/gstin.js';
import * as jpCn from 'stdnum/lib/cjs/jp/cn.js';
import * as zaVat from 'stdnum/lib/cjs/za/vat.js';
import * as brCnpj from 'stdnum/lib/cjs/br/cnpj.js';
import * as mxRfc from 'stdnum/lib/cjs/mx/rfc.js';
import type { TaxIdFormatCheck } from './tax-id-rules.ts';

interface Validator { validate(value: string): { isValid: boolean } }
// A CommonJS module seen from ESM: Node gives its exports as named exports and as `default`; bundlers as named ones.
const v = (m: unknown): Validator => ((m as { validate?: unknown }).validate ? m : (m as { default: unknown }).default) as Validator;

/** EU VAT numbers carry their country's prefix (Greece's is EL); each country has its own rules. */
const EU: Record<string, unknown> = {
  AT: atUid, BE: beVat, BG: bgVat, CY: cyVat, CZ: czDic, DE: deVat, DK: dkCvr, EE: eeKmkr, EL: grVat, ES: esNif,
  FI: fiAlv, FR: frTva, HR: hrOib, HU: huAnum, IE: ieVat, IT: itIva, LT: ltPvm, LU: luTva, LV: lvPvn, MT: mtVat,
  NL: nlBtw, PL: plNip, PT: ptNif, RO: roCif, SE: seVat, SI: siDdv, SK: skDph,
  // Northern Ireland traders keep an EU VAT number with the XI prefix and the UK's rules.
  XI: gbVat,
};

function euVat(value: string): boolean {
  const compact = value.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  const module = EU[prefix];
  // Each country's module strips its own prefix (GR's knows EL); XI is the UK's number after the prefix.
  return module ? v(module).validate(prefix === 'XI' ? compact.slice(2) : compact).isValid : false;
}

const by = (m: unknown) => (value: string) => v(m).validate(value).isValid;

/** The types the payment provider knows, checked by their own rules; a type missing here is accepted as typed. */
const FORMATS: Record<string, (value: string) => boolean> = {
  eu_vat: euVat,
  gb_vat: by(gbVat),
  us_ein: by(usEin),
  ca_bn: by(caBn),
  ca_gst_hst: by(caGst),
  au_abn: by(auAbn),
  nz_gst: by(nzIrd),
  ch_vat: by(chVat),
  no_vat: by(noMva),
  in_gst: by(inGstin),
  jp_cn: by(jpCn),
  za_vat: by(zaVat),
  br_cnpj: by(brCnpj),
  mx_rfc: by(mxRfc),
  // stdnum has no module for these two; the formats are Stripe's documented ones.
  sg_gst: (value) => /^M\d{8}[A-Z]$|^\d{8,9}[A-Z]$|^[ST]\d{2}[A-Z]{2}\d{4}[A-Z]$/.test(value.replace(/[\s-]/g, '').toUpperCase()),
  ae_trn: (value) => /^\d{15}$/.test(value.replace(/[\s-]/g, '')),
};

/** Whether `value` has the format of the type `code`; true for a type with no known format. */
export const checkTaxIdFormat: TaxIdFormatCheck = (code, value) => {
  const check = FORMATS[code];
  return check ? check(value) : true;
};

/** The type codes with a format check (tests, docs). */
export const CHECKED_TAX_ID_TYPES: readonly string[] = Object.keys(FORMATS);
