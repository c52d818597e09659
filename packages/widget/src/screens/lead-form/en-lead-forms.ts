/** The lead form and its thankYou (docs/lead-forms.md), under `leadForms.*`. */
export const enLeadForms = {
  submit: 'Submit',
  sending: 'Sending…',
  loading: 'Loading the form…',
  noForm: 'This form is not available.',
  fixed: '{{label}} (set by the form)',
  honeypot: 'Leave this field empty',
  redirecting: 'Thanks! Taking you onward…',
  thankYouText: 'Thanks, we received your details.',
  close: 'Close',
  again: 'Send another response',
};
