const HAN = /\p{Script=Han}/u;

/** Chinese names show their last two characters (李晓梅 → 晓梅); other names let the Avatar decide. */
export function avatarInitials(name: string, max = 2): string | undefined {
  const chars = [...name.trim()];
  if (!chars.length || !HAN.test(chars[0])) return undefined;
  return chars.slice(-Math.min(max, chars.length > 2 ? 2 : chars.length)).join('');
}
