import { INSPECTION_PHOTO_RESIZED_EDGE } from '@hpbc/shared';

/** A photo as the page keeps it until it is sent: the original, its copy for showing, and what proves it. */
export interface TakenPhoto {
  original: Blob;
  resized: Blob;
  name: string;
  sha256: string;
  taken_at: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The SHA-256 of the bytes, with Web Crypto: computed when the photo is taken, checked by the server. */
export async function sha256Of(blob: Blob): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer()));
}

/**
 * A copy no longer than INSPECTION_PHOTO_RESIZED_EDGE on its longer side, as JPEG. Drawing on a
 * canvas also leaves the camera's metadata behind (decision 093's concern, for the copy people see).
 * A picture the browser cannot decode is kept as it is.
 */
export async function resized(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, INSPECTION_PHOTO_RESIZED_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ?? file;
}

/** Where the phone is, when it may say so within a few seconds; null otherwise (never a blocker). */
export function position(): Promise<GeolocationPosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 6000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve(p);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 60_000 },
    );
  });
}

/** Everything about a photo at the moment it is taken: its hash first, so any later change shows. */
export async function takePhoto(file: File): Promise<TakenPhoto> {
  const [sha256, where] = await Promise.all([sha256Of(file), position()]);
  const taken = file.lastModified ? new Date(file.lastModified) : new Date();
  return {
    original: file,
    resized: await resized(file),
    name: file.name || 'photo.jpg',
    sha256,
    taken_at: taken.toISOString(),
    latitude: where ? where.coords.latitude : null,
    longitude: where ? where.coords.longitude : null,
    accuracy: where ? where.coords.accuracy : null,
  };
}
