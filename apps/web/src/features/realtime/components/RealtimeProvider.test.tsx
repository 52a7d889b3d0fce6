import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setAppQueryClient } from '@/lib/query-client-ref';
import { RealtimeProvider } from './RealtimeProvider';

type Handler = (message: Record<string, unknown>) => void;
const handlers = new Map<string, Handler>();
const sent: Array<Record<string, unknown>> = [];

vi.mock('../lib/realtime-client', () => ({
  RealtimeClient: class {
    subscribe(type: string, handler: Handler) {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    }
    onReconnect() {
      return () => undefined;
    }
    onRefused() {
      return () => undefined;
    }
    send(message: Record<string, unknown>) {
      sent.push(message);
      return true;
    }
    start() {}
    stop() {}
    reconnectNow() {}
  },
}));

describe('RealtimeProvider', () => {
  it('refetches every query on a resync push (the server’s bus reconnected: pushes may have been missed)', async () => {
    const queryClient = new QueryClient();
    setAppQueryClient(queryClient);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    render(
      <RealtimeProvider userId="u1" onSessionEnded={() => undefined}>
        <p>game</p>
      </RealtimeProvider>,
    );
    await waitFor(() => expect(handlers.has('resync')).toBe(true));
    handlers.get('resync')!({ type: 'resync' });
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('tells the server which query keys the screens read once the server greets the socket', async () => {
    const queryClient = new QueryClient();
    setAppQueryClient(queryClient);
    queryClient.setQueryData(['chat'], { messages: [], muted: [] });
    queryClient.setQueryData(['me'], { id: 'u1' });
    const off = new QueryObserver(queryClient, { queryKey: ['chat'], enabled: false }).subscribe(() => undefined);
    render(
      <RealtimeProvider userId="u1" onSessionEnded={() => undefined}>
        <p>game</p>
      </RealtimeProvider>,
    );
    await waitFor(() => expect(handlers.has('hello')).toBe(true), { timeout: 5000 });
    sent.length = 0;
    handlers.get('hello')!({ type: 'hello', userId: 'u1' });
    expect(sent).toEqual([{ type: 'watch', keys: [['chat']] }]);
    off();
  });
});
