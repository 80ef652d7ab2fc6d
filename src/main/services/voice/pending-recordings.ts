// Microphone recordings the page is still sending (voice:append-audio), held in
// memory until voice:transcribe-recording takes one. The page keeps its own copy
// and sends the recording whole when anything here goes wrong, so every doubt
// (a gap, an unknown id, a recording left behind) ends in dropping it. Bounded:
// each recording by the WAV size limit, their number by `maxRecordings`, and one
// not appended to for `idleMs` (a closed tab) is dropped at the next call.
import { AppFailure } from '@shared/errors';

export interface PendingRecordingsOptions {
  /** the most PCM one recording may hold */
  maxBytes: number;
  /** recordings held at once; a new one beyond this drops the one idle longest */
  maxRecordings: number;
  idleMs: number;
  now?: () => number;
}

export interface PendingRecordings {
  /** adds `piece` at byte `offset` (which must be where the recording ends now); returns its new length */
  append(id: string, offset: number, piece: Uint8Array): number;
  /** removes the recording and hands over its pieces; it must be exactly `bytes` long */
  take(id: string, bytes: number): Uint8Array[];
  discard(id: string): boolean;
  clear(): void;
}

interface Pending {
  pieces: Uint8Array[];
  bytes: number;
  touchedAt: number;
}

const incomplete = (message: string) => new AppFailure('bad_request', message, { reason: 'recording_incomplete' });

export function createPendingRecordings(options: PendingRecordingsOptions): PendingRecordings {
  const now = options.now ?? Date.now;
  const recordings = new Map<string, Pending>();

  const dropIdle = (at: number): void => {
    for (const [id, recording] of recordings) if (at - recording.touchedAt > options.idleMs) recordings.delete(id);
  };

  const open = (id: string, at: number): Pending => {
    if (recordings.size >= options.maxRecordings) {
      const idlest = [...recordings].reduce((a, b) => (b[1].touchedAt < a[1].touchedAt ? b : a));
      recordings.delete(idlest[0]);
    }
    const recording = { pieces: [], bytes: 0, touchedAt: at };
    recordings.set(id, recording);
    return recording;
  };

  return {
    append(id, offset, piece) {
      const at = now();
      dropIdle(at);
      const known = recordings.get(id);
      if (!known && offset !== 0) throw incomplete(`The core does not have the start of recording ${id}.`);
      const recording = known ?? open(id, at);
      if (offset !== recording.bytes) {
        recordings.delete(id);
        throw incomplete(`Recording ${id} continued at byte ${offset}, but the core had ${recording.bytes}.`);
      }
      if (piece.length % 2 !== 0) {
        recordings.delete(id);
        throw new AppFailure('bad_request', 'A piece of a recording must be whole 16-bit samples.', {
          reason: 'audio_invalid',
        });
      }
      if (recording.bytes + piece.length > options.maxBytes) {
        recordings.delete(id);
        throw new AppFailure('bad_request', `The recording is too long: at most ${options.maxBytes} bytes of audio.`, {
          reason: 'audio_invalid',
        });
      }
      recording.pieces.push(piece);
      recording.bytes += piece.length;
      recording.touchedAt = at;
      return recording.bytes;
    },
    take(id, bytes) {
      dropIdle(now());
      const recording = recordings.get(id);
      recordings.delete(id);
      if (!recording) throw incomplete(`The core does not have recording ${id}.`);
      if (recording.bytes !== bytes)
        throw incomplete(`Recording ${id} should hold ${bytes} bytes, but the core has ${recording.bytes}.`);
      return recording.pieces;
    },
    discard: (id) => recordings.delete(id),
    clear: () => recordings.clear(),
  };
}
