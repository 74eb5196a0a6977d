// What the memory graph is made of, on the real public transcripts (issue 36):
// entity precision against the hand labels committed before the rule changes
// (test/fixtures/memory/entity-labels/), and the links: the share of entities
// a current fact joins to another entity, the relation kinds, the share of
// notes. "main" is the same measurement at the commit named in
// main-figures.json, before the changes; "now" is built in this run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildRealMemory } from '../memory/entity-labels/real-memory';
import { links, loadLabels, precision, type Links } from '../memory/entity-labels/score';
import { FIXTURES } from '../memory/real-recall/questions';
import { table } from './stats';
import { record } from './summary';

interface MainFigures {
  commit: string;
  precision: { names: number; labelled: number; things: number; junk: number; twoTypes: number };
  links: Links;
}

const pct = (k: number, n: number): string => (n === 0 ? '-' : `${k}/${n} (${((100 * k) / n).toFixed(1)}%)`);
const kinds = (l: Links): string =>
  Object.entries(l.relations)
    .map(([r, n]) => `${r} ${n}`)
    .join(', ') || '-';

export async function run(): Promise<void> {
  const main = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'entity-labels', 'main-figures.json'), 'utf8')) as MainFigures;
  const m = await buildRealMemory();
  try {
    if (m.failed.length > 0) console.log(`  not ingested: ${m.failed.join('; ')}`);
    const entities = m.db.prepare<[], { name: string; type: string }>(`SELECT name, type FROM entities`).all();
    const p = precision(entities, loadLabels());
    const l = links(m.db);
    const mp = main.precision;
    table(
      `entities on ${m.status.episodes} episodes of the real transcripts, scored against the hand labels (main = ${main.commit})`,
      ['figure', 'main', 'now', 'target'],
      [
        ['things among labelled names', pct(mp.things, mp.labelled), pct(p.things, p.labelled), '>= 90%'],
        ['hashes, ids, placeholders', mp.junk, p.junk.length, '0'],
        ['names under two types', mp.twoTypes, p.twoTypes.length, '0'],
        ['names not labelled (not scored)', mp.names - mp.labelled, p.unlabelled.length, '-'],
        ['entities linked to another by a fact', pct(main.links.linked, main.links.entities), pct(l.linked, l.entities), '>= 50%'],
        ['notes among current facts', pct(main.links.notes, main.links.facts), pct(l.notes, l.facts), '-'],
        ['relation kinds', kinds(main.links), kinds(l), '-'],
      ],
    );
    if (p.junk.length > 0) console.log(`  hashes, ids, placeholders: ${p.junk.join(', ')}`);
    if (p.twoTypes.length > 0) console.log(`  under two types: ${p.twoTypes.join(', ')}`);
    const labels = new Map(loadLabels().map((x) => [x.name.toLowerCase(), x]));
    const misses = entities
      .filter((e) => labels.get(e.name.toLowerCase())?.thing === false)
      .map((e) => `${e.name} (${labels.get(e.name.toLowerCase())!.kind})`);
    if (misses.length > 0) console.log(`  labelled not a thing, still entities: ${misses.join(', ')}`);
    if (p.unlabelled.length > 0) console.log(`  not labelled: ${p.unlabelled.join(', ')}`);
    if (p.decisions.length > 0) console.log(`  decision nodes (not scored as names): ${p.decisions.join('; ')}`);
    const share = p.labelled === 0 ? 0 : p.things / p.labelled;
    record({
      figure: 'entity precision (real transcripts, hand labels)',
      value: pct(p.things, p.labelled),
      baseline: pct(mp.things, mp.labelled),
      ratio: '-',
      target: '>= 90%, 0 junk, 0 two types',
      ok: share >= 0.9 && p.junk.length === 0 && p.twoTypes.length === 0,
    });
    record({
      figure: 'entities linked by a fact (real transcripts)',
      value: pct(l.linked, l.entities),
      baseline: pct(main.links.linked, main.links.entities),
      ratio: '-',
      target: '>= 50%',
      ok: l.linked >= 0.5 * l.entities,
    });
  } finally {
    m.db.close();
    fs.rmSync(m.home, { recursive: true, force: true });
  }
}
