// §5 Phone number: mainland 11 digits, starting 1 then a digit 3-9; empty is invalid.
export const MAINLAND_PHONE = /^1[3-9]\d{9}$/;

export function isValidPhone(phone: string): boolean {
  return MAINLAND_PHONE.test(phone);
}
