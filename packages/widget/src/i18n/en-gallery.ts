/** Strings of the internal controls gallery, loaded with its chunk (kept out of the first screen). */
export const enGallery = {
  heading: 'Form controls',
  seats: 'Seats',
  notifications: 'Email notifications',
  avatar: 'Profile image',
  password: 'Password',
  showErrors: 'Show sample errors',
  showOneError: 'Show one error',
  clearErrors: 'Clear errors',
  showNotice: 'Show success notice',
  noticeText: 'Profile updated',
  disabledSeats: 'Seats (disabled)',
  form: {
    heading: 'Configured fields',
    submit: 'Check the form',
    valid: 'All fields are valid.',
    payload: 'What the form would send',
    rejectAsServer: 'Answer like a server that already has this email',
  },
};
