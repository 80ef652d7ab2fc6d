// The real InputDriver over @nut-tree-fork/nut-js. Imported dynamically by the
// worker, and only after the display check: loading libnut without a display
// crashes the process.
import type { InputDriver } from './controller';

export async function loadNutDriver(): Promise<InputDriver> {
  const nut = await import('@nut-tree-fork/nut-js');
  // The defaults (100 ms per mouse step, 300 ms per key) make typing a sentence take seconds.
  nut.mouse.config.autoDelayMs = 20;
  nut.keyboard.config.autoDelayMs = 10;
  const button = (which: 'left' | 'right') => (which === 'left' ? nut.Button.LEFT : nut.Button.RIGHT);
  const keys = (names: string[]) => names.map((name) => nut.Key[name as keyof typeof nut.Key]);
  return {
    setPosition: async (x, y) => void (await nut.mouse.setPosition(new nut.Point(x, y))),
    getPosition: async () => {
      const point = await nut.mouse.getPosition();
      return { x: point.x, y: point.y };
    },
    press: async (which) => void (await nut.mouse.pressButton(button(which))),
    release: async (which) => void (await nut.mouse.releaseButton(button(which))),
    type: async (text) => void (await nut.keyboard.type(text)),
    pressKeys: async (names) => void (await nut.keyboard.pressKey(...keys(names))),
    releaseKeys: async (names) => void (await nut.keyboard.releaseKey(...keys(names))),
  };
}
