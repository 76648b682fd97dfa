// read_dungeon.ts -- what a new user writes against the client generated
// from openapi.yaml (types by openapi-typescript, calls by openapi-fetch):
// a stocked dungeon's rooms, encounters and treasure (gems and art too),
// donjon's export and its settings, the PNG as a Blob and a HEAD. It must
// compile under tsc --strict with no cast and no `any`; the type checks
// below fail the compile where a field comes out `never` or `unknown` (a
// `never` is assignable to anything, so plain use would not notice).
// typescript_check.mjs generates ./dungeond.js's types, compiles this and
// runs it against a live daemon: node read_dungeon.js BASE_URL
import createClient from "openapi-fetch";
import type { components, paths } from "./dungeond.js";

declare const process: { argv: string[]; exitCode?: number };

type Map = components["schemas"]["Map"];
type Room = Map["rooms"][number];
type Contents = NonNullable<Room["contents"]>;
type Encounter = NonNullable<Contents["encounter"]>;
type Treasure = NonNullable<Contents["treasure"]>;
type Lot = Treasure["gems"][number];
type Donjon = components["schemas"]["DonjonMap"];
type DonjonRoom = NonNullable<Donjon["rooms"][number]>;
type Settings = Donjon["settings"];
type Body<P extends keyof paths, M extends "get" | "head"> =
  paths[P][M] extends { responses: { 200: { content: infer C } } } ? C[keyof C] : never;

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Expect<T extends true> = T;
// every HEAD answer of every path, 200 or error: its body type (none is never)
type HeadBodies = {
  [P in keyof paths]: paths[P] extends { head: { responses: infer R } }
    ? { [S in keyof R]: R[S] extends { content?: infer C } ? NonNullable<C> : never }[keyof R]
    : never;
}[keyof paths];
export type TypedAsClientsNeed = [
  Expect<Equal<Lot["name"], string>>,
  Expect<Equal<Lot["count"], number>>,
  Expect<Equal<Lot["value_gp"], number>>,
  Expect<Equal<Treasure["art"][number], Lot>>,
  Expect<Equal<Encounter["monsters"][number]["name"], string>>,
  Expect<Equal<Settings["name"], string>>,
  Expect<Equal<Settings["n_rooms"], number>>,
  Expect<Equal<Settings["seed"], string>>,
  Expect<Equal<Settings["grid"], "None" | "Square" | "Hex" | "VertHex">>,
  Expect<Equal<Settings["infest"], "None" | "dnd_5e">>,
  Expect<Equal<Donjon["stairs"][number]["key"], "up" | "down">>,
  Expect<Equal<Donjon["stairs"][number]["next_row"], number>>,
  Expect<Equal<DonjonRoom["contents"]["summary"], string>>,
  Expect<Equal<Donjon["details"]["special"], string | null>>,
  Expect<Equal<Body<"/dungeon.png", "get">, Blob>>,
  Expect<Equal<Body<"/dungeon.foundry.zip", "get">, Blob>>,
  Expect<Equal<HeadBodies, never>>,
];

// the key groups counts by three, as the web form does ("5,000 gp each")
const gp = (v: number): string => v.toLocaleString("en");
const lotText = (l: Lot): string => (l.count > 1 ? `${l.count} x ${l.name} (${gp(l.value_gp)} gp each)` : `${l.name} (${gp(l.value_gp)} gp)`);

async function main(base: string): Promise<void> {
  const client = createClient<paths>({ baseUrl: base });
  const query = { seed: 2, level: 5, size: "large" } as const;

  const { data: map, error } = await client.GET("/dungeon.json", { params: { query } });
  if (!map) throw new Error(`GET /dungeon.json: ${error?.error}`);
  let encounters = 0, monsters = 0, gems = 0, art = 0, gemGp = 0, artGp = 0;
  const key: string[] = [];
  for (const room of map.rooms) {
    const c = room.contents;
    if (!c) continue;
    const e = c.encounter;
    if (e) {
      encounters++;
      for (const m of e.monsters) monsters += m.count;
    }
    const t = c.treasure;
    if (t) {
      for (const g of t.gems) { gems += g.count; gemGp += g.count * g.value_gp; }
      for (const a of t.art) { art += a.count; artGp += a.count * a.value_gp; }
      const lots = [...t.gems, ...t.art].map(lotText);
      if (lots.length) key.push(`${room.id}: ${lots.join("; ")}`);
    }
  }

  const { data: donjon } = await client.GET("/dungeon.donjon.json", { params: { query } });
  if (!donjon) throw new Error("GET /dungeon.donjon.json failed");
  const s = donjon.settings;
  const donjonRooms = donjon.rooms.filter((r): r is DonjonRoom => r !== null);
  const downs = donjon.stairs.filter((st) => st.key === "down").length;

  const png = await client.GET("/dungeon.png", { params: { query }, parseAs: "blob" });
  if (!png.data) throw new Error("GET /dungeon.png failed");
  const head = await client.HEAD("/dungeon.json", { params: { query } });

  console.log(JSON.stringify({
    name: map.name, rooms: map.rooms.length, encounters, monsters, gems, art, gem_gp: gemGp, art_gp: artGp, key,
    donjon: { name: s.name, seed: s.seed, n_rooms: s.n_rooms, n_cols: s.n_cols, infest: s.infest, rooms: donjonRooms.length,
              first_summary: donjonRooms[0]?.contents.summary ?? "", stairs: donjon.stairs.length, down: downs },
    png_bytes: png.data.size, head_status: head.response.status, head_etag: head.response.headers.get("etag"),
  }));
}

main(process.argv[2] ?? "http://127.0.0.1:8080").catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
