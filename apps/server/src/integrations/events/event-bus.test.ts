import { afterEach, describe, expect, it } from 'vitest';
import { testDb, testRedisUrl } from '../../../test/build-test-app';
import { createPostgresEventBus, createRedisEventBus, type AppEvent, type EventBus } from './event-bus';


type BusFactory = () => EventBus & { ready: Promise<void> };
const transports: [string, BusFactory][] = [['Redis pub/sub', () => createRedisEventBus({ url: testRedisUrl })]];
if (testDb === 'postgres') {
  transports.push(['PostgreSQL LISTEN/NOTIFY', () => createPostgresEventBus({ url: process.env.DATABASE_URL! })]);
}

function nextEvent(bus: EventBus, predicate: (event: AppEvent) => boolean): Promise<AppEvent> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe((event) => {
      if (!predicate(event)) return;
      unsubscribe();
      resolve(event);
    });
  });
}

describe.each(transports)('%s event bus', (_name, create) => {
  const open: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('carries an event from one server instance to every other, the publisher included', async () => {
    const instanceA = create();
    const instanceB = create();
    open.push(instanceA, instanceB);
    await Promise.all([instanceA.ready, instanceB.ready]);
    const marker = crypto.randomUUID();
    const isOurs = (event: AppEvent) => (event.data as { marker?: string } | undefined)?.marker === marker;
    const atB = nextEvent(instanceB, isOurs);
    const atA = nextEvent(instanceA, isOurs);
    await instanceA.publish({ userId: 'user-1', type: 'session_revoked', data: { session_id: 's-1', marker } });
    const [receivedB, receivedA] = await Promise.all([atB, atA]);
    expect(receivedB).toEqual({ userId: 'user-1', type: 'session_revoked', data: { session_id: 's-1', marker } });
    expect(receivedA).toEqual(receivedB);
  });

  it('delivers events published at once in their order, each once, identical ones included', async () => {
    const bus = create();
    open.push(bus);
    await bus.ready;
    const marker = crypto.randomUUID();
    const event = (step: string) => ({ userId: null, type: 'probe', data: { marker, step } });
    const expected = ['a', 'b', 'c', 'd', 'e', 'y', 'x', 'x'];
    const seen: string[] = [];
    const all = new Promise<void>((resolve) => {
      bus.subscribe((event) => {
        const data = event.data as { marker?: string; step?: string } | undefined;
        if (data?.marker !== marker) return;
        seen.push(data.step!);
        if (seen.length === expected.length) resolve();
      });
    });
    // The first goes alone and the four after it wait and go together; then two identical ones wait together.
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((step) => bus.publish(event(step))));
    await Promise.all(['y', 'x', 'x'].map((step) => bus.publish(event(step))));
    await all;
    expect(seen).toEqual(expected);
  });

  it('stops delivering after unsubscribe and close', async () => {
    const bus = create();
    open.push(bus);
    await bus.ready;
    const seen: AppEvent[] = [];
    const unsubscribe = bus.subscribe((event) => seen.push(event));
    unsubscribe();
    const marker = crypto.randomUUID();
    const probe = nextEvent(bus, (event) => (event.data as { marker?: string })?.marker === marker);
    await bus.publish({ userId: null, type: 'probe', data: { marker } });
    await probe;
    expect(seen).toEqual([]);
  });
});
