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
      // A keyword is no name, and a commit hash is no identifier.
      ['with', undefined],
      ['def', undefined],
      ['case', undefined],
      ['af81c43', undefined],
      ['0123456789abcdef0123456789abcdef01234567', undefined],
      ['add', 'add'],
      ['deadbeef', 'deadbeef'],
      ['with_span', 'with_span'],
      // Elixir's name/arity is the name; a name may end in ? or !.
      ['Spotter.Otel.setup/0', 'Spotter.Otel.setup'],
      ['valid?/1', 'valid?'],
      ['save!', 'save!'],
      ['def/2', undefined],
      ['lib/a/2', undefined],
    ];
    for (const [raw, want] of cases) assert.equal(asMention(raw), want, raw);
  });

  it('finds bare paths and file:line outside backticks, not URLs, each at its place', () => {
    const text = 'See src/orders.ts and orders.ts:14, not https://example.com/a/b.ts; `processOrder` calls `charge`.';
    const found = findMentions(text);
    assert.deepEqual(
      found.map((m) => m.text),
      ['src/orders.ts', 'orders.ts:14', 'processOrder', 'charge'],
    );
    for (const m of found) assert.equal(text.slice(m.offset, m.offset + m.text.length), m.text);
  });

  it("takes a path whole: a dotted folder, a home path or a placeholder never cuts it into a piece (BookMinder's sessions)", () => {
    // Lines as the BookMinder sessions wrote them (test/fixtures/anchors/bookminder/day-007.md, day-009.md, day-010.md).
    const cases: Array<[string, string[]]> = [
      ['ls -la /Users/palimondo/Library/Containers/com.apple.BKAgentService 2>/dev/null || echo "No BKAgentService container"', []],
      // A placeholder or a glob, taken whole, names no one file: no mention, and no piece of it either.
      ['Database Location: /Users/{user}/Library/Containers/com.apple.iBooksX/Data/Documents/BKLibrary/BKLibrary-*.sqlite', []],
      ['mkdir -p specs/fixtures/users/never_opened_user/Library/Containers/com.apple.iBooksX/Data', []],
      [
        'plutil -convert xml1 -o - ~/Library/Containers/com.apple.BKAgentService/Data/Documents/iBooks/Books/Books.plist | grep',
        ['~/Library/Containers/com.apple.BKAgentService/Data/Documents/iBooks/Books/Books.plist'],
      ],
      ['ls -d /Users/$user/Library/Containers/com.apple.BKAgentService 2>/dev/null && echo "exists"', []],
      ['ls specs/fixtures/users/*/Library/Containers/com.apple.BKAgentService/Data/Documents/iBooks/Books/Books.plist', []],
      ['Run `pytest path/to/test.py` or open /path/to/Books.plist', []],
      // What must not change: markdown around a path, a sentence's full stop, a path in parentheses, file:line:col.
      ['**src/x.ts** and src/a.ts:12:5. Also (apps/web/y.tsx).', ['src/x.ts', 'src/a.ts:12:5', 'apps/web/y.tsx']],
      ['the config is bookminder/apple_books/library.py, then docs/apple_books.md.', ['bookminder/apple_books/library.py', 'docs/apple_books.md']],
      ['Looking at the code in library.py:58-59, we have the issue', ['library.py:58']],
    ];
    for (const [text, want] of cases) {
      const found = findMentions(text);
      assert.deepEqual(
        found.map((m) => m.text),
        want,
        text,
      );
      for (const m of found) assert.equal(text.slice(m.offset, m.offset + m.text.length), m.text);
    }
    assert.equal(asMention('~/Library/Containers/com.apple.iBooksX/Data/x.sqlite'), '~/Library/Containers/com.apple.iBooksX/Data/x.sqlite');
    assert.equal(asMention('com.apple.BKAgentService'), 'com.apple.BKAgentService', 'a dotted name alone is an identifier, as before');
    assert.equal(asMention('*.ts'), undefined, 'a glob without a folder is no path');
    assert.equal(asMention('src/**/x.ts'), undefined, 'a glob with folders names no one file');
    assert.equal(asMention('origin/main..HEAD'), undefined, 'a git revision range is no path');
    assert.equal(asMention('../shared/x.ts'), '../shared/x.ts', 'a parent folder is still a path');
    assert.equal(asMention('a/../b.ts'), 'a/../b.ts');
    assert.equal(asMention('app/routes/posts.$postId.tsx'), 'app/routes/posts.$postId.tsx', "a Remix route's $ is part of its name");
    assert.equal(asMention('src/path/to.ts'), 'src/path/to.ts', 'path/to only as a folder pair is a placeholder');
  });
});
