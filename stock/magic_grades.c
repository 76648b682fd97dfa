/* magic_grades.c -- what a "varies" magic item is when it is found. SRD 5.1
 * lists a spell scroll, a potion of healing, a +1/+2/+3 weapon and a few
 * more as one entry of rarity "varies"; a key that reads "Weapon, +1, +2,
 * or +3 (varies)" leaves the GM to decide what the party holds. Each entry
 * below is one grade of such an item and the rarity the SRD and the DMG
 * give it (scrolls by spell level: cantrip and 1st common, 2nd-3rd
 * uncommon, 4th-5th rare, 6th-8th very rare, 9th legendary; healing
 * potions greater, superior, supreme; +1 weapons uncommon, +1 armor rare).
 * Stocking draws a grade among those of the rarity a table asks for; an
 * item with no grade at that rarity is not in that table's pool. */
#include "stock_int.h"

#include <string.h>

typedef struct {
    const char *item;        /* the SRD 5.1 entry's name */
    dg_rarity rarity;
    const char *label;       /* the item as found */
} item_grade;

#define C DG_RARITY_COMMON
#define U DG_RARITY_UNCOMMON
#define R DG_RARITY_RARE
#define V DG_RARITY_VERY_RARE
#define L DG_RARITY_LEGENDARY
static const item_grade grades[] = {
    {"Spell Scroll", C, "Spell Scroll, cantrip"},
    {"Spell Scroll", C, "Spell Scroll, 1st level"},
    {"Spell Scroll", U, "Spell Scroll, 2nd level"},
    {"Spell Scroll", U, "Spell Scroll, 3rd level"},
    {"Spell Scroll", R, "Spell Scroll, 4th level"},
    {"Spell Scroll", R, "Spell Scroll, 5th level"},
    {"Spell Scroll", V, "Spell Scroll, 6th level"},
    {"Spell Scroll", V, "Spell Scroll, 7th level"},
    {"Spell Scroll", V, "Spell Scroll, 8th level"},
    {"Spell Scroll", L, "Spell Scroll, 9th level"},
    {"Potion of Healing", C, "Potion of Healing"},
    {"Potion of Healing", U, "Potion of Greater Healing"},
    {"Potion of Healing", R, "Potion of Superior Healing"},
    {"Potion of Healing", V, "Potion of Supreme Healing"},
    /* SRD 5.2.1's names for the same (rules=2024); its Feather Token has
     * no grades here and so never turns up */
    {"Potions of Healing", C, "Potion of Healing"},
    {"Potions of Healing", U, "Potion of Greater Healing"},
    {"Potions of Healing", R, "Potion of Superior Healing"},
    {"Potions of Healing", V, "Potion of Supreme Healing"},
    {"Shield, +1, +2, or +3", U, "Shield, +1"},
    {"Shield, +1, +2, or +3", R, "Shield, +2"},
    {"Shield, +1, +2, or +3", V, "Shield, +3"},
    {"Weapon, +1, +2, or +3", U, "Weapon, +1"},
    {"Weapon, +1, +2, or +3", R, "Weapon, +2"},
    {"Weapon, +1, +2, or +3", V, "Weapon, +3"},
    {"Ammunition, +1, +2, or +3", U, "Ammunition, +1"},
    {"Ammunition, +1, +2, or +3", R, "Ammunition, +2"},
    {"Ammunition, +1, +2, or +3", V, "Ammunition, +3"},
    {"Armor, +1, +2, or +3", R, "Armor, +1"},
    {"Armor, +1, +2, or +3", V, "Armor, +2"},
    {"Armor, +1, +2, or +3", L, "Armor, +3"},
    {"Wand of the War Mage, +1, +2, or +3", U, "Wand of the War Mage, +1"},
    {"Wand of the War Mage, +1, +2, or +3", R, "Wand of the War Mage, +2"},
    {"Wand of the War Mage, +1, +2, or +3", V, "Wand of the War Mage, +3"},
    {"Potion of Giant Strength", U, "Potion of Hill Giant Strength"},
    {"Potion of Giant Strength", R, "Potion of Frost Giant Strength"},
    {"Potion of Giant Strength", R, "Potion of Stone Giant Strength"},
    {"Potion of Giant Strength", R, "Potion of Fire Giant Strength"},
    {"Potion of Giant Strength", V, "Potion of Cloud Giant Strength"},
    {"Potion of Giant Strength", L, "Potion of Storm Giant Strength"},
    {"Belt of Giant Strength", R, "Belt of Hill Giant Strength"},
    {"Belt of Giant Strength", V, "Belt of Stone Giant Strength"},
    {"Belt of Giant Strength", V, "Belt of Frost Giant Strength"},
    {"Belt of Giant Strength", V, "Belt of Fire Giant Strength"},
    {"Belt of Giant Strength", L, "Belt of Cloud Giant Strength"},
    {"Belt of Giant Strength", L, "Belt of Storm Giant Strength"},
    {"Horn of Valhalla", R, "Horn of Valhalla, silver"},
    {"Horn of Valhalla", R, "Horn of Valhalla, brass"},
    {"Horn of Valhalla", V, "Horn of Valhalla, bronze"},
    {"Horn of Valhalla", L, "Horn of Valhalla, iron"},
    {"Figurine of Wondrous Power", U, "Figurine of Wondrous Power, silver raven"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, bronze griffon"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, ebony fly"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, golden lions"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, ivory goats"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, marble elephant"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, onyx dog"},
    {"Figurine of Wondrous Power", R, "Figurine of Wondrous Power, serpentine owl"},
    {"Figurine of Wondrous Power", V, "Figurine of Wondrous Power, obsidian steed"},
    {"Ioun Stone", R, "Ioun Stone of Awareness"},
    {"Ioun Stone", R, "Ioun Stone of Protection"},
    {"Ioun Stone", R, "Ioun Stone of Reserve"},
    {"Ioun Stone", R, "Ioun Stone of Sustenance"},
    {"Ioun Stone", V, "Ioun Stone of Absorption"},
    {"Ioun Stone", V, "Ioun Stone of Agility"},
    {"Ioun Stone", V, "Ioun Stone of Fortitude"},
    {"Ioun Stone", V, "Ioun Stone of Insight"},
    {"Ioun Stone", V, "Ioun Stone of Intellect"},
    {"Ioun Stone", V, "Ioun Stone of Leadership"},
    {"Ioun Stone", V, "Ioun Stone of Strength"},
    {"Ioun Stone", L, "Ioun Stone of Greater Absorption"},
    {"Ioun Stone", L, "Ioun Stone of Mastery"},
    {"Ioun Stone", L, "Ioun Stone of Regeneration"},
};
#undef C
#undef U
#undef R
#undef V
#undef L

/* Whether grade g is one of the item named `name` (the item's SRD name,
 * looked up once by the caller): the first letters first, as every
 * treasure pool asks this of each "varies" item against every grade. */
static bool of_item(const item_grade *g, const char *name) { return g->item[0] == name[0] && strcmp(g->item, name) == 0; }

int dg__item_grades_at(int item, dg_rarity rarity)
{
    const char *name = dg_magic_item_info(item)->name;
    int n = 0;
    for (size_t k = 0; k < DG_COUNT(grades); k++) n += grades[k].rarity == rarity && of_item(&grades[k], name);
    return n;
}

void dg__items_graded_at(dg_rarity rarity, dg__graded *out)
{
    out->n = 0;
    out->rarity = rarity;
    out->overflow = false;
    for (size_t k = 0; k < DG_COUNT(grades); k++) {
        if (grades[k].rarity != rarity) continue;
        /* an item's grades stand together: one name a run */
        const char *last = out->n ? out->name[out->n - 1] : NULL;
        if (last && (last == grades[k].item || strcmp(last, grades[k].item) == 0)) continue;
        if (out->n < DG__GRADED_MAX) out->name[out->n++] = grades[k].item;
        else out->overflow = true;
    }
}

bool dg__graded_has(const dg__graded *g, int item)
{
    if (g->overflow) return dg__item_grades_at(item, g->rarity) > 0;
    const char *name = dg_magic_item_info(item)->name;
    for (int j = 0; j < g->n; j++)
        if (g->name[j][0] == name[0] && strcmp(g->name[j], name) == 0) return true;
    return false;
}

int dg__item_grade_pick(dg_rng *r, int item, dg_rarity rarity)
{
    /* the item's grades of the rarity listed in one walk of the table,
     * the draw among them (a count, then a second walk to the one drawn,
     * read the table twice) */
    const char *name = dg_magic_item_info(item)->name;
    int at[DG_COUNT(grades)], n = 0;
    for (size_t k = 0; k < DG_COUNT(grades); k++)
        if (grades[k].rarity == rarity && of_item(&grades[k], name)) at[n++] = (int)k;
    return n ? at[dg__rng_below(r, (uint32_t)n)] : -1;
}

int dg__item_grade_of(int item, const char *label)
{
    const char *name = dg_magic_item_info(item)->name;
    for (size_t k = 0; k < DG_COUNT(grades); k++)
        if (strcmp(grades[k].label, label) == 0 && of_item(&grades[k], name)) return (int)k;
    return -1;
}

const char *dg_magic_item_found_name(int item, int grade)
{
    if (grade >= 0 && (size_t)grade < DG_COUNT(grades)) return grades[grade].label;
    const dg_magic_item *m = dg_magic_item_info(item);
    return m ? m->name : NULL;
}

dg_rarity dg_magic_item_found_rarity(int item, int grade)
{
    if (grade >= 0 && (size_t)grade < DG_COUNT(grades)) return grades[grade].rarity;
    const dg_magic_item *m = dg_magic_item_info(item);
    return m ? m->rarity : DG_RARITY_VARIES;
}
