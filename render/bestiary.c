/* bestiary.c -- the creature kinds a dungeon's key names (every floor's
 * rooms and wandering monsters), once each and sorted by name, so that
 * the key can carry their SRD stat blocks and a GM needs no other book:
 * their ids (the name as a slug, what the JSON's encounters point at) and
 * each stat block as Markdown, which md.c's appendix and the Foundry
 * bundle's bestiary pages both print. The facts are core's
 * (dg_monster_statblock); this file only lays them out. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"

/* Marks e's kinds in seen; returns how many were new. */
static int add_encounter(const dg_encounter *e, bool *seen)
{
    int fresh = 0;
    for (int g = 0; g < e->n_groups && g < DG_ENC_MAX_GROUPS; g++) {
        int m = e->groups[g].monster;
        if (m >= 0 && m < DR__BESTIARY_IDS && dg_monster_info(m) && !seen[m]) {
            seen[m] = true;
            fresh++;
        }
    }
    return fresh;
}

void dr__bestiary_of_floors(const dg_dungeon *const *floors, size_t n_floors, dr__bestiary *b)
{
    bool seen[DR__BESTIARY_IDS] = {false};
    int kinds = 0; /* marked in seen: the scan below stops at the last (a map alone has none) */
    b->n = 0;
    for (size_t k = 0; k < n_floors; k++) {
        const dg_contents *c = floors[k] ? floors[k]->contents : NULL;
        if (!c) continue;
        for (size_t i = 0; i < c->n_rooms; i++) kinds += add_encounter(&c->rooms[i].encounter, seen);
        for (int i = 0; i < c->n_wandering && i < DG_WANDERING_ROWS; i++)
            kinds += add_encounter(&c->wandering[i].encounter, seen);
    }
    /* by name: insertion into the sorted list (a few dozen kinds at most) */
    for (int m = 0; m < DR__BESTIARY_IDS && b->n < DR__BESTIARY_MAX && b->n < kinds; m++) {
        if (!seen[m]) continue;
        const char *name = dg_monster_info(m)->name;
        int at = b->n;
        while (at > 0 && strcmp(dg_monster_info(b->monster[at - 1])->name, name) > 0) {
            b->monster[at] = b->monster[at - 1];
            at--;
        }
        b->monster[at] = m;
        b->n++;
    }
}

void dr__bestiary_of(const dg_dungeon *d, dr__bestiary *b)
{
    const dg_dungeon *floors[DG_MAX_FLOORS];
    size_t n = 0;
    for (const dg_dungeon *f = d; f && n < DG_MAX_FLOORS; f = f->below) floors[n++] = f;
    dr__bestiary_of_floors(floors, n, b);
}

void dr__bestiary_id(int monster, char *out, size_t cap)
{
    const dg_monster *m = dg_monster_info(monster);
    size_t n = 0;
    bool dash = false;
    if (!cap) return;
    for (const char *s = m ? m->name : ""; *s && n + 2 < cap; s++) {
        char c = *s;
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && n) out[n++] = '-';
            out[n++] = c;
            dash = false;
        } else {
            dash = true;
        }
    }
    out[n] = '\0';
}

/* "12 (+1)" */
static dg_status score(dg_buf *b, int s, dg_error *err)
{
    int mod = dg_ability_mod(s);
    return dg_buf_printf(b, err, "%d (%s%d)", s, mod >= 0 ? "+" : "", mod);
}

/* An entry's text: a paragraph per line, "- " lines (spell lists) as a
 * list, so that Markdown keeps the SRD's breaks. */
static dg_status entry_text(dg_buf *b, const char *name, const char *text, dg_error *err)
{
    dg_status rc = dg_buf_printf(b, err, "**%s.** ", name);
    bool list = false;
    for (const char *s = text; *s && rc == DG_OK;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        /* four SRD texts end "10 ft..": the abbreviation's stop is the sentence's */
        size_t keep = n > 2 && s[n - 1] == '.' && s[n - 2] == '.' && s[n - 3] != '.' ? n - 1 : n;
        /* 5.2.1 prints a spell list's empty rung ("- **At Will:**" with
         * nothing after it, Ice Mephit, Oni): no line for it */
        bool empty_item = n > 4 && s[0] == '-' && s[1] == ' ' && !strncmp(s + n - 3, ":**", 3);
        if (n && !empty_item) {
            bool item = n > 1 && s[0] == '-' && s[1] == ' ';
            if (list && !item) rc = dg_buf_puts(b, "\n", err);
            if (rc == DG_OK) rc = dg_buf_append(b, s, keep, err);
            if (rc == DG_OK) rc = dg_buf_puts(b, item ? "\n" : "\n\n", err);
            list = item;
        }
        s += n + (nl ? 1 : 0);
    }
    if (rc == DG_OK && list) rc = dg_buf_puts(b, "\n", err);
    return rc;
}

dg_status dr__key_statblock(dg_buf *b, int monster, const char *hashes, dg_error *err)
{
    const dg_monster *m = dg_monster_info(monster);
    const dg_statblock *sb = dg_monster_statblock(monster);
    if (!m || !sb) return DG_OK;
    dg_status rc = DG_OK;
#define P(...) (rc == DG_OK ? (void)(rc = dg_buf_printf(b, err, __VA_ARGS__)) : (void)0)
    if (hashes) P("%s %s\n\n", hashes, m->name);
    /* "Medium undead, any evil alignment": the SRD's line, its size capitalised */
    const char *size = dg_creature_size_name(m->size);
    P("*%c%s %s", size[0] - 'a' + 'A', size + 1, dg_creature_type_name(m->type));
    if (m->subtype[0]) P(" (%s)", m->subtype);
    P(", %s*\n\n", sb->alignment);
    P("- **Armor Class** %s\n", sb->armor);
    if (sb->has_initiative) /* 2024 stat blocks: "Initiative +3 (13)" */
        P("- **Initiative** %s%d (%d)\n", sb->initiative >= 0 ? "+" : "", sb->initiative, 10 + sb->initiative);
    P("- **Hit Points** %d (%s)\n", m->hp, sb->hit_dice);
    P("- **Speed** %s\n\n", sb->speed[0] ? sb->speed : "0 ft.");
    P("| STR | DEX | CON | INT | WIS | CHA |\n|---|---|---|---|---|---|\n|");
    for (int a = 0; a < 6 && rc == DG_OK; a++) {
        P(" ");
        if (rc == DG_OK) rc = score(b, sb->scores[a], err);
        P(" |");
    }
    P("\n\n");
    static const struct { const char *label; size_t off; } lines[] = {
        {"Saving Throws", offsetof(dg_statblock, saves)},
        {"Skills", offsetof(dg_statblock, skills)},
        {"Damage Vulnerabilities", offsetof(dg_statblock, vulnerabilities)},
        {"Damage Resistances", offsetof(dg_statblock, resistances)},
        {"Damage Immunities", offsetof(dg_statblock, immunities)},
        {"Condition Immunities", offsetof(dg_statblock, condition_immunities)},
        {"Gear", offsetof(dg_statblock, gear)},  /* 2024 only; "" (unprinted) in 5.1 */
        {"Senses", offsetof(dg_statblock, senses)},
    };
    for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
        const char *v = *(const char *const *)((const char *)sb + lines[k].off);
        if (v[0]) P("- **%s** %s\n", lines[k].label, v);
    }
    P("- **Languages** %s\n", sb->languages[0] ? sb->languages : "\xe2\x80\x94");
    P("- **Challenge** %s (%d XP); **Proficiency Bonus** +%d\n\n", m->cr, m->xp, sb->proficiency);
    for (int s = 0; s < DG_SB_SECTIONS && rc == DG_OK; s++) {
        int n;
        const dg_statblock_entry *e = dg_statblock_section(sb, s, &n);
        if (n && s != DG_SB_TRAITS) P("%s%s %s\n\n", hashes ? hashes : "##", "#", dg_statblock_section_name(s));
        for (int k = 0; k < n && rc == DG_OK; k++) rc = entry_text(b, e[k].name, e[k].text, err);
    }
#undef P
    return rc;
}
