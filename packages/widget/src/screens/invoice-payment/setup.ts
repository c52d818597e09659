/** Loaded with the invoicePayment screen (its own lazy chunk, never app.js): its strings under `invoicePayment.*`. */
import { getI18n } from '../../app/i18n.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { enInvoicePayment } from './en-invoice-payment.ts';

registerLazyStrings(getI18n(), 'invoicePayment', enInvoicePayment);
