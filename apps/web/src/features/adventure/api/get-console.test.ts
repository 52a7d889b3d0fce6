import { queryKeys, type ConsoleMessage } from '@rpg/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addConsoleLines, flattenConsole, type ConsoleData } from './get-console';

const line = (id: number): ConsoleMessage => ({ id, kind: 'system', sender: 'System', content: `#${id}`, createdAt: '2030-01-01T00:00:00.000Z' });
const ids = (messages: ConsoleMessage[]) => messages.map((m) => m.id);

describe("the console's pages ('Load earlier')", () => {
  it('reads the newest page and the older ones as one list, oldest first, each line once', () => {
    const data: ConsoleData = {
      pages: [
        { messages: [line(5), line(6), line(7)], hasMore: true },
        { messages: [line(2), line(3), line(4), line(5)], hasMore: false },
      ],
      pageParams: [undefined, 5],
    };
    expect(ids(flattenConsole(data))).toEqual([2, 3, 4, 5, 6, 7]);
    expect(flattenConsole(undefined)).toEqual([]);
  });

  it("adds an answer's lines to the newest page without doubling any", () => {
    const client = new QueryClient();
    client.setQueryData<ConsoleData>(queryKeys.console('c1'), { pages: [{ messages: [line(1), line(2)], hasMore: false }], pageParams: [undefined] });
    addConsoleLines(client, 'c1', [line(2), line(3), line(4)]);
    expect(ids(flattenConsole(client.getQueryData<ConsoleData>(queryKeys.console('c1'))))).toEqual([1, 2, 3, 4]);
  });

  it('leaves a console that has not loaded alone', () => {
    const client = new QueryClient();
    addConsoleLines(client, 'c1', [line(1)]);
    expect(client.getQueryData(queryKeys.console('c1'))).toBeUndefined();
  });
});
