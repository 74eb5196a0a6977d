// A node:test reporter for scripts/test.mjs: one JSON line per event the
// runner's summary needs (node's own end-of-run counts, each skipped or todo
// test with its reason, each failed test with its first error line).
export default async function* reporter(source) {
  for await (const event of source) {
    const { type, data } = event;
    if (type === 'test:diagnostic' && data.nesting === 0) {
      const m = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(data.message);
      if (m) yield `${JSON.stringify({ count: m[1], n: Number(m[2]) })}\n`;
    } else if ((type === 'test:pass' || type === 'test:fail') && (data.skip !== undefined || data.todo !== undefined)) {
      const reason = typeof data.skip === 'string' ? data.skip : typeof data.todo === 'string' ? data.todo : '';
      yield `${JSON.stringify({ skipped: data.name, todo: data.todo !== undefined, reason })}\n`;
    } else if (type === 'test:fail' && data.details?.type !== 'suite') {
      const err = data.details?.error;
      const cause = err?.cause ?? err;
      const first = String(cause?.message ?? cause ?? '')
        .split('\n')[0]
        .slice(0, 200);
      yield `${JSON.stringify({ failed: data.name, error: first })}\n`;
    }
  }
}
