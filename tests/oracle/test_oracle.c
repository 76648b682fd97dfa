/* test_oracle.c -- our donjon family against the reference script
 * (../shared/oracle/donjon_oracle.pl) at matching options: means over 100
 * (300 for packed rooms) seeds of room count, room area, corridor share, dead ends (on the walkable
 * map) and stairs, and
 * the door-type mix over every door of every setting, each within 10%.
 *
 * The reference's side comes from reference_figures.tsv: its per-seed
 * counts, made by tools/oracle_figures.sh from live runs (the script seeds
 * Perl's rand with the seed and is repeatable under PERL_HASH_SEED=0, so a
 * seed's counts never change). 1,600 live Perl runs took 90 s a pass; now
 * every tenth seed of each setting is re-run live and its counts must equal
 * the stored ones exactly, and a script whose sha256 differs from the
 * table's fails at once, naming the command that regenerates it. Our side
 * is generated afresh for every seed. Skips when perl or ../shared is
 * missing. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dg_contents.h"

#define ORACLE DG_SOURCE_DIR "/../shared/oracle/donjon_oracle.pl"
#define FIGURES DG_SOURCE_DIR "/tests/oracle/reference_figures.tsv"
#define REGENERATE "bash tools/oracle_figures.sh"
/* every LIVE_EVERY-th seed of each setting is re-run through the script */
#define LIVE_EVERY 10u

typedef struct {
    const char *name;
    unsigned seeds;          /* more where the figures are small and noisy */
    const char *oracle;      /* the reference script's key=value arguments */
    const char *ours[8];     /* ours, NULL-terminated */
} setting;

typedef struct {
    double rooms, room_area, corridor_share, dead_ends, stairs;
    double doors[DG_DOOR_TYPE_COUNT];
} figures;

/* One map's counts, what the table stores per seed: integers, so a live
 * run and the table agree exactly or not at all. */
typedef struct {
    long width, height, rooms, room_cells, corridor_cells, dead_ends, stairs;
    long doors[DG_DOOR_TYPE_COUNT];
} counts;
#define N_COUNTS (7 + DG_DOOR_TYPE_COUNT)

static const setting settings[] = {
    {"default", 100, "n_rows=23 n_cols=45",
     {"rows=23", "cols=45", "rooms=scattered", "corridors=errant", "deadends=50", "stairs=2", "room_size=medium"}},
    {"packed", 300, "n_rows=23 n_cols=45 room_layout=Packed",
     {"rows=23", "cols=45", "rooms=dense", "corridors=errant", "deadends=50", "stairs=2", "room_size=medium"}},
    {"packed-keep", 300, "n_rows=23 n_cols=45 room_layout=Packed remove_deadends=0",
     {"rows=23", "cols=45", "rooms=dense", "corridors=errant", "deadends=0", "stairs=2", "room_size=medium"}},
    {"labyrinth-all", 100, "n_rows=31 n_cols=61 corridor_layout=Labyrinth remove_deadends=100",
     {"rows=31", "cols=61", "corridors=labyrinth", "deadends=100", "stairs=2", "room_size=medium"}},
    {"straight-none", 100, "n_rows=31 n_cols=61 corridor_layout=Straight remove_deadends=0 add_stairs=4",
     {"rows=31", "cols=61", "corridors=straight", "deadends=0", "stairs=4", "room_size=medium"}},
    {"big-rooms", 100, "n_rows=45 n_cols=61 room_min=5 room_max=13",
     {"rows=45", "cols=61", "room_min=5", "room_max=13", "deadends=50", "stairs=2"}},
    {"box", 100, "n_rows=41 n_cols=41 dungeon_layout=Box",
     {"rows=41", "cols=41", "layout=box", "deadends=50", "stairs=2", "room_size=medium"}},
    {"cross", 100, "n_rows=41 n_cols=41 dungeon_layout=Cross room_layout=Packed",
     {"rows=41", "cols=41", "layout=cross", "rooms=dense", "deadends=50", "stairs=2", "room_size=medium"}},
};
#define N_SETTINGS (sizeof settings / sizeof settings[0])
/* door_type_mix_matches_the_reference: the default setting, other seeds */
#define MIX_FIRST 1001u
#define MIX_LAST 1400u

#define AT(x, y) ((x) < 0 || (y) < 0 || (x) >= w || (y) >= h ? 0u : cells[(size_t)(y) * (size_t)w + (size_t)(x)])

/* Marks the open regions that hold a room. The reference leaves corridor
 * scraps, joined to nothing, in pockets between rooms; their ends are no
 * dead ends a party would meet. */
static unsigned char *main_region(const uint32_t *cells, int w, int h)
{
    size_t n = (size_t)w * h;
    int *lab = calloc(n, sizeof *lab), *queue = malloc(n * sizeof *queue);
    size_t best = 0;
    int best_id = 0, id = 0;
    for (size_t s = 0; s < n; s++) {
        if (lab[s] || !(cells[s] & DG_OPENSPACE)) continue;
        size_t head = 0, tail = 0;
        lab[s] = ++id;
        queue[tail++] = (int)s;
        while (head < tail) {
            int at = queue[head++], x = at % w, y = at / w;
            for (int k = 0; k < 4; k++) {
                int nx = x + dg_dir_dx((dg_dir)k), ny = y + dg_dir_dy((dg_dir)k);
                if (!(AT(nx, ny) & DG_OPENSPACE) || lab[ny * w + nx]) continue;
                lab[ny * w + nx] = id;
                queue[tail++] = ny * w + nx;
            }
        }
        if (tail > best) {
            best = tail;
            best_id = id;
        }
    }
    /* regions holding a room: the scraps are corridor pieces alone */
    unsigned char *with_room = calloc((size_t)id + 1, 1), *in = calloc(n, 1);
    for (size_t s = 0; s < n; s++)
        if (lab[s] && (cells[s] & DG_ROOM)) with_room[lab[s]] = 1;
    for (size_t s = 0; s < n; s++) in[s] = lab[s] && with_room[lab[s]];
    free(with_room);
    (void)best_id;
    free(lab);
    free(queue);
    return in;
}

/* Counts from one grid of donjon cell words (the oracle's or ours). */
static void count_grid(counts *m, const uint32_t *cells, int w, int h, size_t rooms)
{
    memset(m, 0, sizeof *m);
    m->width = w;
    m->height = h;
    m->rooms = (long)rooms;
    unsigned char *reach = main_region(cells, w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t c = AT(x, y);
            if (!(c & DG_OPENSPACE)) continue;
            if (c & DG_ROOM) {
                m->room_cells++;
                continue;
            }
            if (c & DG_DOORSPACE) {
                for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
                    if (c & dg_door_type_bit((dg_door_type)t)) m->doors[t]++;
                continue;
            }
            m->corridor_cells++;
            if (c & DG_STAIRS) {
                m->stairs++;
                continue;
            }
            if (!reach[(size_t)y * w + x]) continue;
            int open = 0;
            for (int k = 0; k < 4; k++)
                open += (AT(x + dg_dir_dx((dg_dir)k), y + dg_dir_dy((dg_dir)k)) & DG_OPENSPACE) != 0;
            if (open <= 1) m->dead_ends++;
        }
    free(reach);
}

static void add_counts(figures *f, const counts *m)
{
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++) f->doors[t] += (double)m->doors[t];
    f->stairs += (double)m->stairs;
    f->dead_ends += (double)m->dead_ends;
    f->rooms += (double)m->rooms;
    f->room_area += m->rooms ? (double)m->room_cells / (double)m->rooms : 0;
    f->corridor_share += (double)m->corridor_cells / ((double)m->width * m->height);
}

/* the table's columns after setting and seed, in counts' order */
static const size_t count_at[7] = {offsetof(counts, width), offsetof(counts, height),
                                   offsetof(counts, rooms), offsetof(counts, room_cells),
                                   offsetof(counts, corridor_cells), offsetof(counts, dead_ends),
                                   offsetof(counts, stairs)};
static const char *const count_names[7] = {"width", "height", "rooms", "room_cells",
                                           "corridor_cells", "dead_ends", "stairs"};

static long *count_field(counts *m, int k)
{
    return k < 7 ? (long *)((char *)m + count_at[k]) : &m->doors[k - 7];
}

static const char *count_name(int k)
{
    return k < 7 ? count_names[k] : dg_door_type_name((dg_door_type)(k - 7));
}

static void oracle_map(const setting *s, unsigned seed, counts *m)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl %s seed=%u %s", ORACLE, seed,
             s->oracle);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    json_error_t jerr;
    json_t *root = json_loadf(p, 0, &jerr);
    cr_assert_eq(pclose(p), 0, "oracle failed: %s", cmd);
    cr_assert_not_null(root, "oracle output: %s", jerr.text);
    json_t *rows = json_object_get(root, "cells");
    int h = (int)json_array_size(rows), w = (int)json_array_size(json_array_get(rows, 0));
    uint32_t *cells = malloc((size_t)w * h * sizeof *cells);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            cells[(size_t)y * w + x] = (uint32_t)json_integer_value(json_array_get(json_array_get(rows, (size_t)y), (size_t)x));
    count_grid(m, cells, w, h, json_array_size(json_object_get(root, "rooms")));
    free(cells);
    json_decref(root);
}

static void our_map(const setting *s, unsigned seed, figures *f)
{
    dg_options o;
    dg_error e = {0};
    dg_options_init(&o);
    for (int k = 0; s->ours[k]; k++) {
        char key[32];
        const char *eq = strchr(s->ours[k], '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - s->ours[k]), s->ours[k]);
        cr_assert_eq(dg_options_set(&o, key, eq + 1, NULL, &e), DG_OK, "%s", e.msg);
    }
    cr_assert_eq(dg_options_finish(&o, NULL, &e), DG_OK, "%s", e.msg);
    dg_options_set_seed(&o, seed);
    dg_dungeon *d;
    cr_assert_eq(dg_generate(&o, &d, &e), DG_OK, "%s", e.msg);
    counts m;
    count_grid(&m, d->cells, d->width, d->height, d->n_rooms);
    add_counts(f, &m);
    dg_dungeon_free(d);
}

static void expect_close(const char *setting_name, const char *what, double ours, double ref)
{
    double tol = 0.10 * ref;
    cr_log_info("%-14s %-16s ours %8.3f  reference %8.3f  (%+.1f%%)", setting_name, what, ours, ref,
                ref ? 100.0 * (ours - ref) / ref : 0.0);
    cr_expect(ours >= ref - tol && ours <= ref + tol, "%s: %s ours %.3f vs reference %.3f (over 10%%)",
              setting_name, what, ours, ref);
}

static bool have_oracle(void)
{
    return access(ORACLE, R_OK) == 0 && system("perl -e 1 >/dev/null 2>&1") == 0 &&
           system("perl -MJSON::PP -e 1 >/dev/null 2>&1") == 0;
}

/* ---- the stored figures (reference_figures.tsv) ---- */

typedef struct {
    char setting[24];
    unsigned seed;
    counts m;
} row;

static row *table;
static size_t n_table;

static void file_sha256(const char *path, char out[65])
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "sha256sum '%s'", path);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    int got = fscanf(p, "%64s", out);
    cr_assert_eq(pclose(p), 0, "%s failed", cmd);
    cr_assert_eq(got, 1, "%s printed no hash", cmd);
}

/* Reads the table once a process; fails, naming the command that remakes
 * it, when it is missing or was made from another version of the script. */
static void load_table(void)
{
    if (table) return;
    FILE *f = fopen(FIGURES, "r");
    cr_assert_not_null(f, "%s is missing; make it with: %s", FIGURES, REGENERATE);
    char want[65] = "", have[65], line[512];
    size_t cap = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "# oracle-sha256 %64s", want) == 1 || line[0] == '#' || line[0] == '\n') continue;
        if (n_table == cap) {
            cap = cap ? 2 * cap : 2048;
            table = realloc(table, cap * sizeof *table);
            cr_assert_not_null(table);
        }
        row *r = &table[n_table++];
        char *save = NULL, *tok = strtok_r(line, "\t\n", &save);
        cr_assert(tok && strlen(tok) < sizeof r->setting, "%s: bad line %zu", FIGURES, n_table);
        strcpy(r->setting, tok);
        tok = strtok_r(NULL, "\t\n", &save);
        cr_assert_not_null(tok, "%s: bad line for %s", FIGURES, r->setting);
        r->seed = (unsigned)strtoul(tok, NULL, 10);
        for (int k = 0; k < N_COUNTS; k++) {
            tok = strtok_r(NULL, "\t\n", &save);
            cr_assert_not_null(tok, "%s: %s seed %u has no %s", FIGURES, r->setting, r->seed, count_name(k));
            *count_field(&r->m, k) = strtol(tok, NULL, 10);
        }
    }
    fclose(f);
    file_sha256(ORACLE, have);
    cr_assert(strcmp(want, have) == 0,
              "the reference script changed: %s has sha256 %s, %s was made from %s; regenerate it: %s",
              ORACLE, have, FIGURES, want[0] ? want : "(no hash recorded)", REGENERATE);
}

/* The reference's counts for one seed from the table; every LIVE_EVERY-th
 * seed is also run through the script and must match them exactly. */
static void reference_counts(const setting *s, unsigned seed, counts *m)
{
    const row *r = NULL;
    for (size_t k = 0; k < n_table && !r; k++)
        if (table[k].seed == seed && strcmp(table[k].setting, s->name) == 0) r = &table[k];
    cr_assert_not_null(r, "%s has no seed %u of setting %s; regenerate it: %s", FIGURES, seed, s->name,
                       REGENERATE);
    *m = r->m;
    if (seed % LIVE_EVERY) return;
    counts live;
    oracle_map(s, seed, &live);
    for (int k = 0; k < N_COUNTS; k++)
        cr_assert_eq(*count_field(&live, k), *count_field(m, k),
                     "%s seed %u: the script gives %s %ld live, %s stores %ld; regenerate it: %s", s->name,
                     seed, count_name(k), *count_field(&live, k), FIGURES, *count_field(m, k), REGENERATE);
}

static void write_row(FILE *f, const setting *s, unsigned seed)
{
    counts m;
    oracle_map(s, seed, &m);
    fprintf(f, "%s\t%u", s->name, seed);
    for (int k = 0; k < N_COUNTS; k++) fprintf(f, "\t%ld", *count_field(&m, k));
    fputc('\n', f);
}

ParameterizedTestParameters(oracle, means_match_the_reference)
{
    static int idx[N_SETTINGS];
    for (size_t k = 0; k < N_SETTINGS; k++) idx[k] = (int)k;
    return cr_make_param_array(int, idx, N_SETTINGS);
}

ParameterizedTest(int *which, oracle, means_match_the_reference)
{
    if (!have_oracle()) cr_skip_test("no ../shared or perl: reference comparison skipped");
    load_table();
    const setting *s = &settings[*which];
    figures ours = {0}, ref = {0};
    const double n = s->seeds;
    for (unsigned seed = 1; seed <= s->seeds; seed++) {
        counts m;
        reference_counts(s, seed, &m);
        add_counts(&ref, &m);
        our_map(s, seed, &ours);
    }
    expect_close(s->name, "rooms", ours.rooms / n, ref.rooms / n);
    expect_close(s->name, "room area", ours.room_area / n, ref.room_area / n);
    expect_close(s->name, "corridor share", ours.corridor_share / n, ref.corridor_share / n);
    expect_close(s->name, "dead ends", ours.dead_ends / n, ref.dead_ends / n);
    expect_close(s->name, "stairs", ours.stairs / n, ref.stairs / n);
    double on = 0, rn = 0;
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++) {
        on += ours.doors[t];
        rn += ref.doors[t];
    }
    expect_close(s->name, "doors per map", on / n, rn / n);
    /* every setting uses the standard door set: each type's share of the
     * doors is held within 6 points of the reference's, so a type that
     * vanishes or doubles fails while the sampling noise of one setting's
     * 1,200 or more doors (about 2 points) does not; the pooled test below
     * holds each share to 10% over 5,000 doors */
    cr_assert(on > 0 && rn > 0, "%s: doors ours %.0f, reference %.0f", s->name, on, rn);
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++) {
        double so = ours.doors[t] / on, sr = ref.doors[t] / rn;
        const char *type = dg_door_type_name((dg_door_type)t);
        cr_log_info("%-14s share %-10s ours %.3f reference %.3f", s->name, type, so, sr);
        cr_expect(fabs(so - sr) <= 0.06, "%s: %s doors are %.1f%% of ours, %.1f%% of the reference's (over 6 points apart)",
                  s->name, type, 100 * so, 100 * sr);
    }
}

Test(oracle, door_type_mix_matches_the_reference, .timeout = 300)
{
    if (!have_oracle()) cr_skip_test("no ../shared or perl: reference comparison skipped");
    load_table();
    figures ours = {0}, ref = {0};
    /* the default setting at 45x23 over 400 seeds: ~5000 doors each side */
    for (unsigned seed = MIX_FIRST; seed <= MIX_LAST; seed++) {
        counts m;
        reference_counts(&settings[0], seed, &m);
        add_counts(&ref, &m);
        our_map(&settings[0], seed, &ours);
    }
    double on = 0, rn = 0;
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++) {
        on += ours.doors[t];
        rn += ref.doors[t];
    }
    for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
        expect_close("door mix", dg_door_type_name((dg_door_type)t), ours.doors[t] / on, ref.doors[t] / rn);
}

/* Writes the table to $DG_ORACLE_FIGURES from live runs of every seed the
 * two tests above read; tools/oracle_figures.sh runs it (about 90 s). */
Test(oracle, write_figures, .timeout = 900)
{
    const char *out = getenv("DG_ORACLE_FIGURES");
    if (!out) cr_skip_test("writes reference_figures.tsv for tools/oracle_figures.sh only");
    cr_assert(have_oracle(), "tools/oracle_figures.sh needs perl with JSON::PP and %s", ORACLE);
    char hash[65];
    file_sha256(ORACLE, hash);
    FILE *f = fopen(out, "w");
    cr_assert_not_null(f, "cannot write %s", out);
    fprintf(f, "# reference_figures.tsv -- per-seed counts of ../shared/oracle/donjon_oracle.pl's maps\n"
               "# (PERL_HASH_SEED=0, the settings of test_oracle.c), read by test_oracle, which\n"
               "# re-runs every %uth seed live. Made by: %s; do not edit.\n"
               "# oracle-sha256 %s\n#\tsetting\tseed",
            LIVE_EVERY, REGENERATE, hash);
    for (int k = 0; k < N_COUNTS; k++) fprintf(f, "\t%s", count_name(k));
    fputc('\n', f);
    for (size_t k = 0; k < N_SETTINGS; k++)
        for (unsigned seed = 1; seed <= settings[k].seeds; seed++) write_row(f, &settings[k], seed);
    for (unsigned seed = MIX_FIRST; seed <= MIX_LAST; seed++) write_row(f, &settings[0], seed);
    cr_assert_eq(fclose(f), 0, "cannot write %s", out);
}
