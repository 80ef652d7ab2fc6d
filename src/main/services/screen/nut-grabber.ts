// The real ScreenGrabber over nut-js. Imported only inside the worker and only
// after the display check: loading libnut without a display crashes the process.
import type { ScreenGrabber } from './capture-tool';

export async function loadNutGrabber(): Promise<ScreenGrabber> {
  const nut = await import('@nut-tree-fork/nut-js');
  return {
    grab: async () => {
      const image = await nut.screen.grab();
      return {
        width: image.width,
        height: image.height,
        data: image.data,
        channels: image.channels,
        byteWidth: image.byteWidth,
        order: image.colorMode === nut.ColorMode.RGB ? 'rgb' : 'bgr',
      };
    },
  };
}
