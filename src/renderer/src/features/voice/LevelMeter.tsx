import { useEffect, useRef } from 'react';
import { meterLevel } from './audio-level';

/** The microphone's level, redrawn every frame without re-rendering React. */
export function LevelMeter({ read, label }: { read: () => number; label: string }) {
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = requestAnimationFrame(function draw() {
      const level = meterLevel(read());
      if (bar.current) {
        bar.current.style.transform = `scaleX(${level})`;
        bar.current.parentElement?.setAttribute('aria-valuenow', String(Math.round(level * 100)));
      }
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [read]);
  return (
    <span
      className="voice-meter"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-testid="voice-level"
    >
      <span className="voice-meter-bar" ref={bar} />
    </span>
  );
}
