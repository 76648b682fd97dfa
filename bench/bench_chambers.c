/* bench_chambers.c -- the cave chamber pass (core/chambers.c): for each
 * cave family and map size, mean chambers and passages per map and mean
 * chamber area; then ms to segment a 1001x1001 caverns map alone (the
 * pass run again on a copy of the map with its chambers taken off).
 * Prints figures; asserts nothing.
 *   bench_chambers [--quick | --time] [--ascii KEY=VALUE...]
 * --time gives the 1001x1001 figures alone.
 * --ascii prints one map with each chamber cell as a letter (its id mod
 * 26, lower case for even tens), passages as ',' and rock as '#', to look at. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dg_int.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* This process's CPU time: on a shared, loaded machine the wall clock
 * counts other people's work too. */
static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static dg_dungeon *make(int argc, char **argv, unsigned seed, int rows, int cols)
{
    dg_options o;
    dg_error e = {0};
    char buf[32];
    dg_options_init(&o);
    if (rows > 0) {
        snprintf(buf, sizeof buf, "%d", rows);
        dg_options_set(&o, "rows", buf, NULL, &e);
        snprintf(buf, sizeof buf, "%d", cols);
        dg_options_set(&o, "cols", buf, NULL, &e);
    }
    for (int i = 0; i < argc; i++) {
        char kv[128];
        snprintf(kv, sizeof kv, "%s", argv[i]);
        char *eq = strchr(kv, '=');
        if (!eq) continue;
        *eq = '\0';
        dg_options_set(&o, kv, eq + 1, NULL, &e);
    }
    if (dg_options_finish(&o, NULL, &e) != DG_OK || e.code != DG_OK) {
        fprintf(stderr, "bench_chambers: %s\n", e.msg);
        exit(2);
    }
    if (!o.seed_given) dg_options_set_seed(&o, seed);
    dg_dungeon *d = NULL;
    if (dg_map_generate(&o, &d, &e) != DG_OK) {
        fprintf(stderr, "bench_chambers: %s\n", e.msg);
        exit(1);
    }
    return d;
}

static size_t chambers(const dg_dungeon *d, long *area)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n_rooms; i++)
        if (d->rooms[i].kind == DG_ROOM_KIND_CHAMBER) {
            n++;
            *area += d->rooms[i].area;
        }
    return n;
}

/* A hand-built copy of d as it was before the chamber pass. */
static dg_dungeon *unkeyed(const dg_dungeon *d)
{
    dg_dungeon *c = dg__calloc(1, sizeof *c);
    size_t n = (size_t)d->width * (size_t)d->height, rooms = 0;
    for (size_t i = 0; i < d->n_rooms; i++) rooms += d->rooms[i].kind == DG_ROOM_KIND_ROOM;
    c->opts = d->opts;
    c->width = d->width;
    c->height = d->height;
    c->cells = dg__malloc(n * sizeof *c->cells);
    c->cave = dg__malloc(n);
    c->rooms = dg__calloc(rooms + 1, sizeof *c->rooms);
    c->doors = dg__calloc(d->n_doors + 1, sizeof *c->doors);
    for (size_t s = 0; s < n; s++)
        c->cells[s] = d->cells[s] & DG_ROOM ? d->cells[s] : d->cells[s] & ~(DG_ROOM_ID | DG_LABEL);
    memcpy(c->cave, d->cave, n);
    for (size_t i = 0; i < d->n_rooms; i++)
        if (d->rooms[i].kind == DG_ROOM_KIND_ROOM) {
            c->rooms[c->n_rooms] = d->rooms[i];
            c->rooms[c->n_rooms++].outline = NULL;
        }
    memcpy(c->doors, d->doors, d->n_doors * sizeof *d->doors);
    c->n_doors = d->n_doors;
    return c;
}

static void ascii(const dg_dungeon *d)
{
    for (int y = 0; y < d->height; y++) {
        for (int x = 0; x < d->width; x++) {
            uint32_t c = dg_cell(d, x, y);
            int id = dg__room_id(c);
            char ch = '#';
            if (c & DG_DOORSPACE) ch = '+';
            else if (c & DG_ROOM) ch = '.';
            else if ((c & DG_CORRIDOR) && id) ch = (char)((id / 26) % 2 ? 'a' + id % 26 : 'A' + id % 26);
            else if (c & DG_CORRIDOR) ch = ',';
            for (size_t i = 0; i < d->n_rooms; i++)
                if (d->rooms[i].kind == DG_ROOM_KIND_CHAMBER && d->rooms[i].label_x == x && d->rooms[i].label_y == y)
                    ch = '*';
            putchar(ch);
        }
        putchar('\n');
    }
    for (size_t i = 0; i < d->n_rooms; i++)
        if (d->rooms[i].kind == DG_ROOM_KIND_CHAMBER)
            printf("chamber %d: area %d box %dx%d label %d,%d\n", d->rooms[i].id, d->rooms[i].area,
                   d->rooms[i].width, d->rooms[i].height, d->rooms[i].label_x, d->rooms[i].label_y);
    for (size_t i = 0; i < d->n_passages; i++) {
        printf("passage %d: %zu cells, joins", d->passages[i].id, d->passages[i].n_cells);
        for (size_t k = 0; k < d->passages[i].n_rooms; k++) printf(" %d", d->passages[i].rooms[k]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--ascii")) {
        dg_dungeon *d = make(argc - 2, argv + 2, 1, 0, 0);
        ascii(d);
        dg_dungeon_free(d);
        return 0;
    }
    bool quick = argc > 1 && !strcmp(argv[1], "--quick");
    bool time_only = argc > 1 && !strcmp(argv[1], "--time");
    static char *families[][2] = {
        {"algorithm=caverns", NULL},
        {"algorithm=donjon", "layout=cavernous"},
        {"algorithm=abstract", NULL},
        {"algorithm=gridmapper", "caves=yes"},
    };
    static const int sizes[][2] = {{23, 45}, {51, 51}, {101, 101}, {201, 201}};
    printf("%-34s %9s %9s %9s %9s\n", "family", "size", "chambers", "passages", "mean area");
    for (size_t f = 0; f < sizeof families / sizeof *families && !time_only; f++) {
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int maps = quick ? 10 : sizes[z][0] > 100 ? 40 : 200;
            double ch = 0, pa = 0, area = 0;
            for (int s = 1; s <= maps; s++) {
                dg_dungeon *d = make(families[f][1] ? 2 : 1, families[f], (unsigned)s, sizes[z][0], sizes[z][1]);
                long a = 0;
                size_t n = chambers(d, &a);
                ch += (double)n;
                pa += (double)d->n_passages;
                area += n ? (double)a / (double)n : 0;
                dg_dungeon_free(d);
            }
            char fam[64], size[16];
            snprintf(fam, sizeof fam, "%s %s", families[f][0], families[f][1] ? families[f][1] : "");
            snprintf(size, sizeof size, "%dx%d", sizes[z][1], sizes[z][0]);
            printf("%-34s %9s %9.1f %9.1f %9.1f\n", fam, size, ch / maps, pa / maps, area / maps);
        }
    }
    /* the pass alone on 1001x1001 */
    for (size_t f = 0; f < 2; f++) {
        int maps = quick ? 2 : 5;
        double total = 0, best = 1e9, cpu = 0;
        size_t n = 0;
        for (int s = 1; s <= maps; s++) {
            dg_dungeon *d = make(families[f][1] ? 2 : 1, families[f], (unsigned)s, 1001, 1001);
            dg_dungeon *c = unkeyed(d);
            dg_error e = {0};
            double t0 = now_ms(), c0 = cpu_ms();
            if (dg__chambers(c, &e) != DG_OK) fprintf(stderr, "bench_chambers: %s\n", e.msg);
            double t = now_ms() - t0;
            cpu += cpu_ms() - c0;
            total += t;
            if (t < best) best = t;
            long a = 0;
            n += chambers(c, &a);
            dg_dungeon_free(c);
            dg_dungeon_free(d);
        }
        printf("%s %s 1001x1001: segmentation %.1f ms mean, %.1f ms best (wall), %.1f ms CPU mean, %.0f chambers\n",
               families[f][0], families[f][1] ? families[f][1] : "", total / maps, best, cpu / maps, (double)n / maps);
    }
    return 0;
}
