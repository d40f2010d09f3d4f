/** Typed calls to the auth endpoints (`/api/auth/*`); errors arrive as ApiError. */
import { ACCOUNT_NAME_MAX } from '../../../../lib/limits';
import { apiRequest } from '../../../services/api-client';

export interface Credentials {
  email: string;
  password: string;
}

/** The captcha payload travels in a header so the auth body stays the provider's own shape. */
export function signInWithEmail(
  credentials: Credentials,
  captchaPayload: string,
): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: credentials,
    headers: { 'x-captcha': captchaPayload },
  });
}

/**
 * Registration names the account after the part of the email before the @ (SPEC.md section 5),
 * within the length the server accepts.
 */
export function signUpWithEmail({ email, password }: Credentials): Promise<unknown> {
  const name = (email.split('@')[0] ?? email).slice(0, ACCOUNT_NAME_MAX);
  return apiRequest('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password, name },
  });
}

export function signInAsGuest(): Promise<unknown> {
  return apiRequest('/api/auth/sign-in/anonymous', { method: 'POST', body: {} });
}

export function signOut(): Promise<unknown> {
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

export function resetPassword(newPassword: string, token: string): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', {
    method: 'POST',
    body: { newPassword, token },
  });
}
