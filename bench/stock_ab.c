/* stock_ab.c -- two builds' stocking of the same maps, side by side in one
 * process: each 45x23 donjon map is made once and stocked by both (the old
 * build's symbols renamed old_*, tools/stock-ab.sh), which goes first
 * alternating map by map, each stocking timed alone. This VM's speed
 * drifts by a fifth over minutes and the same binary run twice differs by
 * up to 10%; two stockings a map apart meet the same drift, so a change of
 * a few percent shows (bench_generate's figure cannot tell it). Prints
 * each round's us a stocking of both and the best of each; asserts
 * nothing. Both stockings' code share the caches, so a map is stocked a
 * little slower than in bench_generate.
 *   stock_ab [maps] [rounds] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dg_contents.h"

dg_status old_dg_contents_stock(const dg_dungeon *d, const dg_stock_params *p, dg_contents **out, dg_error *err);
void old_dg_contents_free(dg_contents *c);

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv)
{
    int maps = argc > 1 ? atoi(argv[1]) : 3000, rounds = argc > 2 ? atoi(argv[2]) : 12;
    if (maps < 1 || rounds < 1) return 2;
    dg_options o;
    dg_error e = {0};
    dg_options_init(&o);
    if (dg_options_set(&o, "rows", "23", NULL, &e) != DG_OK || dg_options_set(&o, "cols", "45", NULL, &e) != DG_OK ||
        dg_options_set(&o, "contents", "none", NULL, &e) != DG_OK || dg_options_finish(&o, NULL, &e) != DG_OK)
        return 1;
    double best_old = 1e18, best_new = 1e18;
    int wins = 0;
    for (int r = 0; r < rounds; r++) {
        double t_old = 0, t_new = 0;
        for (int k = 0; k < maps; k++) {
            dg_options_set_seed(&o, (uint64_t)k + 1);
            dg_dungeon *d = NULL;
            if (dg_map_generate(&o, &d, &e) != DG_OK) return 1;
            /* bench_generate's spread of levels and parties */
            dg_stock_params p;
            dg_stock_params_init(&p, (uint64_t)k + 1);
            p.level = 1 + k % 20;
            p.party = 1 + (k / 20) % 8;
            for (int pass = 0; pass < 2; pass++) {
                bool old = (pass == 0) == ((k + r) % 2 == 0);
                dg_contents *c = NULL;
                double t0 = now_ns();
                dg_status rc = old ? old_dg_contents_stock(d, &p, &c, &e) : dg_contents_stock(d, &p, &c, &e);
                if (old) old_dg_contents_free(c);
                else dg_contents_free(c);
                double t = now_ns() - t0;
                if (rc != DG_OK) return 1;
                *(old ? &t_old : &t_new) += t;
            }
            dg_dungeon_free(d);
        }
        t_old /= maps;
        t_new /= maps;
        if (t_old < best_old) best_old = t_old;
        if (t_new < best_new) best_new = t_new;
        wins += t_new < t_old;
        printf("round %2d: old %.2f us, new %.2f us (%+.1f%%)\n", r + 1, t_old / 1e3, t_new / 1e3,
               100 * (t_new - t_old) / t_old);
    }
    printf("best of %d rounds x %d maps: old %.2f us, new %.2f us a stocking (%+.1f%%); new faster in %d of %d rounds\n",
           rounds, maps, best_old / 1e3, best_new / 1e3, 100 * (best_new - best_old) / best_old, wins, rounds);
    return 0;
}
