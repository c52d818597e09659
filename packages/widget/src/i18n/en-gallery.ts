/** Strings of the internal controls gallery, loaded with its chunk (kept out of the first screen). */
export const enGallery = {
  heading: 'Form controls',
  seats: 'Seats',
  notifications: 'Email notifications',
  country: 'Country',
  billingTerm: 'Billing term',
  acceptTerms: 'I agree to the terms of service',
  avatar: 'Profile image',
  password: 'Password',
  showErrors: 'Show sample errors',
  showOneError: 'Show one error',
  clearErrors: 'Clear errors',
  showNotice: 'Show success notice',
  noticeText: 'Profile updated',
  disabledSeats: 'Seats (disabled)',
  countries: { US: 'United States', CA: 'Canada', GB: 'United Kingdom', DE: 'Germany' },
};
