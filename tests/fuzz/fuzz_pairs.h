/* fuzz_pairs.h -- how the option fuzz targets read their input: a copy of
 * it as a C string, cut into key=value pairs at '&' or newline. */
#ifndef FUZZ_PAIRS_H
#define FUZZ_PAIRS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PAIRS 64

/* New (free it once keys and values are no longer read): data[0..size)
 * NUL-ended, its pairs pointed at by keys[0..*n) and values[0..*n) (NULL
 * for a key without '='); at most MAX_PAIRS. NULL when out of memory. */
static inline char *fuzz_pairs(const uint8_t *data, size_t size, const char **keys, const char **values,
                               size_t *n)
{
    char *buf = malloc(size + 1);
    *n = 0;
    if (!buf) return NULL;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *p = buf, *end = buf + size;
    while (p < end && *n < MAX_PAIRS) {
        char *q = p;
        while (q < end && *q != '&' && *q != '\n') q++;
        *q = '\0';
        char *eq = strchr(p, '=');
        if (eq) *eq = '\0';
        keys[*n] = p;
        values[(*n)++] = eq ? eq + 1 : NULL;
        p = q + 1;
    }
    return buf;
}

#endif
