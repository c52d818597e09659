// invoice-pdf: invoice PDFs per second rendered in-process with pdfkit (packages/server/src/invoices/invoice-pdf.ts),
// one thread, for the 6-line invoice (plan, setup fee, 3 add-ons, discount, tax) the billing screen downloads.
// Run with: node --import tsx bench/invoice-pdf.ts
import { renderInvoicePdf, type InvoiceDocument } from '../packages/server/src/invoices/invoice-pdf.ts';
// @ts-expect-error plain JS helper
import { median, round, writeResult } from './lib/common.mjs';

const doc: InvoiceDocument = {
  company: { name: 'Northwind Analytics', addressLines: ['100 Harbour Street', 'Portland, OR 97204', 'United States'] },
  customer: { name: 'Analytical Engines', addressLines: ['1 Market St', 'San Francisco, CA 94105', 'US'], taxIds: ['DE136695976 (EU VAT number)'] },
  invoiceNumber: 1042, invoiceDate: '2026-11-01', status: 'Paid', paidDate: '2026-11-01', currency: 'USD', taxBehavior: 'exclusive',
  lines: [
    { description: 'Team', period: 'Nov 1, 2026 to Dec 1, 2026', quantity: 7, unitPrice: 1500, amount: 10500 },
    { description: 'Team setup fee', period: null, quantity: 1, unitPrice: 4900, amount: 4900 },
    { description: 'Priority support', period: 'Nov 1, 2026 to Dec 1, 2026', quantity: 1, unitPrice: 1900, amount: 1900 },
    { description: 'Extra dashboards', period: 'Nov 1, 2026 to Dec 1, 2026', quantity: 3, unitPrice: 500, amount: 1500 },
    { description: 'API calls', period: 'Nov 1, 2026 to Dec 1, 2026', quantity: 1, unitPrice: 900, amount: 900 },
  ],
  discount: 2955, subtotal: 19700, tax: 1214, total: 17959, amountPaid: 17959,
};

const first = await renderInvoicePdf(doc);
if (first.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');

async function rate(n: number): Promise<number> {
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes += (await renderInvoicePdf(doc)).length;
  if (!(bytes > 0)) throw new Error('sink');
  return (n / (performance.now() - t0)) * 1000;
}

const N = 200;
const SAMPLES = 5;
await rate(50); // warm-up (JIT, font metrics loaded)
const rates: number[] = [];
for (let s = 0; s < SAMPLES; s++) rates.push(await rate(N));
const med = median(rates);

const result = writeResult('invoice-pdf', {
  goal: { text: '≥ 100 invoice PDFs/s on one core (6-line invoice, built-in Helvetica)', metric: 'pdfsPerSecMedian', op: '>=', value: 100, unit: '/s' },
  actual: round(med),
  figures: {
    pdfsPerSecMedian: round(med),
    pdfsPerSecBest: round(Math.max(...rates)),
    pdfsPerSecSamples: rates.map((r) => round(r)),
    millisPerPdf: round(1000 / med, 2),
    pdfBytes: first.length,
  },
  method: `renderInvoicePdf (pdfkit, compressed, standard Helvetica: no font files) of a 6-line invoice with company and customer addresses and a tax id, one thread, code loaded through tsx. Warm-up 50 PDFs, then ${SAMPLES} samples of ${N}; the goal uses the median. The route adds the invoice's reads (3 queries) and the download token's signature check.`,
});
console.log(JSON.stringify({ name: result.name, pass: result.pass }));
