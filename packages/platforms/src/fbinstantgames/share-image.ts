/**
 * shareAsync requires an image as a base64 data URL (platform-protocols.md §13c). The portal has
 * no picture of the moment, so it draws the share text on a plain card; where no canvas is at
 * hand (tests, old browsers) a one-pixel PNG stands in.
 */
const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function shareImage(text: string): string {
  const canvas = typeof document === 'undefined' ? null : document.createElement('canvas');
  const draw = canvas?.getContext?.('2d');
  if (!canvas || !draw) return ONE_PIXEL_PNG;
  canvas.width = 600;
  canvas.height = 315;
  draw.fillStyle = '#1877f2';
  draw.fillRect(0, 0, canvas.width, canvas.height);
  draw.fillStyle = '#fff';
  draw.font = 'bold 32px sans-serif';
  draw.textAlign = 'center';
  draw.fillText(text.slice(0, 40), canvas.width / 2, canvas.height / 2, canvas.width - 40);
  return canvas.toDataURL('image/png');
}
