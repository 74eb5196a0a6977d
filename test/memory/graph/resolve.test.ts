// The naming rules, table-driven: what merges, what is a value, what is never an entity.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyName, normalizeName, type NameClass } from '../../../daemon/memory/resolve';
import { canonicalRelation } from '../../../daemon/memory/extract/vocabulary';

describe('normalizeName', () => {
  const same: Array<[string, string]> = [
    ['Hermes', 'the Hermes agent'],
    ['Hermes', 'HERMES'],
    ['billing', 'the billing service'],
    ['web-1', '`web-1`'],
    ['Scry', 'our scry daemon'],
  ];
  for (const [a, b] of same) it(`${a} ≡ ${b}`, () => assert.equal(normalizeName(a), normalizeName(b)));
  const different: Array<[string, string]> = [
    ['web-1', 'web-2'],
    ['the app', 'app store'],
    ['api gateway', 'api'],
  ];
  for (const [a, b] of different) it(`${a} ≢ ${b}`, () => assert.notEqual(normalizeName(a), normalizeName(b)));
});

describe('classifyName', () => {
  const table: Array<[string, NameClass]> = [
    ['Hermes', 'entity'],
    ['web-1', 'entity'],
    ['pnpm', 'entity'],
    ['api gateway', 'entity'],
    ['Ana', 'entity'],
    ['server', 'generic'],
    ['the app', 'generic'],
    ['database', 'generic'],
    ['project', 'generic'],
    ['API', 'generic'],
    ['the server', 'generic'],
    ['it', 'generic'],
    ['main', 'value'],
    ['in-progress', 'value'],
    ['v1.2.3', 'value'],
    ['2.0.0-beta.1', 'value'],
    ['42', 'value'],
    ['250ms', 'value'],
    ['2025-03-01', 'value'],
    ['/tmp/build-3f9c2a1b', 'ephemeral'],
    ['/var/folders/xy/T/abc', 'ephemeral'],
    ['123e4567-e89b-12d3-a456-426614174000', 'ephemeral'],
    ['9f8e7d6c5b4a', 'ephemeral'],
    [':8080', 'ephemeral'],
    ['localhost:3000', 'ephemeral'],
    ['port 5432', 'ephemeral'],
  ];
  for (const [name, cls] of table) it(`${name} → ${cls}`, () => assert.equal(classifyName(name), cls));
});

describe('canonicalRelation', () => {
  const table: Array<[string, string, boolean]> = [
    ['deployed_on', 'deployed_on', true],
    ['hosted on', 'deployed_on', true],
    ['Deploys To', 'deployed_on', true],
    ['depends-on', 'depends_on', true],
    ['relies on', 'depends_on', true],
    ['superseded by', 'replaced_by', true],
    ['frobnicates', 'related_to', false],
  ];
  for (const [raw, rel, known] of table) it(`${raw} → ${rel}`, () => assert.deepEqual(canonicalRelation(raw), { relation: rel, known }));
});
