// §3 an application id is cp + year + 3-digit sequence, e.g. cp2024001
const APP_ID = /^cp(\d{4})(\d{3})$/;

export function isAppId(s: string): boolean {
  return APP_ID.test(s);
}

/** The next free app id of the year: one past the highest sequence already used that year. */
export function nextAppId(year: number, existing: readonly string[]): string {
  const used = existing
    .map((id) => APP_ID.exec(id))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) === year)
    .map((m) => Number(m[2]));
  const next = Math.max(0, ...used) + 1;
  if (next > 999) throw new Error(`no app id left for ${year}`);
  return `cp${year}${String(next).padStart(3, '0')}`;
}
