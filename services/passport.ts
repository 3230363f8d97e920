import type { LoginResult, QrCodeStatus } from '../domain/types.ts';
import { request, type RequestOptions } from './transport.ts';

// §7 Passport. Sign-in calls carry no session yet: a 401 is an answer, not a lost session. Over fetch
// (services/transport.ts), not axios: the sign-in screen is the entry's own small chunk.
const post = <T = unknown>(url: string, body: unknown, opts?: RequestOptions) => request<T>('POST', url, { body }, opts);
const get = <T = unknown>(url: string, query: Record<string, unknown> | undefined, opts?: RequestOptions) => request<T>('GET', url, { query }, opts);
const anonymous = { ignoreSessionLost: true, key: '' } as const;

export interface SmsCodeSent {
  phoneNumber: string;
  /** seconds the code lives */
  expiresIn: number;
}

// §7 POST /v1/passport/smscode {phoneNumber, type loginsmscode}
export function sendLoginSmsCode(phoneNumber: string, extra: { username?: string; appName?: string; smsAppId?: string } = {}): Promise<SmsCodeSent> {
  return post<SmsCodeSent>('/v1/passport/smscode', { username: phoneNumber, ...extra, phoneNumber, type: 'loginsmscode' }, anonymous);
}

export interface Captcha {
  id: string;
  /** an SVG data URL */
  image: string;
}

// §7 GET /v1/passport/captcha (height, fontSize, username): the image captcha of an account, asked for after
// failed sign-in tries (issue 15); drawing a new one replaces the last
export function fetchCaptcha(username: string, size: { height: number; fontSize: number } = { height: 40, fontSize: 28 }): Promise<Captcha> {
  return get<Captcha>('/v1/passport/captcha', { username, ...size }, anonymous);
}

// §7 POST /v2/passport/smscode {phoneNumber, code, appId?}: a sign-in code sent with the captcha answered, which the
// server requires after failed tries (POST /v1/passport/smscode then answers 428)
export function sendLoginSmsCodeWithCaptcha(phoneNumber: string, code: string): Promise<SmsCodeSent> {
  return post<SmsCodeSent>('/v2/passport/smscode', { phoneNumber, code, type: 'loginsmscode' }, anonymous);
}

// §7 POST /v1/passport/smscode {phoneNumber, type register}: the code POST /v1/passport/formuser takes (issue 15). It goes to
// a phone with no account too (a login code would be refused with 404), and to an existing one applying for another org.
export function sendRegisterSmsCode(phoneNumber: string): Promise<SmsCodeSent> {
  return post<SmsCodeSent>('/v1/passport/smscode', { username: phoneNumber, phoneNumber, type: 'register' }, anonymous);
}

// §7 POST /v2/passport/smscode {phoneNumber, code, type register}: the register code sent with the phone's image captcha
// answered, once the server asked for one (428 after failed tries)
export function sendRegisterSmsCodeWithCaptcha(phoneNumber: string, code: string): Promise<SmsCodeSent> {
  return post<SmsCodeSent>('/v2/passport/smscode', { phoneNumber, code, type: 'register' }, anonymous);
}

// §7 POST /v1/passport/smscode {phoneNumber, type resetpwd}: a code for resetting a forgotten password
export function sendResetSmsCode(phoneNumber: string): Promise<SmsCodeSent> {
  return post<SmsCodeSent>('/v1/passport/smscode', { username: phoneNumber, phoneNumber, type: 'resetpwd' }, anonymous);
}

// §7 POST /v1/passport/verifysmscode {phoneNumber, code}
export function verifySmsCode(phoneNumber: string, code: string, type?: 'loginsmscode' | 'resetpwd'): Promise<unknown> {
  return post('/v1/passport/verifysmscode', { phoneNumber, code, ...(type && { type }) }, anonymous);
}

export interface LoginRequest {
  username: string;
  /** the password, or the SMS code for the loginsmscode variant */
  password: string;
  type?: 'loginsmscode';
  /** the answer to fetchCaptcha's image, needed after failed tries (issue 15) */
  captcha?: string;
}

// §7 POST /v1/passport/login {username, password} or the SMS variant with type loginsmscode
export function login(req: LoginRequest): Promise<LoginResult> {
  return post<LoginResult>('/v1/passport/login', req, anonymous);
}

// §7 POST /v2/passport/logout with the access token
export function logout(accesstoken: string | null): Promise<unknown> {
  return post('/v2/passport/logout', {}, accesstoken ? { accesstoken, ignoreSessionLost: true } : { ignoreSessionLost: true });
}

export interface QrCodeCreated {
  id: string;
  status: 'waiting';
  expiresAt: string;
}

// §7 POST /v1/passport/qrcode
export function createQrCode(): Promise<QrCodeCreated> {
  return post<QrCodeCreated>('/v1/passport/qrcode', {}, anonymous);
}

// §7 GET /v1/passport/qrcode/{id} (an empty object on failure)
export function fetchQrCode(id: string): Promise<QrCodeStatus> {
  return get<QrCodeStatus>(`/v1/passport/qrcode/${encodeURIComponent(id)}`, undefined, anonymous);
}

/** The signed-in phone scans the code shown on the console … */
export function scanQrCode(id: string): Promise<QrCodeStatus> {
  return post<QrCodeStatus>(`/v1/passport/qrcode/${encodeURIComponent(id)}/scan`, {}, { key: '' });
}
/** … and confirms the sign-in. */
export function confirmQrCode(id: string): Promise<QrCodeStatus> {
  return post<QrCodeStatus>(`/v1/passport/qrcode/${encodeURIComponent(id)}/confirm`, {}, { key: '' });
}

// §7 POST /v1/passport/formuser {appId, orgId, phoneNumber, smscode}: smscode is a register code (sendRegisterSmsCode);
// the applicant's account is created (or found) and joins the org-app. roleCode (ours): the §1 identity he applies as,
// which gives him the trial org's role of that code (domain/trialRole.ts)
export function submitFormUser(body: { appId: string; orgId: string; phoneNumber: string; smscode: string; roleCode?: string }): Promise<LoginResult> {
  return post<LoginResult>('/v1/passport/formuser', body, anonymous);
}

// §7 POST /v1/passport/resetpwd {username, phoneNumber, smscode, password, type default encrypt}
export function resetPassword(body: { username: string; phoneNumber: string; smscode: string; password: string; type?: string }): Promise<unknown> {
  return post('/v1/passport/resetpwd', { type: 'encrypt', ...body }, anonymous);
}

