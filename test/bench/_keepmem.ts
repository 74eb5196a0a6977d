import { buildRealMemory } from '../memory/entity-labels/real-memory';
void (async () => {
const m = await buildRealMemory();
console.log(m.home, m.failed);
m.db.close();
})();
