/* treasure_tables.h -- the Dungeon Master's Guide's (2014) treasure tables
 * as data (treasure_tables.c): Individual Treasure and Treasure Hoard, one
 * table per challenge band. stock_treasure.c rolls on them. Internal to
 * stock/. */
#ifndef DG_TREASURE_TABLES_H
#define DG_TREASURE_TABLES_H

#include "stock_int.h"

typedef struct { int n, die, times; } dg__die_roll; /* n d die x times; n 0: none */

/* A d100 row (up to `upto`) of Individual Treasure: the coins, cp sp ep gp pp. */
typedef struct { int upto; dg__die_roll coins[DG_COIN_COUNT]; } dg__indiv_row;

/* A d100 row (up to `upto`) of a Treasure Hoard table: gems or art objects
 * of one value and their count, and up to two magic item tables ('A'..'I')
 * with how many rolls on each. */
typedef struct {
    int upto;
    int gem_gp, art_gp;      /* the one that is nonzero says which */
    dg__die_roll count;
    char table[2];           /* 0: none */
    dg__die_roll rolls[2];
} dg__hoard_row;

typedef struct { const dg__indiv_row *rows; int n; } dg__indiv_table;
typedef struct { const dg__hoard_row *rows; int n; } dg__hoard_table;

/* by challenge band (0-4, 5-10, 11-16, 17 and up) */
extern const dg__indiv_table dg__indiv[DG_TREASURE_BANDS];
extern const dg__hoard_table dg__hoards[DG_TREASURE_BANDS];
/* the coins every hoard of the band has (cp sp ep gp pp) */
extern const dg__die_roll dg__hoard_coins[DG_TREASURE_BANDS][DG_COIN_COUNT];

#endif
