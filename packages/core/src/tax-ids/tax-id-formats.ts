/**
 * Tax id formats per type code (Stripe's codes, geo/tax-id-types.ts), checked by stdnum
 * (koblas/stdnum-js, a port of python-stdnum: lengths, check digits, prefixes). Heavy-ish
 * (~16 KB gzip): the server imports it directly; the widget loads it as its own chunk when a form
 * shows a tax id (forms/use-tax-id-check.ts), so the register screen's first chunk does not carry it.
 * The per-country modules are imported one by one (the package index pulls in every country, ~50 KB).
 */
import { validate as atUid } from 'stdnum/lib/cjs/at/uid.js';
import { validate as beVat } from 'stdnum/lib/cjs/be/vat.js';
import { validate as bgVat } from 'stdnum/lib/cjs/bg/vat.js';
import { validate as cyVat } from 'stdnum/lib/cjs/cy/vat.js';
import { validate as czDic } from 'stdnum/lib/cjs/cz/dic.js';
import { validate as deVat } from 'stdnum/lib/cjs/de/vat.js';
import { validate as dkCvr } from 'stdnum/lib/cjs/dk/cvr.js';
import { validate as eeKmkr } from 'stdnum/lib/cjs/ee/kmkr.js';
import { validate as esNif } from 'stdnum/lib/cjs/es/nif.js';
import { validate as fiAlv } from 'stdnum/lib/cjs/fi/alv.js';
import { validate as frTva } from 'stdnum/lib/cjs/fr/tva.js';
import { validate as grVat } from 'stdnum/lib/cjs/gr/vat.js';
import { validate as hrOib } from 'stdnum/lib/cjs/hr/oib.js';
import { validate as huAnum } from 'stdnum/lib/cjs/hu/anum.js';
import { validate as ieVat } from 'stdnum/lib/cjs/ie/vat.js';
import { validate as itIva } from 'stdnum/lib/cjs/it/iva.js';
import { validate as ltPvm } from 'stdnum/lib/cjs/lt/pvm.js';
import { validate as luTva } from 'stdnum/lib/cjs/lu/tva.js';
import { validate as lvPvn } from 'stdnum/lib/cjs/lv/pvn.js';
import { validate as mtVat } from 'stdnum/lib/cjs/mt/vat.js';
import { validate as nlBtw } from 'stdnum/lib/cjs/nl/btw.js';
import { validate as plNip } from 'stdnum/lib/cjs/pl/nip.js';
import { validate as ptNif } from 'stdnum/lib/cjs/pt/nif.js';
import { validate as roCif } from 'stdnum/lib/cjs/ro/cif.js';
import { validate as seVat } from 'stdnum/lib/cjs/se/vat.js';
import { validate as siDdv } from 'stdnum/lib/cjs/si/ddv.js';
import { validate as skDph } from 'stdnum/lib/cjs/sk/dph.js';
import { validate as gbVat } from 'stdnum/lib/cjs/gb/vat.js';
import { validate as usEin } from 'stdnum/lib/cjs/us/ein.js';
import { validate as caBn } from 'stdnum/lib/cjs/ca/bn.js';
import { validate as caGst } from 'stdnum/lib/cjs/ca/gst.js';
import { validate as auAbn } from 'stdnum/lib/cjs/au/abn.js';
import { validate as nzIrd } from 'stdnum/lib/cjs/nz/ird.js';
import { validate as chVat } from 'stdnum/lib/cjs/ch/vat.js';
import { validate as noMva } from 'stdnum/lib/cjs/no/mva.js';
import { validate as inGstin } from 'stdnum/lib/cjs/in/gstin.js';
import { validate as jpCn } from 'stdnum/lib/cjs/jp/cn.js';
import { validate as zaVat } from 'stdnum/lib/cjs/za/vat.js';
import { validate as brCnpj } from 'stdnum/lib/cjs/br/cnpj.js';
import { validate as mxRfc } from 'stdnum/lib/cjs/mx/rfc.js';
import type { TaxIdFormatCheck } from './tax-id-rules.ts';

/** Each country module's `validate`, imported by name: no namespace object, so the widget's chunk needs no bundler interop helper. */
type Validate = (value: string) => { isValid: boolean };

/** EU VAT numbers carry their country's prefix (Greece's is EL); each country has its own rules. */
const EU: Record<string, Validate> = {
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
  return module ? module(prefix === 'XI' ? compact.slice(2) : compact).isValid : false;
}

const by = (validate: Validate) => (value: string) => validate(value).isValid;

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
