import PDFDocument from 'pdfkit';
import { formatMoney } from '@portico/core';
import { day } from '../mail/receipt-mail.ts';

/** Everything an invoice PDF states, already read and worded (invoice-document.ts makes it); amounts in minor units. */
export interface InvoiceDocument {
  company: { name: string; addressLines: string[] };
  customer: { name: string; addressLines: string[]; taxIds: string[] };
  invoiceNumber: number;
  /** ISO day. */
  invoiceDate: string;
  status: 'Open' | 'Paid' | 'Void';
  /** ISO day it was paid; null while open. */
  paidDate: string | null;
  currency: string;
  taxBehavior: 'inclusive' | 'exclusive';
  /** Charge and credit lines (the discount is its own total line below). */
  lines: { description: string; period: string | null; quantity: number; unitPrice: number; amount: number }[];
  /** The discount taken off before tax (≥ 0). */
  discount: number;
  subtotal: number;
  tax: number;
  total: number;
  amountPaid: number;
}

/** The receipt's medium-style day (a calendar day read as UTC), so the mail and its PDF state the same dates. */
export const pdfDate = day;

/**
 * The standard PDF fonts speak WinAnsi only: a minus sign, a narrow no-break space (Intl's money in
 * some locales) or a character outside Latin-1 would print as garbage, so they become their plain forms.
 */
export function pdfText(s: string): string {
  return s.replace(/[\u2212\u2013\u2014]/g, '-').replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[\t\n]/g, ' ').replace(/[^\u0020-\u007e\u00a1-\u00ff\u00d7\u20ac\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

const GREY = '#555555';
const PAGE = { margin: 50, width: 595.28 };
const COLS = { desc: 50, qty: 300, amount: 445, right: 545 };

/**
 * Renders the invoice in-process with pdfkit and its built-in Helvetica (no font files, no
 * browser, no network): company, customer and billing address, tax ids, the number and dates,
 * each line as quantity × unit price = amount, then discount, tax, total, status and the paid date.
 */
export function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: PAGE.margin, compress: true,
    info: { Title: pdfText(`Invoice ${d.invoiceNumber}`), Author: pdfText(d.company.name), Subject: pdfText(`Invoice for ${d.customer.name}`) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => pdfText(formatMoney(minor, d.currency));
  const width = COLS.right - COLS.desc;

  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(d.company.name), COLS.desc, PAGE.margin);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const l of d.company.addressLines) doc.text(pdfText(l));
  doc.fillColor('black').font('Helvetica-Bold').fontSize(22).text('Invoice', COLS.desc, PAGE.margin, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice number', `#${d.invoiceNumber}`],
    ['Invoice date', pdfDate(d.invoiceDate)],
    ['Status', d.status],
  ];
  if (d.paidDate) facts.push(['Paid on', pdfDate(d.paidDate)]);
  for (const [k, v] of facts) doc.text(`${k}: ${pdfText(v)}`, { width, align: 'right' });

  doc.moveDown(2);
  const billTo = Math.max(doc.y, 150);
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', COLS.desc, billTo);
  doc.font('Helvetica').text(pdfText(d.customer.name));
  for (const l of d.customer.addressLines) doc.text(pdfText(l));
  for (const t of d.customer.taxIds) doc.text(pdfText(`Tax ID: ${t}`));

  doc.moveDown(2);
  const head = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  doc.text('Description', COLS.desc, head);
  doc.text('Qty × Unit price', COLS.qty, head, { width: COLS.amount - COLS.qty - 10, align: 'right' });
  doc.text('Amount', COLS.amount, head, { width: COLS.right - COLS.amount, align: 'right' });
  doc.moveTo(COLS.desc, doc.y + 3).lineTo(COLS.right, doc.y + 3).strokeColor('#cccccc').stroke();
  doc.fillColor('black').font('Helvetica').fontSize(10);
  doc.moveDown(0.6);
  for (const line of d.lines) {
    const top = doc.y;
    doc.text(pdfText(line.description), COLS.desc, top, { width: COLS.qty - COLS.desc - 10 });
    const after = doc.y;
    if (line.period) doc.fontSize(8).fillColor(GREY).text(pdfText(line.period), COLS.desc, after, { width: COLS.qty - COLS.desc - 10 }).fontSize(10).fillColor('black');
    const bottom = doc.y;
    doc.text(`${line.quantity} × ${money(line.unitPrice)}`, COLS.qty, top, { width: COLS.amount - COLS.qty - 10, align: 'right' });
    doc.text(money(line.amount), COLS.amount, top, { width: COLS.right - COLS.amount, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
    if (doc.y > 720) doc.addPage();
  }
  doc.moveTo(COLS.qty, doc.y).lineTo(COLS.right, doc.y).strokeColor('#cccccc').stroke();
  doc.moveDown(0.6);

  const totals: [string, string][] = [['Subtotal', money(d.subtotal)]];
  if (d.discount > 0) totals.push(['Discount', `-${money(d.discount)}`]);
  totals.push([d.taxBehavior === 'inclusive' ? 'Tax (included)' : 'Tax', money(d.tax)]);
  totals.push(['Total', money(d.total)]);
  if (d.status === 'Paid') totals.push(['Amount paid', money(d.amountPaid)]);
  for (const [k, v] of totals) {
    const top = doc.y;
    doc.font(k === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(k, COLS.qty, top, { width: COLS.amount - COLS.qty - 10, align: 'right' });
    doc.text(v, COLS.amount, top, { width: COLS.right - COLS.amount, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.font('Helvetica').moveDown(2).fontSize(9).fillColor(GREY);
  const closing = d.status === 'Paid'
    ? `Paid${d.paidDate ? ` on ${pdfDate(d.paidDate)}` : ''}. Thank you for your business.`
    : d.status === 'Void' ? 'This invoice is void: nothing is owed on it.' : `Amount due: ${money(d.total - d.amountPaid)}.`;
  doc.text(pdfText(closing), COLS.desc, doc.y, { width });
  doc.end();
  return done;
}
