/**
 * Model-based path tests (issue 3): every generated path of every machine model (models.ts) is replayed
 * on a real actor of the machine with never-resolving fake actors; after the start and after each event
 * the actor's state must be the one the model predicts (value and the model's context flags).
 */
import { describe, expect, it } from 'vitest';
import { describePath, describeState, flagsOf, generatePaths, replayPath, type PathKind } from './graph.ts';
import { allModels } from './models.ts';

const KINDS: { kind: PathKind; title: string }[] = [
  { kind: 'shortest', title: 'shortest path to every state' },
  { kind: 'transition', title: 'every transition' },
  { kind: 'simple', title: 'simple paths' },
];

for (const model of allModels()) {
  const paths = generatePaths(model);
  const multiStart = model.starts.length > 1;

  describe(`${model.name} model (${paths.length} paths)`, () => {
    for (const { kind, title } of KINDS) {
      const ofKind = paths.filter((p) => p.kind === kind);
      if (!ofKind.length) continue;
      describe(title, () => {
        ofKind.forEach((path, i) => {
          const start = multiStart ? `[${path.start.name}] ` : '';
          it(`${i + 1}. ${start}${describePath(model, path)}`, () => {
            let checked = 0;
            replayPath(model, path, (snapshot, step, index) => {
              const where = `step ${index} (${index === 0 ? 'start' : step.event.type})`;
              expect(snapshot.matches(step.state.value), `${where}: expected ${describeState(model, step.state)}, actor is in ${describeState(model, snapshot)}`).toBe(true);
              expect(flagsOf(model, snapshot), where).toEqual(flagsOf(model, step.state));
              checked++;
            });
            expect(checked).toBe(path.steps.length);
          });
        });
      });
    }
  });
}
