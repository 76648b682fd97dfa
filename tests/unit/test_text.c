/* test_text.c -- the text dump: shape (one character per cell, "\n" after
 * every row), the frozen legend, and a round trip of the character counts
 * against the cell words. */
#include <criterion/criterion.h>

#include "enc_fixture.h"

static dg_dungeon *d;
static dg_buf out;
static void setup(void)
{
    d = fx_new();
    dg_buf_init(&out);
    cr_assert_eq(dg_text_encode(d, &out, NULL), DG_OK);
}
static void teardown(void)
{
    dg_buf_fini(&out);
    fx_free(d);
}
TestSuite(text, .init = setup, .fini = teardown);

static char at(int x, int y) { return (char)out.data[y * (FX_W + 1) + x]; }

Test(text, one_character_per_cell_and_a_newline_per_row)
{
    cr_assert_eq(out.len, (size_t)(FX_W + 1) * FX_H);
    for (int y = 0; y < FX_H; y++) cr_assert_eq(at(FX_W, y), '\n', "row %d", y);
    for (size_t i = 0; i < out.len; i++) cr_assert_neq(out.data[i], ' ', "no spaces");
}

Test(text, legend_is_the_documented_one)
{
    cr_assert_eq(at(0, 0), '#');  /* rock */
    cr_assert_eq(at(0, 1), '#');  /* room 1's wall */
    cr_assert_eq(at(1, 1), '.');
    cr_assert_eq(at(2, 2), '.');  /* a labelled room cell is still floor */
    cr_assert_eq(at(5, 2), ',');
    cr_assert_eq(at(4, 2), '\'');
    cr_assert_eq(at(6, 2), 'S');
    cr_assert_eq(at(9, 4), 'T');
    cr_assert_eq(at(4, 8), 'P');
    cr_assert_eq(at(8, 8), 'L');
    cr_assert_eq(at(6, 10), '+');
    cr_assert_eq(at(1, 7), '>');
    cr_assert_eq(at(13, 7), '<');
}

/* Counting each character gives back what the cells hold. */
Test(text, character_counts_match_the_cells)
{
    size_t want[256] = {0}, got[256] = {0};
    for (int y = 0; y < FX_H; y++)
        for (int x = 0; x < FX_W; x++) {
            uint32_t c = dg_cell(d, x, y);
            unsigned char g = c == 0 || c == DG_PERIMETER ? '#'
                            : c == (DG_CORRIDOR | DG_STAIR_DN) ? '>'
                            : c == (DG_CORRIDOR | DG_STAIR_UP) ? '<'
                            : c == DG_CORRIDOR ? ','
                            : (c & DG_ROOM) ? '.' : 0;
            for (int t = 0; t < DG_DOOR_TYPE_COUNT; t++)
                if (c == (DG_CORRIDOR | dg_door_type_bit((dg_door_type)t))) g = "'+LTSP"[t];
            cr_assert_neq(g, 0, "fixture word %u", c);
            want[g]++;
        }
    for (size_t i = 0; i < out.len; i++) got[out.data[i]]++;
    got['\n'] = 0;
    for (int ch = 0; ch < 256; ch++) cr_assert_eq(got[ch], want[ch], "'%c'", ch);
    cr_assert_eq(got['.'], 3u * 3 + 5 * 3 + 3 * 3 + 3 * 3);
}

Test(text, a_broken_word_shows_as_a_question_mark)
{
    fx_set(d, 0, 0, DG_BLOCKED);
    dg_buf_reset(&out);
    cr_assert_eq(dg_text_encode(d, &out, NULL), DG_OK);
    cr_assert_eq(at(0, 0), '?');
}

/* view=player: the secret door is the rock it passes for and the trap a
 * plain door; every other character is the gm dump's. */
Test(text, player_view_hides_the_secret_door_and_the_trap)
{
    d->opts.view = DG_VIEW_PLAYER;
    dg_buf player;
    dg_buf_init(&player);
    cr_assert_eq(dg_text_encode(d, &player, NULL), DG_OK);
    cr_assert_eq(player.len, out.len);
    size_t changed = 0;
    for (size_t i = 0; i < out.len; i++) {
        if (player.data[i] == out.data[i]) continue;
        changed++;
        cr_assert(out.data[i] == 'S' || out.data[i] == 'T', "'%c' changed", out.data[i]);
        cr_assert_eq(player.data[i], out.data[i] == 'S' ? '#' : '+');
    }
    cr_assert_eq(changed, 2u);
    dg_buf_fini(&player);
}
