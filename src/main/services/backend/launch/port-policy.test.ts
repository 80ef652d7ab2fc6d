import { describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { choosePort, validatePort, type PortProbe } from './port-policy';

/** A probe over a fixed set of taken ports that records every question. */
const fakeProbe = (taken: number[], free = 43121) => {
  const calls: string[] = [];
  const probe: PortProbe = {
    isFree: async (port, host) => {
      calls.push(`isFree ${port} ${host}`);
      return !taken.includes(port);
    },
    freePort: async (host) => {
      calls.push(`freePort ${host}`);
      return free;
    },
  };
  return { probe, calls };
};

const failureOf = (fn: () => unknown): AppFailure => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a throw');
};

describe('validatePort', () => {
  it('accepts null and every whole number from 1 to 65535', () => {
    for (const port of [null, 1, 80, 8080, 65535]) expect(() => validatePort(port)).not.toThrow();
  });

  it.each([0, -1, 65536, 70000, 80.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects %s with port_invalid and a clear message',
    (port) => {
      const failure = failureOf(() => validatePort(port));
      expect(failure.code).toBe('port_invalid');
      expect(failure.message).toBe(
        `Port ${String(port)} is not valid: use a whole number from 1 to 65535, or leave it empty to pick a free port.`,
      );
      expect(failure.details).toEqual({ port });
    },
  );
});

describe('choosePort', () => {
  it('picks a free port when none is requested, without a notice', async () => {
    const { probe, calls } = fakeProbe([]);
    expect(await choosePort({ requested: null, host: '127.0.0.1' }, probe)).toEqual({ port: 43121, notice: null });
    expect(calls).toEqual(['freePort 127.0.0.1']);
  });

  it('keeps a requested port that is free', async () => {
    const { probe, calls } = fakeProbe([]);
    expect(await choosePort({ requested: 8080, host: '127.0.0.1' }, probe)).toEqual({ port: 8080, notice: null });
    expect(calls).toEqual(['isFree 8080 127.0.0.1']);
  });

  it('uses a free port for this run when the requested one is taken, and says so', async () => {
    const { probe, calls } = fakeProbe([8080]);
    expect(await choosePort({ requested: 8080, host: '0.0.0.0' }, probe)).toEqual({
      port: 43121,
      notice: 'port 8080 is in use; using 43121 for this run (setting unchanged)',
    });
    expect(calls).toEqual(['isFree 8080 0.0.0.0', 'freePort 0.0.0.0']);
  });

  it('rejects an invalid requested port before probing anything', async () => {
    const { probe, calls } = fakeProbe([]);
    await expect(choosePort({ requested: 99999, host: '127.0.0.1' }, probe)).rejects.toMatchObject({
      code: 'port_invalid',
    });
    expect(calls).toEqual([]);
  });

  it('passes a probe failure through', async () => {
    const probe: PortProbe = {
      isFree: async () => false,
      freePort: async () => Promise.reject(new Error('no ports left')),
    };
    await expect(choosePort({ requested: 8080, host: '127.0.0.1' }, probe)).rejects.toThrow('no ports left');
  });
});
