// Time left for an ingest, from the bytes done so far and the time they took.
// Bytes, not files: one large PDF and ten notes are not eleven equal steps. Pure.

export function etaSeconds(input: { bytesDone: number; bytesTotal: number; elapsedMs: number }): number | null {
  const { bytesDone, bytesTotal, elapsedMs } = input;
  // Under a second or before the first file there is no rate worth showing.
  if (bytesDone <= 0 || elapsedMs < 1000) return null;
  const left = Math.max(0, bytesTotal - bytesDone);
  return Math.ceil((left / bytesDone) * (elapsedMs / 1000));
}
