import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No import knot among the modules (issue 41, point 4; decision 046). ESLint's `import-x/no-cycle`
// follows files and skips type imports, so it cannot see folders that reach each other through
// different files: here each folder of server/src/modules is one node, and each relative import of
// a file that is not a test or a test kit (type imports and re-exports included) an edge to the
// folder it lands in. An edge on a cycle fails the test, with the cycle it closes. (When issue 41
// began, 12 modules formed one knot; it was cut down edge by edge, and none is left.)

const modulesDir = path.join(import.meta.dirname, 'modules');

/** Module → the modules it imports, each with the imports that make the edge (`file -> target`). */
type ModuleGraph = Map<string, Map<string, string[]>>;

function moduleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const from of fs.readdirSync(modulesDir)) {
    const edges = new Map<string, string[]>();
    graph.set(from, edges);
    for (const file of fs.readdirSync(path.join(modulesDir, from), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test(-kit)?\.tsx?$/.test(file)) continue;
      const fullName = path.join(modulesDir, from, file);
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(fullName, 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(modulesDir, path.resolve(path.dirname(fullName), specifier));
        const to = target.split(path.sep)[0]!;
        if (target.startsWith('..') || to === from) continue;
        edges.set(to, [...(edges.get(to) ?? []), `${from}/${file} -> ${target}`]);
      }
    }
  }
  return graph;
}

const edgeName = (from: string, to: string) => `${from} -> ${to}`;

/** The edges that lie on a cycle: those inside one strongly connected component (Tarjan). */
function knotEdges(graph: ModuleGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (!component.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    let member: string;
    do {
      member = stack.pop()!;
      component.set(member, components);
    } while (member !== node);
    components++;
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return [...graph].flatMap(([from, edges]) =>
    [...edges.keys()].filter((to) => component.get(to) === component.get(from)).map((to) => edgeName(from, to)),
  );
}

/** A shortest way back from `to` to `from`: with the edge `from -> to`, a cycle to show. */
function wayBack(graph: ModuleGraph, from: string, to: string): string[] {
  const cameFrom = new Map<string, string>([[to, to]]);
  const queue = [to];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (node === from) break;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  const way = [from];
  while (way[0] !== to) way.unshift(cameFrom.get(way[0]!)!);
  return way;
}

function describeKnot(graph: ModuleGraph, edge: string): string {
  const [from, to] = edge.split(' -> ') as [string, string];
  const imports = graph.get(from)!.get(to)!;
  return `${[from, ...wayBack(graph, from, to)].join(' -> ')}   (by ${imports.join(', ')})`;
}

describe('import knots among server/src/modules', () => {
  const graph = moduleGraph();
  const knot = knotEdges(graph);

  it('finds the modules and their imports, type imports included', () => {
    expect(graph.size).toBeGreaterThan(10);
    // site-module.ts imports page-filler.ts for its types only.
    expect(graph.get('registry')?.get('pages')).toContain('registry/site-module.ts -> pages/page-filler');
  });

  it('no import closes a knot', () => {
    expect(knot.map((edge) => describeKnot(graph, edge))).toEqual([]);
  });

  it('finds the edges on a cycle, and only those', () => {
    const toy: ModuleGraph = new Map([
      ['a', new Map([['b', []]])],
      ['b', new Map([['c', []]])],
      ['c', new Map([['a', []]])],
      ['d', new Map([['a', []]])],
      ['e', new Map()],
    ]);
    expect(knotEdges(toy).sort()).toEqual(['a -> b', 'b -> c', 'c -> a']);
    expect(wayBack(toy, 'c', 'a')).toEqual(['a', 'b', 'c']);
  });
});
