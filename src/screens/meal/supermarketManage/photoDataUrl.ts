// A phone's shot of a price label, made small enough to keep with the shelf price (domain/supermarketPrice.ts
// SUPERMARKET_PHOTO_MAX): scaled to at most 1024 px on its longer side and saved as JPEG, at a lower quality
// until it fits.
const SIDE = 1024;

export async function photoDataUrl(file: File, maxLength: number): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.8, 0.6, 0.4, 0.25]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= maxLength) return url;
  }
  throw new Error('photo too large');
}
