// What counts as a mention of code in a session's words (table-driven).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asMention, findMentions } from '../../../daemon/memory/anchors';

describe('mentions of code', () => {
  it('takes backticked identifiers, qualified names and paths, and nothing else in backticks', () => {
    const cases: Array<[string, string | undefined]> = [
      ['processOrder', 'processOrder'],
      ['processOrder()', 'processOrder'],
      ['OrderService.processOrder', 'OrderService.processOrder'],
      ['OrderService#processOrder', 'OrderService#processOrder'],
      ['DB::table', 'DB::table'],
      ['src/orders.ts', 'src/orders.ts'],
      ['./src/orders.ts', 'src/orders.ts'],
      ['orders.ts:123', 'orders.ts:123'],
      ['src/orders.ts:12:5', 'src/orders.ts:12:5'],
      ['AppSidebar.tsx:57-61', 'AppSidebar.tsx:57'],
      ['apps/app/NavUser.tsx:24-40,54,67,86', 'apps/app/NavUser.tsx:24'],
      ['package.json', 'package.json'],
      ['npm run build', undefined],
      ['order.total <= 0', undefined],
      ['true', undefined],
      ['x', undefined],
      ['src/', undefined],
      ['v1.2/', undefined],
      ['--force', undefined],
    ];
    for (const [raw, want] of cases) assert.equal(asMention(raw), want, raw);
  });

  it('finds bare paths and file:line outside backticks, not URLs, each at its place', () => {
    const text = 'See src/orders.ts and orders.ts:14, not https://example.com/a/b.ts; `processOrder` calls `charge`.';
    const found = findMentions(text);
    assert.deepEqual(found.map((m) => m.text), ['src/orders.ts', 'orders.ts:14', 'processOrder', 'charge']);
    for (const m of found) assert.equal(text.slice(m.offset, m.offset + m.text.length), m.text);
  });
});
