/* sense_prose.h -- how the key's words read, for test_stock_sense.c: no
 * "..", no "a" before a vowel sound, no phrase of the key's lists twice in
 * one sentence, and no two things a read-aloud's "You see" list names
 * echoing each other. Rules written here, not read from the product. */
#ifndef DG_TEST_SENSE_PROSE_H
#define DG_TEST_SENSE_PROSE_H

#include <criterion/criterion.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "dg_contents.h"

/* What the read-aloud's "You see ..." lists, split at its commas and
 * "and"s, never says one thing twice: no word of four letters or more
 * (a few words of prose aside) begins alike in two of its items ("shelves
 * of empty jars" and "a shelf"; "rows of narrow stone beds" and "a narrow
 * bed frame"). */
static inline void check_seen_once(const char *aloud, const char *where)
{
    const char *at = strstr(aloud, "You see ");
    if (!at) return;
    at += 8;
    const char *end = strstr(at, ". ");
    size_t len = end ? (size_t)(end - at) : strlen(at);
    char list[512], items[12][512];
    snprintf(list, sizeof list, "%.*s", (int)len, at);
    int n = 0;
    for (char *p = list; *p && n < 12;) {
        char *cut = NULL, *c;
        size_t skip = 0;
        if ((c = strstr(p, ", and ")) && (!cut || c < cut)) cut = c, skip = 6;
        if ((c = strstr(p, ", ")) && (!cut || c < cut)) cut = c, skip = 2;
        if ((c = strstr(p, " and ")) && (!cut || c < cut)) cut = c, skip = 5;
        if (cut) *cut = '\0';
        snprintf(items[n++], sizeof items[0], "%s", p);
        if (!cut) break;
        p = cut + skip;
    }
    static const char *const prose[] = {"with", "from", "into", "over", "half", "every", "wall", "walls", "floor",
                                        "stone", "stones", "iron", "wooden", "against", "along", "across", "their", "there",
                                        "that", "this", "under", "some", "long", "through",
                                        /* counts: "three swords" and "three oily pools" say no one thing twice */
                                        "three", "four", "five", "seven", "eight"};
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            char a[512];
            snprintf(a, sizeof a, "%s", items[i]);
            char *save = NULL;
            for (char *w = strtok_r(a, " -'.", &save); w; w = strtok_r(NULL, " -'.", &save)) {
                if (strlen(w) < 4) continue;
                bool common = false;
                for (size_t k = 0; k < sizeof prose / sizeof *prose; k++) common |= !strcmp(w, prose[k]);
                if (common) continue;
                char b[512], *save2 = NULL;
                snprintf(b, sizeof b, "%s", items[j]);
                for (char *v = strtok_r(b, " -'.", &save2); v; v = strtok_r(NULL, " -'.", &save2)) {
                    bool plain = false;
                    for (size_t k = 0; k < sizeof prose / sizeof *prose; k++) plain |= !strcmp(v, prose[k]);
                    cr_assert(plain || strlen(v) < 4 || strncmp(w, v, 4), "%s: '%s' and '%s' in one breath: %s",
                              where, items[i], items[j], aloud);
                }
            }
        }
}

static inline bool vowel_start(const char *w)
{
    if (!strncasecmp(w, "one", 3) || !strncasecmp(w, "uni", 3) || !strncasecmp(w, "use", 3)) return false;
    return strchr("aeiouAEIOU", w[0]) != NULL;
}

/* The words read as written: no "..", no "a" before a vowel sound, no
 * phrase of the key's lists twice in one sentence. */
static inline void check_prose(const char *text, const char *where)
{
    cr_assert_null(strstr(text, ".."), "%s: '..' in: %s", where, text);
    /* plurals a rule gets wrong (English's, typed here) */
    static const char *const wrong[] = {"erinyeses", "remorhazs", "infantries", "funguses", "homunculuses",
                                        "armors", "onis", "hippogrives", "cyclopses", "succubuses", "krakens"};
    for (size_t k = 0; k < sizeof wrong / sizeof wrong[0]; k++)
        cr_assert_null(strstr(text, wrong[k]), "%s: '%s' in: %s", where, wrong[k], text);
    for (const char *p = text; (p = strstr(p, " a ")) != NULL; p += 3)
        cr_assert(!vowel_start(p + 3), "%s: 'a' before a vowel in: %s", where, text);
    if (!strncmp(text, "A ", 2)) cr_assert(!vowel_start(text + 2), "%s: %s", where, text);
    /* a phrase of four words never twice in one sentence */
    char sentence[1024];
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '.');
        size_t n = end ? (size_t)(end - s) : strlen(s);
        if (n >= sizeof sentence) n = sizeof sentence - 1;
        memcpy(sentence, s, n);
        sentence[n] = '\0';
        for (char *w = sentence; *w; w++) {
            if (w != sentence && w[-1] != ' ') continue;
            char *e = w;
            for (int words = 0; *e && words < 4; e++)
                if (e[1] == ' ' || e[1] == '\0') words++;
            size_t len = (size_t)(e - w);
            if (!*e && len < 8) break;
            for (char *q = strchr(w + 1, ' '); q; q = strchr(q + 1, ' '))
                cr_assert(strncmp(q + 1, w, len) != 0 || ((q + 1)[len] != '\0' && (q + 1)[len] != ' ') ||
                              (size_t)(q + 1 - w) < len,
                          "%s: '%.*s' twice in: %s", where, (int)len, w, sentence);
        }
        s += n;
        while (*s == '.' || *s == ' ') s++;
    }
}

#endif
