// What the return screen shows in the user's language, and how it shrinks a photo before sending it (a phone's
// camera picture is megabytes; the server takes up to RETURN_LIMITS.photoMax characters of data:image/jpeg).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RETURN_LIMITS, type ReturnStatus } from '../../../../domain/orderReturn.ts';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, MessageDescriptor> = {
  pending: msg`待处理`, accepted: msg`已同意`, disputed: msg`有异议`, withdrawn: msg`已撤回`,
};

/** The longest side of a sent photo, in pixels: enough to see damage, small enough for the limit. */
const PHOTO_SIDE = 960;

/** A picked image as a JPEG data URL no larger than the server takes (lower quality until it fits), or null. */
export async function shrinkPhoto(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.8, 0.6, 0.4, 0.25]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= RETURN_LIMITS.photoMax) return url;
  }
  return null;
}
