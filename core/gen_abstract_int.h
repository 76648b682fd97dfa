/* gen_abstract_int.h -- the abstract family's private model (algorithm=abstract, seed 003),
 * shared by its three files, which build on it and not on one another's
 * definitions: gen_abstract_areas.c (subdivision, pairs, routes) under
 * gen_abstract_plan.c (the plan) under gen_abstract.c (the painter).
 * The map is cut into rectangular areas, areas sharing a border of two or
 * more cells are neighbours, a route runs from an entrance area to a far
 * exit area (A* shaped by influence points), every other area is attached,
 * each area gets a painter and each join its gateway cells. gen_abstract_plan.c
 * makes the plan, gen_abstract.c paints it; tests read it. Never installed. */
#ifndef DG_ABSTRACT_H
#define DG_ABSTRACT_H

#include "dg_int.h"

/* Painters, per area */
typedef enum {
    DG__AB_ROCK,             /* not reachable from the route: left solid */
    DG__AB_ROOM,             /* the whole area is one room */
    DG__AB_INSET,            /* a smaller room, corridors round it to the gateways */
    DG__AB_TUNNEL,           /* solid, a tunnel from each gateway to the centre */
    DG__AB_MULTI,            /* solid, a tunnel from each gateway to each other */
    DG__AB_CIRCLE,           /* solid, gateways joined one to the next, round */
    DG__AB_CAVE,             /* open, stone grown in from the borders */
    DG__AB_PAINTERS
} dg__ab_painter;

typedef struct {
    int x1, y1, x2, y2;      /* border lines (cells); inside x1+1..x2-1, y1+1..y2-1 */
    dg__ab_painter painter;
    int room;                /* room id (ROOM, INSET), else 0 */
    int rx1, ry1, rx2, ry2;  /* INSET: the room's cells */
    int degree;              /* joins to other areas */
    int stair;               /* corner of the stair (see dg__ab_stair_cells), -1 none */
    bool main;               /* in the part of the map the route lies in */
    bool route;
    int first_gate, n_gates; /* into dg__ab_plan.gate_of */
} dg__ab_area;

/* Neighbours: areas a and b (a < b) share the border line `line` (x when
 * across, else y), where the cells lo..hi along it have a's inside on one
 * side and b's on the other -- at least two of them. */
typedef struct {
    int a, b;
    bool across;             /* vertical border: a west of b; else a north of b */
    int line, lo, hi;
    bool joined;
} dg__ab_pair;

/* A gateway cell: a border cell between two joined areas, never walled, or
 * (b < 0) an exit through the map's edge out of area a. */
typedef struct {
    int x, y;
    int a, b;
} dg__ab_gate;

typedef struct {
    dg__ab_area *area;  size_t n_area;
    dg__ab_pair *pair;  size_t n_pair;
    dg__ab_gate *gate;  size_t n_gate;
    int *gate_of;            /* per area: its gates, area.first_gate.. */
    int *route;  size_t n_route;   /* entrance .. exit */
    int entrance, exit;
    dg_point influence[8]; size_t n_influence;
    /* areas holding a stair, in the order the stairs are placed: the
     * entrance (up), the exit (down), then others */
    int stair_area[64]; bool stair_down[64]; size_t n_stair_areas;
    int max_inside;          /* cells inside the biggest area */
} dg__ab_plan;

/* The plan dg_generate() follows for options o (algorithm=abstract): the
 * same draws from the same stream. Free with dg__ab_plan_free. */
dg_status dg__ab_plan_for(const dg_options *o, dg__ab_plan *plan, dg_error *err);
/* The same from the builder's own stream: the first draws of a map. */
dg_status dg__ab_plan_build(dg__build *b, dg__ab_plan *plan, dg_error *err);
void dg__ab_plan_free(dg__ab_plan *plan);

/* The stair corner `cfg` (0..7) of area a: the stair cell S in a corner of
 * its inside, its landing L (the one open cell beside it) and the cell R
 * that must stay solid; and the three border cells whose gateway would open
 * onto S or R. Bits: 1 right corner, 2 bottom corner, 4 landing below or
 * above S (else beside it). */
typedef struct {
    dg_point s, l, r;
    dg_point forbidden[3];
    dg_point in_a, in_b;     /* unit steps: S to L, S to R */
} dg__ab_stair;
dg__ab_stair dg__ab_stair_cells(const dg__ab_area *a, int cfg);

/* gen_abstract_areas.c: the steps of the plan that only look at areas. */
typedef struct {
    int *start;              /* per area: first index into at[] (n_area + 1 entries) */
    int *at;                 /* pair indices */
} dg__ab_adjacency;
/* Fills p->area with the areas the map is cut into. */
dg_status dg__ab_subdivide(dg_rng *rng, const dg_options *o, dg__ab_plan *p, dg_error *err);
/* Fills p->pair with every two areas sharing two or more border cells. */
dg_status dg__ab_find_pairs(dg__ab_plan *p, dg_error *err);
/* Each area's pairs; the caller frees g->start and g->at, also on failure. */
dg_status dg__ab_adjacency_build(const dg__ab_plan *p, dg__ab_adjacency *g, dg_error *err);
/* Breadth-first from `from` over all pairs: hop counts into dist (-1 not
 * reached), the order reached into queue (n_area ints), *count (may be
 * NULL) how many; returns the last reached, a farthest one. */
int dg__ab_bfs(const dg__ab_plan *p, const dg__ab_adjacency *g, int from, int *dist, int *queue, size_t *count);
/* The A* route from p->entrance to p->exit into p->route (see the .c). */
dg_status dg__ab_route(dg__ab_plan *p, const dg__ab_adjacency *g, int reach, int strength, dg_error *err);

static inline int dg__ab_cx(const dg__ab_area *a) { return (a->x1 + a->x2) / 2; }
static inline int dg__ab_cy(const dg__ab_area *a) { return (a->y1 + a->y2) / 2; }
static inline int dg__ab_inside_w(const dg__ab_area *a) { return a->x2 - a->x1 - 1; }
static inline int dg__ab_inside_h(const dg__ab_area *a) { return a->y2 - a->y1 - 1; }
static inline int dg__ab_abs(int v) { return v < 0 ? -v : v; }
static inline int dg__ab_other_end(const dg__ab_pair *q, int a) { return q->a == a ? q->b : q->a; }

#endif
