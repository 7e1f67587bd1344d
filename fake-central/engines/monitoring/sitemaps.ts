import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { MRT_VERSIONS, ok } from '../../routes/common.js';
import type { Item, Json } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';

/**
 * Floor plans from the bundle's `sitemaps.json` (scripts/fixtures/build-sitemaps.ts): buildings
 * with their floors (getBuildingsV1, getFloorMapV1), a floor's walls and zones as GeoJSON-like
 * features (getWallsV1, getZonesV1) and its image, an SVG drawn from those walls
 * (getFloorMapImageV1 lists image/svg+xml). A site without a plan is 404 (SPEC.md §13 D10).
 * The optional `siteId` of a floor is left out: the document formats it as a UUID, the sites'
 * ids are numeric (scope management).
 */

const items = (value: Json | undefined): Item[] =>
  Array.isArray(value) ? value.filter(isItem) : [];

function buildings(ctx: RouteContext): Item[] {
  const site = ctx.params.site ?? '';
  const plan = ctx.state.object('sitemaps.json')[site];
  const list = isItem(plan) ? items(plan.buildings) : [];
  if (list.length === 0) throw notFound(`Floor plan not found: ${site}`);
  return list;
}

function floorView(building: Item, floor: Item): Item {
  return {
    floorId: text(floor.floorId),
    id: text(floor.id),
    type: 'feature',
    properties: {
      buildingId: text(building.id),
      name: text(floor.name),
      ordinal: Number(floor.ordinal),
      length: Number(floor.length),
      breadth: Number(floor.breadth),
    },
  };
}

function floorOf(ctx: RouteContext): { building: Item; floor: Item } {
  const wanted = ctx.params.floor ?? '';
  for (const building of buildings(ctx)) {
    const floor = items(building.floors).find(
      (f) => text(f.floorId) === wanted || text(f.id) === wanted,
    );
    if (floor) return { building, floor };
  }
  throw notFound(`Floor not found: ${ctx.params.site ?? ''}/${wanted}`);
}

function features(floor: Item, kind: 'walls' | 'zones'): Item[] {
  return items(floor[kind]).map((f) => ({
    type: 'Feature',
    id: text(f.id),
    featureType: kind === 'walls' ? 'wall' : 'zone',
    geometryRelative: f.geometryRelative ?? [],
    properties:
      kind === 'walls'
        ? { floorId: text(floor.floorId), wallTypeId: text(f.wallTypeId) }
        : { floorId: text(floor.floorId), zoneName: text(f.zoneName), zoneType: text(f.zoneType) },
  }));
}

/** The floor drawn at 10 px per metre: its walls as lines, its zones as outlines. */
function svg(floor: Item): Buffer {
  const w = Number(floor.length) * 10;
  const h = Number(floor.breadth) * 10;
  const point = (p: Json): string => {
    const [x = 0, y = 0] = Array.isArray(p) ? p.map(Number) : [];
    return `${Math.round(x * w)},${Math.round(y * h)}`;
  };
  const walls = items(floor.walls).map((wall) => {
    const [a, b] = Array.isArray(wall.geometryRelative) ? wall.geometryRelative : [];
    const [x1, y1] = point(a ?? null).split(',');
    const [x2, y2] = point(b ?? null).split(',');
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="black" stroke-width="4"/>`;
  });
  const zones = items(floor.zones).map((zone) => {
    const pts = Array.isArray(zone.geometryRelative) ? zone.geometryRelative.map(point) : [];
    const colour = text(zone.zoneType) === 'EXCLUSION' ? 'red' : 'green';
    return `<polygon points="${pts.join(' ')}" fill="none" stroke="${colour}"/>`;
  });
  const body = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<title>${text(floor.name)}</title>`,
    ...zones,
    ...walls,
    '</svg>',
  ];
  return Buffer.from(body.join('\n') + '\n');
}

function collection(list: Item[]): Item {
  return { count: list.length, items: list };
}

const read = (path: string, handler: (ctx: RouteContext) => FakeResponse): Route => ({
  method: 'GET',
  pattern: `/network-monitoring/${MRT_VERSIONS}/sitemaps/${path}`,
  kind: 'read',
  handler,
});

/** The floor-plan reads; ahead of the monitoring engine's table. */
export const sitemapRoutes: Route[] = [
  read(':site/buildings', (ctx) =>
    ok(
      collection(
        buildings(ctx).map((b) => ({
          id: text(b.id),
          buildingId: text(b.id),
          type: 'feature',
          properties: { name: text(b.name) },
          floors: items(b.floors).map((f) => floorView(b, f)),
        })),
      ),
    ),
  ),
  read(':site/floors/:floor', (ctx) => {
    const { building, floor } = floorOf(ctx);
    return ok(floorView(building, floor));
  }),
  read(':site/floors/:floor/walls', (ctx) => ok(collection(features(floorOf(ctx).floor, 'walls')))),
  read(':site/floors/:floor/zones', (ctx) => ok(collection(features(floorOf(ctx).floor, 'zones')))),
  read(':site/floors/:floor/image', (ctx) => ({
    status: 200,
    payload: svg(floorOf(ctx).floor),
    headers: { 'Content-Type': 'image/svg+xml' },
  })),
];
