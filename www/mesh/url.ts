// Mesh mode in the address: `?mesh=triangles:polyanya:r0.5` opens the navigation mesh (www/mesh/) built from
// merged triangles, searched by Polyanya, for a unit of radius 0.5. Each word is optional and in any order:
// a mesh kind (`triangles`, `rectangles`), a search (`polyanya`, `navmesh-astar`), `r` + cells. Pure, so
// unit-tested (url.test.ts); the first download imports only `meshQuery` and `meshSetup` from here.

import { MESH, type SearchKind } from '../generated/core.js';

/** How the mesh is built. */
export type MeshKind = 'triangles' | 'rectangles';
/** Who searches it: the core's names (`SearchKind`). */
export type MeshSearchName = SearchKind;

export const KINDS: readonly MeshKind[] = ['triangles', 'rectangles'];
/** The searches in the core's menu order. */
export const SEARCHES: readonly MeshSearchName[] = MESH.searches;
/** The largest unit radius (cells, the core's) and the radius control's step. */
export const RADIUS = { max: MESH.maxRadius, step: 0.25 } as const;

/** What mesh mode opens with. */
export interface MeshSetup {
  kind: MeshKind;
  search: MeshSearchName;
  /** Unit radius in cells (0 to 2). */
  radius: number;
}

export const DEFAULT_MESH: MeshSetup = { kind: 'triangles', search: 'polyanya', radius: 0 };

/** `setup` with every value in range (the radius on its step). */
export function checkedMesh(setup: MeshSetup): MeshSetup {
  const radius = Number.isFinite(setup.radius) ? Math.min(RADIUS.max, Math.max(0, setup.radius)) : 0;
  return {
    kind: KINDS.includes(setup.kind) ? setup.kind : DEFAULT_MESH.kind,
    search: SEARCHES.includes(setup.search) ? setup.search : DEFAULT_MESH.search,
    radius: Math.round(radius / RADIUS.step) * RADIUS.step,
  };
}

/** The setup asked for by `search` (`location.search`): null without `mesh`; unknown words are left out. */
export function meshSetup(search: string): MeshSetup | null {
  const params = new URLSearchParams(search);
  if (!params.has('mesh')) return null;
  const setup: MeshSetup = { ...DEFAULT_MESH };
  for (const word of (params.get('mesh') ?? '').split(':')) {
    if ((KINDS as readonly string[]).includes(word)) setup.kind = word as MeshKind;
    else if ((SEARCHES as readonly string[]).includes(word)) setup.search = word as MeshSearchName;
    else if (/^r\d+(\.\d+)?$/.test(word)) setup.radius = Number(word.slice(1));
  }
  return checkedMesh(setup);
}

/** The `mesh` parameter's value for `setup`. */
export function meshValue(setup: MeshSetup): string {
  const s = checkedMesh(setup);
  const words: string[] = [s.kind, s.search];
  if (s.radius > 0) words.push(`r${s.radius}`);
  return words.join(':');
}

/** `search` with mesh mode set to `setup` (null: removed); the other parameters keep their order. */
export function withMesh(search: string, setup: MeshSetup | null): string {
  const params = new URLSearchParams(search);
  params.delete('mesh');
  if (setup !== null) params.set('mesh', meshValue(setup));
  const text = params.toString().replace(/=(?=&|$)/g, '').replace(/%3A/gi, ':');
  return text ? `?${text}` : '';
}

/** Mesh mode's part of an address (`&mesh=…`), to carry into an embed code; '' outside mesh mode. */
export function meshQuery(search: string): string {
  const setup = meshSetup(search);
  return setup === null ? '' : `&mesh=${meshValue(setup)}`;
}
