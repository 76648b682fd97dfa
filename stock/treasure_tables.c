/* treasure_tables.c -- the Dungeon Master's Guide (2014), chapter 7, typed
 * in: Individual Treasure and the Treasure Hoard tables, one per challenge
 * band (treasure_tables.h says what a row holds). Facts only; the rolling
 * is stock_treasure.c's. */
#include "treasure_tables.h"

#define D(n, die, times) {n, die, times}
#define NONE {0, 0, 0}

/* ------------------------------------------------------------ tables */

/* DMG 2014, chapter 7, "Individual Treasure" (one table per challenge
 * band). */
static const dg__indiv_row indiv_0_4[] = {
    {30, {D(5, 6, 1), NONE, NONE, NONE, NONE}},
    {60, {NONE, D(4, 6, 1), NONE, NONE, NONE}},
    {70, {NONE, NONE, D(3, 6, 1), NONE, NONE}},
    {95, {NONE, NONE, NONE, D(3, 6, 1), NONE}},
    {100, {NONE, NONE, NONE, NONE, D(1, 6, 1)}},
};
static const dg__indiv_row indiv_5_10[] = {
    {30, {D(4, 6, 100), NONE, D(1, 6, 10), NONE, NONE}},
    {60, {NONE, D(6, 6, 10), NONE, D(2, 6, 10), NONE}},
    {70, {NONE, NONE, D(3, 6, 10), D(2, 6, 10), NONE}},
    {95, {NONE, NONE, NONE, D(4, 6, 10), NONE}},
    {100, {NONE, NONE, NONE, D(2, 6, 10), D(3, 6, 1)}},
};
static const dg__indiv_row indiv_11_16[] = {
    {20, {NONE, D(4, 6, 100), NONE, D(1, 6, 100), NONE}},
    {35, {NONE, NONE, D(1, 6, 100), D(1, 6, 100), NONE}},
    {75, {NONE, NONE, NONE, D(2, 6, 100), D(1, 6, 10)}},
    {100, {NONE, NONE, NONE, D(2, 6, 100), D(2, 6, 10)}},
};
static const dg__indiv_row indiv_17_up[] = {
    {15, {NONE, NONE, D(2, 6, 1000), D(8, 6, 100), NONE}},
    {55, {NONE, NONE, NONE, D(1, 6, 1000), D(1, 6, 100)}},
    {100, {NONE, NONE, NONE, D(1, 6, 1000), D(2, 6, 100)}},
};
const dg__indiv_table dg__indiv[DG_TREASURE_BANDS] = {
    {indiv_0_4, DG_COUNT(indiv_0_4)}, {indiv_5_10, DG_COUNT(indiv_5_10)},
    {indiv_11_16, DG_COUNT(indiv_11_16)}, {indiv_17_up, DG_COUNT(indiv_17_up)},
};

/* DMG 2014, chapter 7, "Treasure Hoard" tables: the coins every hoard of
 * the band has (cp sp ep gp pp), then a d100 row (up to `upto`) naming gems
 * or art objects of one value and their count, and up to two magic item
 * tables ('A'..'I') with how many rolls on each. */
const dg__die_roll dg__hoard_coins[DG_TREASURE_BANDS][DG_COIN_COUNT] = {
    {D(6, 6, 100), D(3, 6, 100), NONE, D(2, 6, 10), NONE},
    {D(2, 6, 100), D(2, 6, 1000), NONE, D(6, 6, 100), D(3, 6, 10)},
    {NONE, NONE, NONE, D(4, 6, 1000), D(5, 6, 100)},
    {NONE, NONE, NONE, D(12, 6, 1000), D(8, 6, 1000)},
};
#define NO_VALUABLES 0, 0, NONE
#define GEMS(v, n, die) v, 0, D(n, die, 1)
#define ART(v, n, die) 0, v, D(n, die, 1)
#define NO_ITEMS {0, 0}, {NONE, NONE}
#define ITEMS(t, n, die) {t, 0}, {D(n, die, 1), NONE}
#define ITEMS2(t, n, die, u, m, mdie) {t, u}, {D(n, die, 1), D(m, mdie, 1)}
static const dg__hoard_row hoard_0_4[] = {
    {6, NO_VALUABLES, NO_ITEMS},
    {16, GEMS(10, 2, 6), NO_ITEMS},
    {26, ART(25, 2, 4), NO_ITEMS},
    {36, GEMS(50, 2, 6), NO_ITEMS},
    {44, GEMS(10, 2, 6), ITEMS('A', 1, 6)},
    {52, ART(25, 2, 4), ITEMS('A', 1, 6)},
    {60, GEMS(50, 2, 6), ITEMS('A', 1, 6)},
    {65, GEMS(10, 2, 6), ITEMS('B', 1, 4)},
    {70, ART(25, 2, 4), ITEMS('B', 1, 4)},
    {75, GEMS(50, 2, 6), ITEMS('B', 1, 4)},
    {78, GEMS(10, 2, 6), ITEMS('C', 1, 4)},
    {80, ART(25, 2, 4), ITEMS('C', 1, 4)},
    {85, GEMS(50, 2, 6), ITEMS('C', 1, 4)},
    {92, ART(25, 2, 4), ITEMS('F', 1, 4)},
    {97, GEMS(50, 2, 6), ITEMS('F', 1, 4)},
    {99, ART(25, 2, 4), ITEMS('G', 1, 1)},
    {100, GEMS(50, 2, 6), ITEMS('G', 1, 1)},
};
static const dg__hoard_row hoard_5_10[] = {
    {4, NO_VALUABLES, NO_ITEMS},
    {10, ART(25, 2, 4), NO_ITEMS},
    {16, GEMS(50, 3, 6), NO_ITEMS},
    {22, GEMS(100, 3, 6), NO_ITEMS},
    {28, ART(250, 2, 4), NO_ITEMS},
    {32, ART(25, 2, 4), ITEMS('A', 1, 6)},
    {36, GEMS(50, 3, 6), ITEMS('A', 1, 6)},
    {40, GEMS(100, 3, 6), ITEMS('A', 1, 6)},
    {44, ART(250, 2, 4), ITEMS('A', 1, 6)},
    {49, ART(25, 2, 4), ITEMS('B', 1, 4)},
    {54, GEMS(50, 3, 6), ITEMS('B', 1, 4)},
    {59, GEMS(100, 3, 6), ITEMS('B', 1, 4)},
    {63, ART(250, 2, 4), ITEMS('B', 1, 4)},
    {66, ART(25, 2, 4), ITEMS('C', 1, 4)},
    {69, GEMS(50, 3, 6), ITEMS('C', 1, 4)},
    {72, GEMS(100, 3, 6), ITEMS('C', 1, 4)},
    {74, ART(250, 2, 4), ITEMS('C', 1, 4)},
    {76, ART(25, 2, 4), ITEMS('D', 1, 1)},
    {78, GEMS(50, 3, 6), ITEMS('D', 1, 1)},
    {79, GEMS(100, 3, 6), ITEMS('D', 1, 1)},
    {80, ART(250, 2, 4), ITEMS('D', 1, 1)},
    {84, ART(25, 2, 4), ITEMS('F', 1, 4)},
    {88, GEMS(50, 3, 6), ITEMS('F', 1, 4)},
    {91, GEMS(100, 3, 6), ITEMS('F', 1, 4)},
    {94, ART(250, 2, 4), ITEMS('F', 1, 4)},
    {96, GEMS(100, 3, 6), ITEMS('G', 1, 4)},
    {98, ART(250, 2, 4), ITEMS('G', 1, 6)},
    {99, GEMS(100, 3, 6), ITEMS('H', 1, 1)},
    {100, ART(250, 2, 4), ITEMS('H', 1, 1)},
};
static const dg__hoard_row hoard_11_16[] = {
    {3, NO_VALUABLES, NO_ITEMS},
    {6, ART(250, 2, 4), NO_ITEMS},
    {9, ART(750, 2, 4), NO_ITEMS},
    {12, GEMS(500, 3, 6), NO_ITEMS},
    {15, GEMS(1000, 3, 6), NO_ITEMS},
    {19, ART(250, 2, 4), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {23, ART(750, 2, 4), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {26, GEMS(500, 3, 6), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {29, GEMS(1000, 3, 6), ITEMS2('A', 1, 4, 'B', 1, 6)},
    {35, ART(250, 2, 4), ITEMS('C', 1, 6)},
    {40, ART(750, 2, 4), ITEMS('C', 1, 6)},
    {45, GEMS(500, 3, 6), ITEMS('C', 1, 6)},
    {50, GEMS(1000, 3, 6), ITEMS('C', 1, 6)},
    {54, ART(250, 2, 4), ITEMS('D', 1, 4)},
    {58, ART(750, 2, 4), ITEMS('D', 1, 4)},
    {62, GEMS(500, 3, 6), ITEMS('D', 1, 4)},
    {66, GEMS(1000, 3, 6), ITEMS('D', 1, 4)},
    {68, ART(250, 2, 4), ITEMS('E', 1, 1)},
    {70, ART(750, 2, 4), ITEMS('E', 1, 1)},
    {72, GEMS(500, 3, 6), ITEMS('E', 1, 1)},
    {74, GEMS(1000, 3, 6), ITEMS('E', 1, 1)},
    {76, ART(250, 2, 4), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {78, ART(750, 2, 4), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {80, GEMS(500, 3, 6), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {82, GEMS(1000, 3, 6), ITEMS2('F', 1, 1, 'G', 1, 4)},
    {85, ART(250, 2, 4), ITEMS('H', 1, 4)},
    {88, ART(750, 2, 4), ITEMS('H', 1, 4)},
    {90, GEMS(500, 3, 6), ITEMS('H', 1, 4)},
    {92, GEMS(1000, 3, 6), ITEMS('H', 1, 4)},
    {94, ART(250, 2, 4), ITEMS('I', 1, 1)},
    {96, ART(750, 2, 4), ITEMS('I', 1, 1)},
    {98, GEMS(500, 3, 6), ITEMS('I', 1, 1)},
    {100, GEMS(1000, 3, 6), ITEMS('I', 1, 1)},
};
static const dg__hoard_row hoard_17_up[] = {
    {2, NO_VALUABLES, NO_ITEMS},
    {5, GEMS(1000, 3, 6), ITEMS('C', 1, 8)},
    {8, ART(2500, 1, 10), ITEMS('C', 1, 8)},
    {11, ART(7500, 1, 4), ITEMS('C', 1, 8)},
    {14, GEMS(5000, 1, 8), ITEMS('C', 1, 8)},
    {22, GEMS(1000, 3, 6), ITEMS('D', 1, 6)},
    {30, ART(2500, 1, 10), ITEMS('D', 1, 6)},
    {38, ART(7500, 1, 4), ITEMS('D', 1, 6)},
    {46, GEMS(5000, 1, 8), ITEMS('D', 1, 6)},
    {52, GEMS(1000, 3, 6), ITEMS('E', 1, 6)},
    {58, ART(2500, 1, 10), ITEMS('E', 1, 6)},
    {63, ART(7500, 1, 4), ITEMS('E', 1, 6)},
    {68, GEMS(5000, 1, 8), ITEMS('E', 1, 6)},
    {69, GEMS(1000, 3, 6), ITEMS('G', 1, 4)},
    {70, ART(2500, 1, 10), ITEMS('G', 1, 4)},
    {71, ART(7500, 1, 4), ITEMS('G', 1, 4)},
    {72, GEMS(5000, 1, 8), ITEMS('G', 1, 4)},
    {74, GEMS(1000, 3, 6), ITEMS('H', 1, 4)},
    {76, ART(2500, 1, 10), ITEMS('H', 1, 4)},
    {78, ART(7500, 1, 4), ITEMS('H', 1, 4)},
    {80, GEMS(5000, 1, 8), ITEMS('H', 1, 4)},
    {85, GEMS(1000, 3, 6), ITEMS('I', 1, 4)},
    {90, ART(2500, 1, 10), ITEMS('I', 1, 4)},
    {95, ART(7500, 1, 4), ITEMS('I', 1, 4)},
    {100, GEMS(5000, 1, 8), ITEMS('I', 1, 4)},
};
const dg__hoard_table dg__hoards[DG_TREASURE_BANDS] = {
    {hoard_0_4, DG_COUNT(hoard_0_4)}, {hoard_5_10, DG_COUNT(hoard_5_10)},
    {hoard_11_16, DG_COUNT(hoard_11_16)}, {hoard_17_up, DG_COUNT(hoard_17_up)},
};
