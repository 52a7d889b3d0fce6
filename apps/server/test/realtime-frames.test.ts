import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../src/realtime/hub.ts';

/** ws's own framing (exported at run time, not in its types). */
const { Sender } = ws as unknown as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
};

/** The hub writes whole frames to the socket under ws: they must be the bytes ws itself would send. */
describe('realtime frames written directly', () => {
  for (const length of [0, 5, 125, 126, 500, 65_535, 65_536, 70_000]) {
    it(`frames a ${length}-byte text payload exactly as ws does`, () => {
      const payload = Buffer.alloc(length, 'a');
      const expected = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }));
      expect(textFrame(payload).equals(expected)).toBe(true);
    });
  }
});
