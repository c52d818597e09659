import { lazy } from 'react';

/** The captcha as its own chunk: the register screen renders it inside a Suspense boundary. */
export const LazyCaptcha = lazy(() => import('./captcha.tsx'));
export { isCaptchaRequired, type CaptchaProps } from './captcha-props.ts';
