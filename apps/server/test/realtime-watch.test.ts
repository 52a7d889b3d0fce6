import { queryKeys } from '@rpg/contract';
import { createRng } from '@rpg/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tabs, type Tab } from '../src/realtime/tabs.ts';
import { concerns, HeldKeys, topicsOf, watchOf, type Watch } from '../src/realtime/watch.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket, type Push, type Socket } from './support/socket.ts';

/**
 * Issue 29: a tab says which query keys its cache holds (`watch`), and the broadcasts about other
 * keys (a chat line, an invalidation of someone's posts, a presence) skip it.
 */
describe('which broadcasts a watch needs', () => {
  const watch = watchOf([queryKeys.chat, queryKeys.postComments('u1', 'p1'), ['social']]);
  it('a held key, a key under a topic, and a topic under a held (shortened) key match', () => {
    expect(concerns(watch, topicsOf([queryKeys.chat]))).toBe(true);
    expect(concerns(watch, topicsOf([queryKeys.posts('u1')]))).toBe(true);
    expect(concerns(watch, topicsOf([queryKeys.profile('u9')]))).toBe(true);
  });
  it('anything else does not', () => {
    expect(concerns(watch, topicsOf([queryKeys.posts('u2')]))).toBe(false);
    expect(concerns(watch, topicsOf([queryKeys.auction]))).toBe(false);
    expect(concerns(watch, topicsOf([queryKeys.postComments('u1', 'p2')]))).toBe(false);
    expect(concerns(watchOf([]), topicsOf([queryKeys.chat]))).toBe(false);
  });
  it('a tab that has not said, and a broadcast without topics, always match', () => {
    expect(concerns(undefined, topicsOf([queryKeys.chat]))).toBe(true);
    expect(concerns(watchOf([]), undefined)).toBe(true);
  });
});

describe('the tabs by what they hold', () => {
  it('finds exactly the tabs a broadcast concerns, as the tabs say and change what they hold', () => {
    // A fixed sequence of keys from a small alphabet: keys, their parts and topics overlap often.
    const rng = createRng(7);
    const next = (n: number) => rng.int(0, n - 1);
    const key = () => Array.from({ length: 1 + next(3) }, () => 'abc'[next(3)]!);
    const aWatch = (): Watch | undefined => (next(8) === 0 ? undefined : watchOf(Array.from({ length: next(4) }, key)));
    const held = new HeldKeys<number>();
    const watches = new Map<number, Watch | undefined>();
    for (let tab = 0; tab < 60; tab++) {
      watches.set(tab, aWatch());
      held.add(tab, watches.get(tab));
    }
    for (let round = 0; round < 200; round++) {
      // A tab says something new, or closes and another opens.
      const tab = next(60);
      const before = watches.get(tab);
      watches.set(tab, aWatch());
      if (next(2) === 0) held.update(tab, before, watches.get(tab));
      else {
        held.delete(tab, before);
        held.add(tab, watches.get(tab));
      }
      const topics = topicsOf(Array.from({ length: 1 + next(2) }, key));
      const found = new Set<number>();
      held.concerned(topics, found);
      const expected = [...watches].filter(([, watch]) => concerns(watch, topics)).map(([t]) => t);
      expect([...found].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    }
  });

  it('keeps a tab in its place among the tabs of a key it still holds', () => {
    const held = new HeldKeys<string>();
    held.add('first', watchOf([queryKeys.chat]));
    held.add('second', watchOf([queryKeys.chat]));
    held.update('first', watchOf([queryKeys.chat]), watchOf([queryKeys.chat, queryKeys.me]));
    const found = new Set<string>();
    held.concerned(topicsOf([queryKeys.chat]), found);
    expect([...found]).toEqual(['first', 'second']);
  });

  it('leaves out a closed tab, whatever comes after its close', () => {
    const tabs = new Tabs();
    const tab = (id: string, watch?: Watch) => ({ id, userId: id, ...(watch ? { watch } : {}) }) as unknown as Tab;
    const [closing, untold] = [tab('closing', watchOf([queryKeys.me])), tab('untold')];
    tabs.add(closing);
    tabs.add(untold);
    const chatTabs = () => {
      const found = new Set<Tab>();
      tabs.concernedBy(topicsOf([queryKeys.chat]), found);
      return [...found].map((t) => t.id);
    };
    // A tab that has not said what it holds gets every broadcast.
    expect(chatTabs()).toEqual(['untold']);
    tabs.remove(closing);
    tabs.remove(closing);
    // Its last message, read after its close, says it shows the chat.
    tabs.setWatch(closing, watchOf([queryKeys.chat]));
    expect(chatTabs()).toEqual(['untold']);
    tabs.setWatch(untold, watchOf([queryKeys.me]));
    expect(chatTabs()).toEqual([]);
    tabs.setWatch(untold, watchOf([queryKeys.chat]));
    expect(chatTabs()).toEqual(['untold']);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

/** A player with a character: who may speak in the global chat. */
const speakerFor = async () => {
  const speaker = await signedInPlayer(server.url);
  await createCharacter(speaker);
  return speaker;
};
const say = async (speaker: TestClient, text: string) => {
  const said = await speaker.post('/api/chat', { text });
  expect(said.status, JSON.stringify(said.body)).toBe(200);
};
/** A speaker, and another player's tab that holds `keys`. */
const speakerAndTab = async (keys: readonly (readonly string[])[]) => {
  const [speaker, reader] = await Promise.all([speakerFor(), signedInPlayer(server.url)]);
  const tab = connectSocket(server.url, reader);
  await tab.waitFor('hello');
  await watching(tab, keys);
  return { speaker, tab };
};
/** Nothing `match` accepts reached the tab (the flush that would carry it has run by then). */
const notReceived = async (tab: Socket, match: (m: Push) => boolean) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(tab.messages.some(match)).toBe(false);
};
const chatLine = (text: string) => (m: Push) => m.type === 'chat-message' && (m.message as { text: string }).text === text;
const watching = async (tab: Socket, keys: readonly (readonly string[])[]) => {
  tab.ws.send(JSON.stringify({ type: 'watch', keys }));
  // The server reads a tab's messages in order: the pong answers after the watch is applied.
  tab.ws.send(JSON.stringify({ type: 'ping' }));
  await tab.next('pong');
};

describe('the global chat and invalidations reach the tabs that hold them', () => {
  it('a chat line reaches the tab showing the chat and a tab that has not said, not a tab elsewhere', async () => {
    const speaker = await speakerFor();
    const [reader, elsewhere, unsaid] = await Promise.all([signedInPlayer(server.url), signedInPlayer(server.url), signedInPlayer(server.url)]);
    const tabs = [reader, elsewhere, unsaid].map((p) => connectSocket(server.url, p));
    try {
      await Promise.all(tabs.map((t) => t.waitFor('hello')));
      const [readerTab, elsewhereTab, unsaidTab] = tabs as [Socket, Socket, Socket];
      await watching(readerTab, [queryKeys.me, queryKeys.chat]);
      await watching(elsewhereTab, [queryKeys.me, queryKeys.auctionMine]);
      await say(speaker, 'watch this');
      await readerTab.waitFor('chat-message', chatLine('watch this'));
      await unsaidTab.waitFor('chat-message', chatLine('watch this'));
      // The line reached two tabs; the third had its flush too (the same one).
      await notReceived(elsewhereTab, chatLine('watch this'));

      // It opens the chat: the next line reaches it.
      await watching(elsewhereTab, [queryKeys.me, queryKeys.auctionMine, queryKeys.chat]);
      await say(speaker, 'now you see it');
      await elsewhereTab.waitFor('chat-message', chatLine('now you see it'));
    } finally {
      for (const tab of tabs) tab.close();
    }
  });

  it('a tab that comes to hold a key gets the broadcasts about it of the last seconds again', async () => {
    const { speaker, tab } = await speakerAndTab([queryKeys.me]);
    try {
      await say(speaker, 'said before the watch');
      await notReceived(tab, chatLine('said before the watch'));
      // Its fetch of the chat may have read before the line: the line comes with the new watch.
      await watching(tab, [queryKeys.me, queryKeys.chat]);
      await tab.waitFor('chat-message', chatLine('said before the watch'));
    } finally {
      tab.close();
    }
  });

  it("a post's invalidation reaches the tab showing that author's posts only", async () => {
    const [author, viewer, other] = await Promise.all([signedInPlayer(server.url), signedInPlayer(server.url), signedInPlayer(server.url)]);
    const authorId = (await author.get<{ id: string }>('/api/me')).body.id;
    const tabs = [viewer, other].map((p) => connectSocket(server.url, p));
    try {
      await Promise.all(tabs.map((t) => t.waitFor('hello')));
      const [viewerTab, otherTab] = tabs as [Socket, Socket];
      await watching(viewerTab, [queryKeys.posts(authorId), queryKeys.profile(authorId)]);
      await watching(otherTab, [queryKeys.posts('someone-else')]);
      const posted = await author.post('/api/posts', { text: 'A quiet day.' });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      const aboutAuthor = (m: Push) => m.type === 'invalidate' && JSON.stringify(m.queryKeys).includes(authorId);
      await viewerTab.waitFor('invalidate', aboutAuthor);
      await notReceived(otherTab, aboutAuthor);
    } finally {
      for (const tab of tabs) tab.close();
    }
  });

  it('a malformed watch is ignored: the tab keeps what it said before', async () => {
    const { speaker, tab } = await speakerAndTab([queryKeys.me]);
    try {
      await watching(tab, [[42] as unknown as string[]]);
      await say(speaker, 'still not for you');
      await notReceived(tab, chatLine('still not for you'));
    } finally {
      tab.close();
    }
  });
});
