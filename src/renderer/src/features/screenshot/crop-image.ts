// The page's cropper for region screenshots: decode the full-size capture,
// draw the chosen rectangle onto a canvas at the target size (the browser's
// high-quality resampling), and encode PNG.
import { fitWithin, type Rect } from '@shared/screen/fit-within';
import type { CropImage } from './screenshot-store';

export const cropImage: CropImage = async (dataUrl: string, rect: Rect, maxSide: number) => {
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const size = fitWithin({ width: rect.width, height: rect.height }, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw on a canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, size.width, size.height);
  return { dataUrl: canvas.toDataURL('image/png'), ...size };
};
